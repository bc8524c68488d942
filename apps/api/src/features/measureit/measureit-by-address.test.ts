/**
 * Measurements that are not a customer's (decisions 036, 040): the branches one can be filed under (the caller's
 * scope, narrowed to those serving a zip; a bad zip is a 400 naming it), and by address and commercial lead got,
 * locked, saved and released.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { KNOWN_ADDRESSES } from '@cc/test-peers';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callRoute, LAWN, LAWN_SQFT, measurers, newRequestId } from './test-support.js';

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

  it('the local geocoder knows addresses the demo measurer may file, in several of its branches', async () => {
    const served = new Set<string>();
    for (const address of KNOWN_ADDRESSES) {
      for (const branchNo of await branchesOf(corporate, { zip: address.postcode })) served.add(branchNo);
    }
    expect(served.size).toBeGreaterThanOrEqual(5);
    expect([...served]).toEqual(expect.arrayContaining(['SG101', 'SG102']));
  });

  it('refuses a zip that is not one, naming it', async () => {
    const response = await callRoute(t, corporate, 'measureItBranches', { zip: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('zip');
  });
});

describe('by address and commercial lead', () => {
  const address = {
    branchNo: 'SG101',
    streetAddress: '412 Maple Ave',
    city: 'Naperville',
    state: 'il',
    zip: '60540-1234',
    latitude: 41.77,
    longitude: -88.15,
  };

  it('an address is made once, locked, saved and released', async () => {
    const got = await callRoute(t, franchise, 'measureItGetAddressMeasurement', address);
    expect(got.statusCode, got.body).toBe(200);
    const { measurement } = got.json();
    expect(measurement).toMatchObject({ state: 'IL', zip: '605401234', complete: false });
    const again = await callRoute(t, franchise, 'measureItGetAddressMeasurement', {
      ...address,
      streetAddress: '412 MAPLE AVE',
    });
    expect(again.json().measurement.addressMeasurementId).toBe(measurement.addressMeasurementId);
    const busy = await callRoute(t, corporate, 'measureItGetAddressMeasurement', address);
    expect(busy.statusCode).toBe(409);
    const saved = await callRoute(t, franchise, 'measureItCompleteAddressMeasurement', {
      addressMeasurementId: measurement.addressMeasurementId,
      requestId: newRequestId(),
      SquareFeet: LAWN_SQFT,
      shapes: LAWN,
    });
    expect(saved.json().measurement).toMatchObject({ SquareFeet: LAWN_SQFT, complete: true });
    const cancel = await callRoute(t, franchise, 'measureItCancelAddressMeasurement', {
      addressMeasurementId: measurement.addressMeasurementId,
    });
    expect(cancel.json()).toEqual({ released: false });
  });

  it('a commercial lead keeps its contact; its measurement reads complete', async () => {
    const got = await callRoute(t, franchise, 'measureItGetCommercialLead', {
      ...address,
      businessName: 'Acme Office Park',
    });
    expect(got.statusCode, got.body).toBe(200);
    const id = got.json().lead.commercialLeadId;
    const saved = await callRoute(t, franchise, 'measureItCompleteCommercialLead', {
      commercialLeadId: id,
      requestId: newRequestId(),
      contactName: 'Pat Office',
      contactPhone: '(630) 555-0199',
      SquareFeet: 42000,
      ExternalMeasurementSourceId: 4,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().lead).toMatchObject({ contactName: 'Pat Office', contactPhone: '6305550199', external: true });
    const read = await callRoute(t, corporate, 'measureItCommercialMeasurement', { commercialLeadId: id });
    expect(read.json()).toMatchObject({ complete: true, SquareFeet: 42000, lawnSize: 42, external: true });
    const cancelled = await callRoute(t, franchise, 'measureItCancelCommercialLead', { commercialLeadId: id });
    expect(cancelled.json()).toEqual({ released: false });
  });
});
