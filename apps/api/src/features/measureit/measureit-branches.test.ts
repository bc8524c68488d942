/**
 * The branches a measurement can be filed under (decision 040): the caller's scope, narrowed to the branches whose
 * service area holds a zip; a bad zip is a 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callRoute, measurers } from './test-support.js';

let t: TestApp;
let corporate: string;
let franchise: string;

beforeAll(async () => {
  t = await createTestApp();
  corporate = await t.signin('measurer');
  [franchise] = (await measurers(t, 'fb', 1, { companyId: 3, branches: ['SG101', 'SG102'] })) as [string];
});
afterAll(async () => {
  await t.close();
});

type Branches = { branches: { branchNo: string; sqldbid: number; companyName: string }[] };
const branchesOf = async (token: string, body: object) => {
  const response = await callRoute(t, token, 'measureItBranches', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Branches>().branches.map((b) => b.branchNo);
};

describe('GetBranches', () => {
  it('answers the active branches in scope: a franchise measurer gets its own only', async () => {
    const all = rowsOf<{ branchno: string }>(
      await t.db.execute(sql`select branchno from franchises where active order by branchno`),
    ).map((r) => r.branchno);
    const corporateBranches = await branchesOf(corporate, {});
    expect(corporateBranches.length).toBeGreaterThan(2);
    expect(all).toEqual(expect.arrayContaining(corporateBranches));
    expect((await branchesOf(franchise, {})).sort()).toEqual(['SG101', 'SG102']);
  });

  it('with a zip (five or nine digits), only the branches serving it, still within scope', async () => {
    const [served] = rowsOf<{ zip: string; branchno: string }>(
      await t.db.execute(sql`select zip, branchno from service_areas where branchno = 'SG101' limit 1`),
    );
    expect(served).toBeDefined();
    const serving = rowsOf<{ branchno: string }>(
      await t.db.execute(sql`select s.branchno from service_areas s join franchises f using (branchno)
        where s.zip = ${served!.zip} and f.active order by 1`),
    ).map((r) => r.branchno);
    expect((await branchesOf(corporate, { zip: `${served!.zip}-1234` })).sort()).toEqual(serving);
    expect(await branchesOf(franchise, { zip: served!.zip })).toContain('SG101');
    const [elsewhere] = rowsOf<{ zip: string }>(
      await t.db.execute(sql`select zip from service_areas where zip not in
        (select zip from service_areas where branchno in ('SG101', 'SG102')) limit 1`),
    );
    expect(await branchesOf(franchise, { zip: elsewhere!.zip })).toEqual([]);
  });

  it('refuses a zip that is not one, naming it', async () => {
    const response = await callRoute(t, corporate, 'measureItBranches', { zip: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('zip');
  });
});
