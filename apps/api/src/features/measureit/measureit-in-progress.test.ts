/**
 * The measurement in progress (administration.md §2; decision 043): the caller's own lock that has
 * not lapsed, on a customer's property (sqldbid and customer number) or a neighbour's (sqldbid and property id), in
 * the caller's scope; never another user's lock, a lapsed one, a released one or one outside the caller's branches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callRoute, measurers, unmeasuredCustomers } from './test-support.js';

let t: TestApp;
let first: string;
let second: string;
let franchise: string;
let franchiseUserId: number;
type Customer = { sqldbid: number; customerNo: number; branchNo: string };
let customers: Customer[];

beforeAll(async () => {
  // A lock shorter than the session's idle limit, so that the clock can pass it with the measurers still signed in.
  t = await createTestApp({ env: { MEASUREIT_LOCK_SECONDS: '300' } });
  [first, second] = (await measurers(t, 'resume', 2, { companyId: 1 })) as [string, string];
  [franchise] = (await measurers(t, 'resumefm', 1, { companyId: 3, branches: ['SG101'] })) as [string];
  const [row] = rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from users where username = 'resumefm_1'`),
  );
  franchiseUserId = Number(row?.user_id);
  customers = await unmeasuredCustomers(t, sql`c.branchno = 'SG101'`, 3);
});
afterAll(async () => {
  await t.close();
});

const inProgress = async (token: string) => {
  const response = await callRoute(t, token, 'measureItMeasurementInProgress');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ measurement: Record<string, unknown> | null }>().measurement;
};
const open = (token: string, c: Customer) =>
  callRoute(t, token, 'measureItGetProperty', { sqldbid: c.sqldbid, customerNo: c.customerNo, confirm: true });

describe('the measurement in progress', () => {
  it('is the caller’s own live lock on a customer’s property, never another user’s; gone once released', async () => {
    expect(await inProgress(first)).toBeNull();
    const c = customers[0]!;
    const opened = await open(first, c);
    expect(opened.statusCode, opened.body).toBe(200);
    const { property, lock } = opened.json<{
      property: { propertyId: number };
      lock: { since: string; expiresAt: string };
    }>();
    expect(await inProgress(first)).toEqual({
      propertyId: property.propertyId,
      sqldbid: c.sqldbid,
      customerNo: c.customerNo,
      since: lock.since,
      expiresAt: lock.expiresAt,
    });
    // Another measurer's lock is not theirs to resume.
    expect(await inProgress(second)).toBeNull();
    const released = await callRoute(t, first, 'measureItCancelProperty', { propertyId: property.propertyId });
    expect(released.json()).toEqual({ released: true });
    expect(await inProgress(first)).toBeNull();
  });

  it('a lapsed lock is not answered; of two live ones, the one opened last', async () => {
    const [a, b] = [customers[1]!, customers[2]!];
    expect((await open(first, a)).statusCode).toBe(200);
    t.clock.advance(60);
    expect((await open(first, b)).statusCode).toBe(200);
    expect(await inProgress(first)).toMatchObject({ sqldbid: b.sqldbid, customerNo: b.customerNo });
    t.clock.advance(t.config.measureItLockSeconds - 30);
    // a's lock has lapsed, b's has not.
    expect(await inProgress(first)).toMatchObject({ customerNo: b.customerNo });
    t.clock.advance(60);
    expect(await inProgress(first)).toBeNull();
  });

  it('a neighbour’s property answers its property id and no customer number', async () => {
    const [neighbour] = rowsOf<{ property_id: number; sqldbid: number }>(
      await t.db.execute(sql`update measured_properties set active_user_id = ${franchiseUserId},
          active_since = ${t.clock.now().toISOString()}
        where property_id = (select property_id from measured_properties
          where is_neighbor and branchno = 'SG101' and active_user_id is null order by property_id limit 1)
        returning property_id, sqldbid`),
    );
    expect(await inProgress(franchise)).toMatchObject({
      propertyId: Number(neighbour?.property_id),
      sqldbid: Number(neighbour?.sqldbid),
      customerNo: null,
    });
    await t.db.execute(sql`update measured_properties set active_user_id = null, active_since = null
      where property_id = ${Number(neighbour?.property_id)}`);
  });

  it('a lock outside the caller’s branches is not answered (scope)', async () => {
    const [outside] = rowsOf<{ property_id: number }>(
      await t.db.execute(sql`update measured_properties set active_user_id = ${franchiseUserId},
          active_since = ${t.clock.now().toISOString()}
        where property_id = (select property_id from measured_properties
          where branchno <> 'SG101' and active_user_id is null order by property_id limit 1)
        returning property_id`),
    );
    expect(outside).toBeDefined();
    expect(await inProgress(franchise)).toBeNull();
  });

  it('is MeasureIt’s: a CSR without MeasureIt is refused', async () => {
    const csr = await t.signin('csr.corporate');
    const response = await callRoute(t, csr, 'measureItMeasurementInProgress');
    expect(response.statusCode).toBe(403);
  });
});
