/**
 * What the call screen reads about a customer (call-handling.md §2, §7, §9): call history
 * GET /api/customer/{sqldbid}/{customerNo}/{startDate}/{endDate}, touchpoints
 * GET /api/customer/touchpoints/{sqldbid}/{customerNo}/{start}/{end} (whole days in America/Chicago,
 * YYYY-MM-DD) and this service year's web orders GET /api/CurrentCall/CurrentServiceYearWebOrders/….
 * Dale's (18001/1002) records are replaced by known ones, so the answers are compared exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  HARRIET,
  NO_FRANCHISE,
  NOBODY,
  OUT_OF_SCOPE_FOR_FRANCHISE,
  WALTER,
  expectBadInput,
  expectSameAsMissing,
  ok,
  signinAll,
  type Sessions,
  NO_FRANCHISE_FOUND,
  NOT_FOUND,
} from './test-support.js';

let t: TestApp;
let s: Sessions;

/** The test clock is 2026-06-15 10:00 in Chicago (CDT, UTC-5). */
const CALLS = [
  // 23:30 on 14 June in Chicago, although 15 June in UTC.
  { start: '2026-06-15T04:30:00Z', end: '2026-06-15T04:41:00Z', result: 'Sale', log: 'Late call.' },
  // 00:30 on 15 June in Chicago.
  { start: '2026-06-15T05:30:00Z', end: '2026-06-15T05:36:00Z', result: 'Call Back', log: 'Early call.' },
  {
    start: '2024-03-02T17:05:00Z',
    end: '2024-03-02T17:20:00Z',
    result: 'Information Only',
    log: 'Asked about rounds.',
  },
  // Older than three years: outside the default range.
  { start: '2022-01-10T16:00:00Z', end: '2022-01-10T16:10:00Z', result: 'No Answer', log: 'Old call.' },
];

