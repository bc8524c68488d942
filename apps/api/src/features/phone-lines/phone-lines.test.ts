/**
 * The phone lines (DNIS → branch, decision 081): a supervisor keeps them in the utilities scope, the number kept as
 * the customer search compares phones, one branch per number; a CSR's screen pop reads a line's branch only in the
 * CSR's own scope. Every refusal names its field and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DnisBranchResponse, PhoneLine } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const LINES = '/api/Utilities/phone-lines';
let t: TestApp;
const tok: Record<string, string> = {};

const lineCount = async () =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from phone_lines`))[0]?.n ?? 0;
const audits = async (id: number) =>
  rowsOf<{ action: string }>(
    await t.db.execute(sql`select action from audit_log where entity = 'phone-line' and entity_id = ${String(id)}
      order by audit_id`),
  ).map((r) => r.action);
const add = (token: string, payload: object) => t.call(token, { method: 'POST', url: LINES, payload });
const branchOf = async (token: string, dnis: string) =>
  (
    await t.call(token, { method: 'GET', url: `/api/telephony/dnis-branch?dnis=${encodeURIComponent(dnis)}` })
  ).json<DnisBranchResponse>();

beforeAll(async () => {
  t = await createTestApp();
  // A supervisor bound to the independent franchise of branch SG101: its utilities scope is that branch alone.
  const [row] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into users (username, first_name, last_name, password_hash, brand_id, company_id,
        role_id, sqldbid)
      select 'franchise.sup', 'Frances', 'Supervisor', password_hash, 1, 3, 2, 18001 from users where username = 'supervisor'
      returning user_id as id`),
  );
  await t.db.execute(sql`insert into user_branches (user_id, branchno) values (${row!.id}, 'SG101')`);
  await t.db.execute(sql`insert into user_applications (user_id, application_id) values (${row!.id}, 4)`);
  for (const u of ['supervisor', 'franchise.sup', 'csr.cof', 'csr.franchise']) tok[u] = await t.signin(u);
});
afterAll(async () => {
  await t.close();
});

describe('the phone lines in the utilities', () => {
  it('adds, lists, edits and deletes a line, the number kept as digits, each change audited', async () => {
    const added = await add(tok.supervisor!, { dnis: '+1 (800) 555-0100', branchNo: 'SLI010', description: 'Radio' });
    expect(added.statusCode, added.body).toBe(200);
    const line = added.json<PhoneLine>();
    expect(line).toMatchObject({ dnis: '8005550100', branchNo: 'SLI010', sqldbid: 17501, description: 'Radio' });
    const listed = (await t.call(tok.supervisor, { method: 'GET', url: LINES })).json<PhoneLine[]>();
    expect(listed.map((l) => l.dnis)).toContain('8005550100');

    const edited = await t.call(tok.supervisor, {
      method: 'PUT',
      url: `${LINES}/${line.PhoneLineId}`,
      payload: { dnis: '800.555.0100', branchNo: 'SLI012', description: 'Radio, west' },
    });
    expect(edited.json<PhoneLine>()).toMatchObject({ dnis: '8005550100', branchNo: 'SLI012', sqldbid: 17502 });

    const removed = await t.call(tok.supervisor, { method: 'DELETE', url: `${LINES}/${line.PhoneLineId}` });
    expect(removed.json()).toEqual({ ok: true, PhoneLineId: line.PhoneLineId });
    expect(await audits(line.PhoneLineId)).toEqual(['create', 'update', 'delete']);
  });

  it('gives one number one branch: the same number written otherwise is a 409 naming dnis', async () => {
    expect((await add(tok.supervisor!, { dnis: '402-555-7000', branchNo: 'SLI010' })).statusCode).toBe(200);
    const before = await lineCount();
    const again = await add(tok.supervisor!, { dnis: '1 (402) 555 7000', branchNo: 'SLI014' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'dnis: is already a phone line',
      errors: { dnis: expect.any(String) },
    });
    expect(await lineCount()).toBe(before);
  });

  it('refuses a malformed number or a missing branch with a 400 naming the field', async () => {
    const before = await lineCount();
    const word = await add(tok.supervisor!, { dnis: '800-FLOWERS', branchNo: 'SLI010' });
    expect(word.statusCode).toBe(400);
    expect(word.json<{ message: string }>().message).toMatch(/^dnis: /);
    const short = await add(tok.supervisor!, { dnis: '12', branchNo: 'SLI010' });
    expect(short.json<{ message: string }>().message).toMatch(/^dnis: /);
    const noBranch = await add(tok.supervisor!, { dnis: '8005550111', branchNo: '' });
    expect(noBranch.json<{ message: string }>().message).toMatch(/^branchNo: /);
    expect(await lineCount()).toBe(before);
  });

  it('keeps a franchise supervisor to its branch: no other branch is chosen, and others’ lines are not seen', async () => {
    const before = await lineCount();
    const elsewhere = await add(tok['franchise.sup']!, { dnis: '8005550122', branchNo: 'SLI010' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<{ message: string }>().message).toMatch(/^branchNo: /);
    expect(await lineCount()).toBe(before);

    const own = await add(tok['franchise.sup']!, { dnis: '8005550133', branchNo: 'SG101' });
    expect(own.statusCode, own.body).toBe(200);
    const cof = (await add(tok.supervisor!, { dnis: '8005550144', branchNo: 'SLI015' })).json<PhoneLine>();
    const seen = (await t.call(tok['franchise.sup'], { method: 'GET', url: LINES })).json<PhoneLine[]>();
    expect(seen.every((l) => l.branchNo === 'SG101')).toBe(true);
    for (const method of ['PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { dnis: '8005550144', branchNo: 'SG101' } : undefined;
      const answer = await t.call(tok['franchise.sup'], { method, url: `${LINES}/${cof.PhoneLineId}`, payload });
      expect(answer.statusCode).toBe(404);
    }
    expect(await audits(cof.PhoneLineId)).toEqual(['create']);
  });
});

describe("a screen pop's dialled number", () => {
  it("names the line's franchise to a CSR whose scope has the branch, and nothing to another", async () => {
    await add(tok.supervisor!, { dnis: '877-555-0150', branchNo: 'SLI016' });
    expect(await branchOf(tok['csr.cof']!, '+1 877 555 0150')).toEqual({
      franchise: expect.objectContaining({ branchNo: 'SLI016', sqldbid: 17505, designation: 'COF' }),
    });
    expect(await branchOf(tok['csr.franchise']!, '8775550150')).toEqual({ franchise: null });
    expect(await branchOf(tok['csr.cof']!, '8775550999')).toEqual({ franchise: null });
  });
});
