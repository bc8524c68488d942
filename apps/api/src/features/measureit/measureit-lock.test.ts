/**
 * The measurement lock (decision 036), decided in the database: 50 measurers opening one property
 * at once get exactly one winner, the others 409 'This property is currently being measured by another user.'; an
 * abandoned lock lapses after MEASUREIT_LOCK_SECONDS; the holder may open again (renewing it); a recently measured
 * property asks for confirmation before it is locked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MEASUREMENT_BUSY_MESSAGE, RECENTLY_MEASURED_DAYS } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callRoute, LAWN, LAWN_SQFT, measurers, newRequestId, unmeasuredCustomers } from './test-support.js';

let t: TestApp;
let racers: string[];
type Customer = { sqldbid: number; customerNo: number; branchNo: string };
let customers: Customer[];

beforeAll(async () => {
  // A lock shorter than the session's idle limit, so that the clock can pass it with the measurers still signed in.
  t = await createTestApp({ env: { MEASUREIT_LOCK_SECONDS: '300' } });
  racers = await measurers(t, 'racer', 50, { companyId: 1 });
  customers = await unmeasuredCustomers(t, sql`f.designation = 'IND'`, 4);
});
afterAll(async () => {
  await t.close();
});

const open = (token: string, c: Customer, confirm = false) =>
  callRoute(t, token, 'measureItGetProperty', { sqldbid: c.sqldbid, customerNo: c.customerNo, confirm });

describe('the measurement lock', () => {
  it('50 measurers opening one property at once: exactly one wins, the others are refused', async () => {
    const c = customers[0]!;
    const answers = await Promise.all(racers.map((token) => open(token, c)));
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners).toHaveLength(1);
    const losers = answers.filter((a) => a.statusCode !== 200);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json().message).toBe(MEASUREMENT_BUSY_MESSAGE);
    }
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from measured_properties
        where sqldbid = ${c.sqldbid} and customer_no = ${c.customerNo} and active_user_id is not null`),
    );
    expect(row?.n).toBe(1);
  });

  it('the holder opens again (renewing); an abandoned lock lapses after the configured time', async () => {
    const c = customers[1]!;
    const [holder, next] = racers as [string, string];
    expect((await open(holder, c)).statusCode).toBe(200);
    t.clock.advance(t.config.measureItLockSeconds - 60);
    expect((await open(next, c)).statusCode).toBe(409);
    const renewed = await open(holder, c);
    expect(renewed.statusCode).toBe(200);
    t.clock.advance(120);
    // Renewed a minute ago: still held.
    expect((await open(next, c)).statusCode).toBe(409);
    t.clock.advance(t.config.measureItLockSeconds);
    const taken = await open(next, c);
    expect(taken.statusCode).toBe(200);
    // The old holder's save is refused: the property is another's now.
    const id = taken.json().property.propertyId;
    const late = await callRoute(t, holder, 'measureItCompleteProperty', {
      propertyId: id,
      requestId: newRequestId(),
      SquareFeet: LAWN_SQFT,
      shapes: LAWN,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MEASUREMENT_BUSY_MESSAGE);
  });

  it('a lapsed lock nobody took since still lets its holder save', async () => {
    const c = customers[2]!;
    const [holder] = racers as [string];
    const id = (await open(holder, c)).json().property.propertyId;
    t.clock.advance(t.config.measureItLockSeconds + 60);
    const requestId = newRequestId();
    const saved = await callRoute(t, holder, 'measureItCompleteProperty', {
      propertyId: id,
      requestId,
      SquareFeet: LAWN_SQFT,
      shapes: LAWN,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Written, not only answered: the property measured and released, its history row, the customer's lawn size.
    const [property] = rowsOf<{ square_feet: string; complete: boolean; active_user_id: number | null }>(
      await t.db.execute(
        sql`select square_feet, complete, active_user_id from measured_properties where property_id = ${id}`,
      ),
    );
    expect(property).toEqual({ square_feet: expect.anything(), complete: true, active_user_id: null });
    expect(Number(property!.square_feet)).toBe(LAWN_SQFT);
    const [history] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from property_measurements
        where property_id = ${id} and request_id = ${requestId}`),
    );
    expect(history?.n).toBe(1);
    const [customer] = rowsOf<{ lawn_size: string }>(
      await t.db.execute(
        sql`select lawn_size from customers where sqldbid = ${c.sqldbid} and customer_no = ${c.customerNo}`,
      ),
    );
    expect(customer?.lawn_size).toBe('11.74');
  });
});

describe('a recently measured property asks for confirmation', () => {
  it(`within ${RECENTLY_MEASURED_DAYS} days: flagged, not locked, until opened with confirm`, async () => {
    const c = customers[3]!;
    const [first, second] = racers as [string, string];
    const id = (await open(first, c)).json().property.propertyId;
    await callRoute(t, first, 'measureItCompleteProperty', {
      propertyId: id,
      requestId: newRequestId(),
      SquareFeet: LAWN_SQFT,
      shapes: LAWN,
    });
    t.clock.advance(120);
    const asked = await open(second, c);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ recentlyMeasured: true, needsConfirmation: true, lock: null });
    const [row] = rowsOf<{ active_user_id: number | null }>(
      await t.db.execute(sql`select active_user_id from measured_properties where property_id = ${id}`),
    );
    expect(row?.active_user_id).toBeNull();
    const confirmed = await open(second, c, true);
    expect(confirmed.json()).toMatchObject({ recentlyMeasured: true, needsConfirmation: false });
    expect(confirmed.json().lock).not.toBeNull();
    await callRoute(t, second, 'measureItCancelProperty', { propertyId: id });
    // Measured longer ago than the window (the sessions would not outlive moving the clock that far).
    await t.db.execute(sql`update measured_properties
      set measurement_date = measurement_date - make_interval(days => ${RECENTLY_MEASURED_DAYS}) where property_id = ${id}`);
    expect((await open(second, c)).json()).toMatchObject({ recentlyMeasured: false, needsConfirmation: false });
  });
});