beforeAll(async () => {
  t = await createTestApp();
  s = await signinAll(t);
  await t.db.execute(sql`delete from call_history where sqldbid = 18001 and cust_no in (0, 1002)`);
  await t.db.execute(sql`delete from touchpoints where sqldbid = 18001 and customer_no in (0, 1002)`);
  await t.db.execute(sql`delete from orders where sqldbid = 18001 and customer_no in (0, 1002)`);
  for (const [i, c] of CALLS.entries()) {
    await t.db.execute(sql`
      insert into call_history (csagent, sqldbid, cust_no, branchno, call_start, call_end, call_direction, call_type,
        call_result, call_reason, package, totalcost, call_log, csr_notes, order_id)
      values ('Riley Franks', 18001, 1002, 'SG102', ${c.start}, ${c.end}, 'Incoming', 'Inbound', ${c.result},
        'Pricing question', ${i === 0 ? 'Preferred Program' : ''}, ${i === 0 ? 321.5 : 0}, ${c.log}, ${`note ${i}`},
        null)`);
  }
  // A call with customer number 0 (a cancelled new prospect) is nobody's history.
  await t.db.execute(sql`
    insert into call_history (sqldbid, cust_no, branchno, call_start, call_end, call_direction, call_type, call_result)
    values (18001, 0, 'SG103', '2026-06-01T15:00:00Z', '2026-06-01T15:00:00Z', 'Incoming', 'Inbound', 'Cancel')`);
  await t.db.execute(sql`
    insert into touchpoints (sqldbid, customer_no, touch_date, kind, description, employee, amount) values
      (18001, 1002, '2026-06-15T04:59:59Z', 'Payment', 'Payment received', 'K. Brandt', 84.25),
      (18001, 1002, '2026-06-16T05:00:00Z', 'Service Visit', 'Round 3: fertiliser and grub prevention', 'T. Alvarez', null),
      (18001, 1002, '2023-06-14T12:00:00Z', 'Letter', 'Renewal letter mailed', 'M. Osei', null),
      (18001, 0, '2026-06-01T12:00:00Z', 'Letter', 'Nobody', 'M. Osei', null)`);
  for (const [year, status, updated] of [
    [2026, 'SUBMITTED', '2026-06-10T14:00:00Z'],
    [2026, 'PENDING', '2026-06-12T20:30:00Z'],
    [2025, 'SUBMITTED', '2025-06-12T20:30:00Z'],
  ] as const) {
    const order = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        insert into orders (sqldbid, customer_no, branchno, service_year, order_type, order_status, source, title,
          created_at, updated_at)
        values (18001, 1002, 'SG102', ${year}, 'LCP', ${status}, 'Web', 'Lawn quote', ${updated}, ${updated})
        returning order_id as id`),
    )[0]?.id;
    await t.db.execute(sql`
      insert into order_items (order_id, service_def_id, service_name, rounds, unit_price, quantity, extended_price)
      values (${order}, 101, 'Preferred Program', 6, 49.95, 6, 299.70), (${order}, 310, '', 1, 89, 1, 89)`);
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/customer/{sqldbid}/{customerNo}/{startDate}/{endDate} (call history)', () => {
  const row = (i: number, start: string, end: string) => {
    const c = CALLS[i];
    return {
      call_start: start,
      call_end: end,
      csagent: 'Riley Franks',
      call_direction: 'Incoming',
      call_type: 'Inbound',
      call_result: c?.result,
      call_reason: 'Pricing question',
      package: i === 0 ? 'Preferred Program' : '',
      totalcost: i === 0 ? 321.5 : 0,
      call_log: c?.log,
      csr_notes: `note ${i}`,
      orderId: null,
    };
  };

  it('answers the calls of whole days in Chicago, newest first, in YYYY-MM-DD HH:mm:ss', async () => {
    const all = await ok<{ call_id: number }[]>(
      t,
      s['csr.franchise'],
      'GET',
      '/api/customer/18001/1002/2023-06-15/2026-06-16',
    );
    expect(all.map(({ call_id: _, ...rest }) => rest)).toEqual([
      row(1, '2026-06-15 00:30:00', '2026-06-15 00:36:00'),
      row(0, '2026-06-14 23:30:00', '2026-06-14 23:41:00'),
      row(2, '2024-03-02 11:05:00', '2024-03-02 11:20:00'),
    ]);
    expect(all.every((r) => Number.isInteger(r.call_id))).toBe(true);
    const day = await ok<{ call_result: string }[]>(
      t,
      s['csr.franchise'],
      'GET',
      '/api/customer/18001/1002/2026-06-14/2026-06-14',
    );
    expect(day.map((r) => r.call_result)).toEqual(['Sale']);
    const old = await ok<{ call_result: string }[]>(
      t,
      s['csr.franchise'],
      'GET',
      '/api/customer/18001/1002/2020-01-01/2022-12-31',
    );
    expect(old.map((r) => r.call_result)).toEqual(['No Answer']);
  });

  it('a new prospect has no history, not the calls of every new prospect', async () => {
    expect(await ok(t, s['csr.franchise'], 'GET', '/api/customer/18001/0/2020-01-01/2026-12-31')).toEqual([]);
    expect(await ok(t, s.admin, 'GET', '/api/customer/18001/0/2020-01-01/2026-12-31')).toEqual([]);
  });

  it('answers a customer outside the scope exactly as a missing one', async () => {
    for (const c of [...OUT_OF_SCOPE_FOR_FRANCHISE, { sqldbid: 18001, customerNo: WALTER.customerNo }]) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'GET',
        { url: `/api/customer/${c.sqldbid}/${c.customerNo}/2020-01-01/2026-12-31` },
        { url: `/api/customer/${c.sqldbid}/${NOBODY}/2020-01-01/2026-12-31` },
        NOT_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.franchise'],
      'GET',
      { url: '/api/customer/18002/0/2020-01-01/2026-12-31' },
      { url: `/api/customer/${NO_FRANCHISE}/0/2020-01-01/2026-12-31` },
      NO_FRANCHISE_FOUND,
    );
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'GET',
      { url: '/api/customer/18001/1002/2020-01-01/2026-12-31' },
      { url: `/api/customer/18001/${NOBODY}/2020-01-01/2026-12-31` },
      NOT_FOUND,
    );
    const harriet = await ok<unknown[]>(
      t,
      s['csr.cof'],
      'GET',
      `/api/customer/17501/${HARRIET.customerNo}/2020-01-01/2026-12-31`,
    );
    expect(Array.isArray(harriet)).toBe(true);
  });

  it('refuses bad dates with a 400 naming the field', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'GET', '/api/customer/18001/1002/2026-13-01/2026-12-31', undefined, 'startDate');
    await expectBadInput(t, f, 'GET', '/api/customer/18001/1002/2026-02-30/2026-12-31', undefined, 'startDate');
    await expectBadInput(t, f, 'GET', '/api/customer/18001/1002/2026-01-01/2026-6-1', undefined, 'endDate');
    await expectBadInput(t, f, 'GET', '/api/customer/18001/1002/2026-01-01/yesterday', undefined, 'endDate');
    await expectBadInput(t, f, 'GET', '/api/customer/18001/1002/2026-06-02/2026-06-01', undefined, 'startDate');
    await expectBadInput(t, f, 'GET', '/api/customer/18001/-1/2026-01-01/2026-06-01', undefined, 'customerNo');
  });
});

describe('GET /api/customer/touchpoints/{sqldbid}/{customerNo}/{start}/{end}', () => {
  it('answers the touchpoints of whole days in Chicago, newest first', async () => {
    expect(
      await ok(t, s['csr.franchise'], 'GET', '/api/customer/touchpoints/18001/1002/2023-06-14/2026-06-16'),
    ).toEqual([
      expect.objectContaining({
        touchDate: '2026-06-16 00:00:00',
        kind: 'Service Visit',
        description: 'Round 3: fertiliser and grub prevention',
        employee: 'T. Alvarez',
        amount: null,
      }),
      expect.objectContaining({
        touchDate: '2026-06-14 23:59:59',
        kind: 'Payment',
        description: 'Payment received',
        employee: 'K. Brandt',
        amount: 84.25,
      }),
      expect.objectContaining({ touchDate: '2023-06-14 07:00:00', kind: 'Letter', amount: null }),
    ]);
    const body = await ok<{ touchDate: string }[]>(
      t,
      s['csr.franchise'],
      'GET',
      '/api/customer/touchpoints/18001/1002/2026-06-15/2026-06-15',
    );
    expect(body).toEqual([]);
    const keys = await ok<Record<string, unknown>[]>(
      t,
      s['csr.franchise'],
      'GET',
      '/api/customer/touchpoints/18001/1002/2026-06-14/2026-06-14',
    );
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0] ?? {}).sort()).toEqual([
      'amount',
      'description',
      'employee',
      'kind',
      'touchDate',
      'touchpointId',
    ]);
    expect(await ok(t, s['csr.franchise'], 'GET', '/api/customer/touchpoints/18001/0/2020-01-01/2026-12-31')).toEqual(
      [],
    );
  });

  it('answers a customer outside the scope exactly as a missing one', async () => {
    for (const c of [...OUT_OF_SCOPE_FOR_FRANCHISE, { sqldbid: 18001, customerNo: WALTER.customerNo }]) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'GET',
        { url: `/api/customer/touchpoints/${c.sqldbid}/${c.customerNo}/2020-01-01/2026-12-31` },
        { url: `/api/customer/touchpoints/${c.sqldbid}/${NOBODY}/2020-01-01/2026-12-31` },
        NOT_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.cof'],
      'GET',
      { url: '/api/customer/touchpoints/18001/1002/2020-01-01/2026-12-31' },
      { url: `/api/customer/touchpoints/18001/${NOBODY}/2020-01-01/2026-12-31` },
      NOT_FOUND,
    );
  });

  it('refuses bad dates', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'GET', '/api/customer/touchpoints/18001/1002/2026-04-31/2026-12-31', undefined, 'start');
    await expectBadInput(t, f, 'GET', '/api/customer/touchpoints/18001/1002/2026-01-01/2026-12-32', undefined, 'end');
    await expectBadInput(t, f, 'GET', '/api/customer/touchpoints/18001/1002/2026-12-31/2026-01-01', undefined, 'start');
    await expectBadInput(t, f, 'GET', '/api/customer/touchpoints/x/1002/2026-01-01/2026-12-31', undefined, 'sqldbid');
  });
});

describe('GET /api/CurrentCall/CurrentServiceYearWebOrders/{customerNo}/{sqldbid}', () => {
  it('answers this service year’s orders, a row per line, newest first', async () => {
    const rows = await ok<Record<string, unknown>[]>(
      t,
      s['csr.franchise'],
      'GET',
      '/api/CurrentCall/CurrentServiceYearWebOrders/1002/18001',
    );
    const line = (status: string, updated: string, title: string, rounds: number, unitPrice: number) => ({
      type: 'LCP',
      status,
      title,
      rounds,
      unitPrice,
      updated,
      source: 'Web',
    });
    expect(rows.map(({ orderNo: _o, orderItemId: _i, ...rest }) => rest)).toEqual([
      line('PENDING', '2026-06-12 15:30:00', 'Preferred Program', 6, 49.95),
      line('PENDING', '2026-06-12 15:30:00', 'Lawn quote', 1, 89),
      line('SUBMITTED', '2026-06-10 09:00:00', 'Preferred Program', 6, 49.95),
      line('SUBMITTED', '2026-06-10 09:00:00', 'Lawn quote', 1, 89),
    ]);
    expect(rows[0]?.orderNo).toBe(rows[1]?.orderNo);
    expect(await ok(t, s['csr.franchise'], 'GET', '/api/CurrentCall/CurrentServiceYearWebOrders/0/18001')).toEqual([]);
  });

  it('answers a customer outside the scope exactly as a missing one', async () => {
    for (const c of [...OUT_OF_SCOPE_FOR_FRANCHISE, { sqldbid: 18001, customerNo: WALTER.customerNo }]) {
      await expectSameAsMissing(
        t,
        s['csr.franchise'],
        'GET',
        { url: `/api/CurrentCall/CurrentServiceYearWebOrders/${c.customerNo}/${c.sqldbid}` },
        { url: `/api/CurrentCall/CurrentServiceYearWebOrders/${NOBODY}/${c.sqldbid}` },
        NOT_FOUND,
      );
    }
    await expectSameAsMissing(
      t,
      s['csr.franchise'],
      'GET',
      { url: '/api/CurrentCall/CurrentServiceYearWebOrders/0/17501' },
      { url: `/api/CurrentCall/CurrentServiceYearWebOrders/0/${NO_FRANCHISE}` },
      NO_FRANCHISE_FOUND,
    );
  });

  it('refuses bad input', async () => {
    const f = s['csr.franchise'];
    await expectBadInput(t, f, 'GET', '/api/CurrentCall/CurrentServiceYearWebOrders/x/18001', undefined, 'customerNo');
    await expectBadInput(t, f, 'GET', '/api/CurrentCall/CurrentServiceYearWebOrders/1002/-5', undefined, 'sqldbid');
  });
});
