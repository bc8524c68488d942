/**
 * The call history calls on their own: POST /api/call-center/call-history, PUT /api/currentcall/updateCallHistory
 * and POST /api/call-center/callback-status — success, scope, bad input (400, nothing changed), 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { holdCall } from '../../test/calls.js';
import { count, fingerprint, insertCall, listedOutbound, request } from './test-support.js';

let t: TestApp;
let franchise: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  franchise = await t.signin('csr.franchise');
  admin = await t.signin('admin');
  // Only the CSR holding a customer's call writes its history: csr.franchise has Margaret's call open.
  await holdCall(t, franchise, MARGARET);
});
afterAll(async () => {
  await t.close();
});

const MARGARET = { sqldbid: 18001, customerNo: 1001 };
const HISTORY = '/api/call-center/call-history';
const UPDATE = '/api/currentcall/updateCallHistory';
const CALLBACK = '/api/call-center/callback-status';

const sale = {
  sqldbid: 18001,
  cust_no: 1001,
  call_type: 'Inbound',
  call_result: 'Sale',
  csagent: 'Riley Franks',
  cust_type: 'Existing Customer',
  cust_email: 'm.thornbury@example.com',
  call_start: '2026-06-15 09:52:10',
  call_end: '2026-06-15 10:00:00',
  package: 'Preferred Program',
  applications: 6,
  appcost: 270,
  salestax: 17.62,
  taxrate: 7.25,
  totalcost: 260.62,
  coupon_used: '$20.00',
  coupon: 'SAVE20',
  Reciept: 'Preferred Program  $270.00\nTotal  $260.62',
  csr_notes: 'Wants the first round early.',
  customer: { firstName: 'Margaret', lastName: 'Thornbury' },
};
/** The same call inserted without its end: still open for the steps that follow (the update that sets call_end ends it). */
const { call_end: _end, ...openSale } = sale;

interface HistoryRow {
  call_id: number;
  csuser_id: number;
  branchno: string;
  call_direction: string;
  call_type: string;
  call_list: string;
  call_start: string;
  call_end: string;
  appcost: string;
  totalcost: string;
  coupon_used: string;
  survey_id: number;
  offer_id: number;
  reciept: string;
  csr_notes: string;
  order_id: number | null;
  outbound_id: number | null;
  customer: unknown;
}

async function historyRow(callId: number): Promise<HistoryRow> {
  const rows = rowsOf<HistoryRow>(
    await t.db.execute(sql`
      select call_id, csuser_id, branchno, call_direction, call_type, call_list, appcost::text, totalcost::text,
             coupon_used, survey_id, offer_id, reciept, csr_notes, order_id, outbound_id, customer,
             to_char(call_start at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI:SS') as call_start,
             to_char(call_end at time zone 'America/Chicago', 'YYYY-MM-DD HH24:MI:SS') as call_end
      from call_history where call_id = ${callId}`),
  );
  const row = rows[0];
  if (!row) throw new Error(`no call ${callId}`);
  return row;
}

const userId = async (username: string) =>
  rowsOf<{ user_id: number }>(await t.db.execute(sql`select user_id from users where username = ${username}`))[0]
    ?.user_id;

describe('POST /api/call-center/call-history', () => {
  it('401 without a session', async () => {
    expect((await request(t, undefined, 'POST', HISTORY, sale)).statusCode).toBe(401);
  });

  it('inserts the record with the server deciding user, branch, direction and list', async () => {
    const response = await request(t, franchise, 'POST', HISTORY, sale);
    expect(response.statusCode).toBe(200);
    const { call_id } = response.json<{ call_id: number }>();
    const row = await historyRow(call_id);
    expect(row).toMatchObject({
      csuser_id: await userId('csr.franchise'),
      branchno: 'SG101',
      call_direction: 'Incoming',
      call_type: 'Inbound',
      call_list: '',
      call_start: '2026-06-15 09:52:10',
      call_end: '2026-06-15 10:00:00',
      appcost: '270.00',
      totalcost: '260.62',
      coupon_used: '$20.00',
      survey_id: -1,
      offer_id: 0,
      reciept: sale.Reciept,
      csr_notes: 'Wants the first round early.',
      order_id: null,
      customer: { firstName: 'Margaret', lastName: 'Thornbury' },
    });
  });

  it('a new prospect belongs to the franchise’s branch in scope; an outbound call is Outgoing on its list', async () => {
    const prospect = await request(t, franchise, 'POST', HISTORY, {
      sqldbid: 18001,
      cust_no: 0,
      call_type: 'Inbound',
      call_result: 'Interested Prospect',
    });
    expect(prospect.statusCode).toBe(200);
    expect(await historyRow(prospect.json().call_id)).toMatchObject({ branchno: 'SG101', coupon_used: 'None' });

    const row = await listedOutbound(t.db, 'SG102');
    await holdCall(t, franchise, { sqldbid: row.sqldbid, customerNo: row.cust_no }, 'Cancel', row.outbound_id);
    const outbound = await request(t, franchise, 'POST', HISTORY, {
      sqldbid: row.sqldbid,
      cust_no: row.cust_no,
      call_type: 'Cancel',
      call_result: 'No Answer',
      outboundId: row.outbound_id,
    });
    expect(outbound.statusCode).toBe(200);
    expect(await historyRow(outbound.json().call_id)).toMatchObject({
      branchno: 'SG102',
      call_direction: 'Outgoing',
      call_list: 'Cancel Calls',
      outbound_id: row.outbound_id,
    });
  });

  it('a retry with the same idempotency key answers the first call_id and writes nothing', async () => {
    const body = { ...sale, idempotencyKey: 'end-call-key-0001' };
    const first = await request(t, franchise, 'POST', HISTORY, body);
    const before = await count(t.db, 'call_history');
    const again = await Promise.all([1, 2, 3].map(() => request(t, franchise, 'POST', HISTORY, body)));
    for (const r of again) expect(r.json()).toEqual(first.json());
    expect(await count(t.db, 'call_history')).toBe(before);
    // Another user cannot reuse someone's key.
    const other = await request(t, admin, 'POST', HISTORY, body);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('idempotencyKey: is already used by another call');
  });

  it('refuses customers, franchises and outbound rows outside the scope (404/400), writing nothing', async () => {
    const before = await count(t.db, 'call_history');
    const other = await request(t, franchise, 'POST', HISTORY, { ...sale, cust_no: 1003 });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Customer Not Found.');
    const franchiseOutside = await request(t, franchise, 'POST', HISTORY, { ...sale, sqldbid: 18002, cust_no: 0 });
    expect(franchiseOutside.statusCode).toBe(404);
    const row = await listedOutbound(t.db, 'SG103');
    const outbound = await request(t, franchise, 'POST', HISTORY, {
      ...sale,
      call_type: 'Cancel',
      call_result: 'No Answer',
      outboundId: row.outbound_id,
    });
    expect(outbound.statusCode).toBe(400);
    expect(outbound.json().message).toBe('outboundId: is not a call of this franchise in your scope');
    expect(await count(t.db, 'call_history')).toBe(before);
  });

  it.each([
    [{ call_result: 'Survey Complete' }, "call_result: 'Survey Complete' is not a result of Inbound Calls calls"],
    [{ call_direction: 'Outgoing' }, 'call_direction: must be Incoming for Inbound Calls'],
    [{ call_end: '2026-06-15 09:00:00' }, 'call_end: must not be before call_start'],
    [{ call_start: '2026-02-30 10:00:00' }, 'call_start: is not a real date and time'],
    [{ coupon_used: 'twenty' }, "coupon_used: must be 'None' or a currency value"],
    [{ appcost: 12.345 }, 'appcost: must have at most 2 decimals'],
    [{ totalcost: -1 }, 'totalcost: cannot be negative'],
    [{ cust_email: 'not-an-email' }, 'cust_email: must be a valid email address'],
    [{ call_type: 'Telepathy' }, 'call_type: must be one of'],
    [{ csuser_id: 1 }, 'csuser_id: must be the signed-in user'],
    [{ SurveyId: 999999 }, 'SurveyId: is not a survey of this customer'],
    [{ orderId: 999999 }, 'orderId: is not an order of this customer'],
  ])('400 for %j, nothing written', async (change, message) => {
    const before = await fingerprint(t.db, ['call_history']);
    const response = await request(t, franchise, 'POST', HISTORY, { ...sale, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await fingerprint(t.db, ['call_history'])).toBe(before);
  });
});

describe('PUT /api/currentcall/updateCallHistory', () => {
  it('401 without a session', async () => {
    expect((await request(t, undefined, 'PUT', UPDATE, { call_id: 1, csr_notes: 'x' })).statusCode).toBe(401);
  });

  it('updates the receipt, notes, survey and order of a call in scope', async () => {
    const { call_id } = (await request(t, franchise, 'POST', HISTORY, openSale)).json<{ call_id: number }>();
    const [order] = rowsOf<{ order_id: number }>(
      await t.db.execute(sql`
        insert into orders (sqldbid, customer_no, branchno, service_year, order_type, order_status, created_at, updated_at)
        values (18001, 1001, 'SG101', 2026, 'LCP', 'SUBMITTED', now(), now()) returning order_id`),
    );
    const response = await request(t, franchise, 'PUT', UPDATE, {
      call_id,
      Reciept: 'New receipt',
      csr_notes: 'Changed',
      orderId: order?.order_id,
      emailsent: true,
      call_end: '2026-06-15 10:05:00',
    });
    expect(response.statusCode).toBe(200);
    expect(await historyRow(call_id)).toMatchObject({
      reciept: 'New receipt',
      csr_notes: 'Changed',
      order_id: order?.order_id,
      call_end: '2026-06-15 10:05:00',
      call_start: '2026-06-15 09:52:10',
    });
  });

  it('404 for a call outside the scope, unchanged', async () => {
    const callId = await insertCall(t.db, { sqldbid: 18001, custNo: 1003, branchNo: 'SG103' });
    const before = await fingerprint(t.db, ['call_history']);
    const response = await request(t, franchise, 'PUT', UPDATE, { call_id: callId, csr_notes: 'mine now' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Call not found.');
    expect(await fingerprint(t.db, ['call_history'])).toBe(before);
    // The administrator sees the call, but it is not theirs to change.
    expect((await request(t, admin, 'PUT', UPDATE, { call_id: callId, csr_notes: 'admin' })).statusCode).toBe(409);
  });

  it('400 for an order or survey of another customer, unchanged', async () => {
    const { call_id } = (await request(t, franchise, 'POST', HISTORY, openSale)).json<{ call_id: number }>();
    const [other] = rowsOf<{ order_id: number }>(
      await t.db.execute(sql`select order_id from orders where not (sqldbid = 18001 and customer_no = 1001) limit 1`),
    );
    const before = await fingerprint(t.db, ['call_history']);
    const order = await request(t, franchise, 'PUT', UPDATE, { call_id, orderId: other?.order_id });
    expect(order.json().message).toBe('orderId: is not an order of this customer');
    expect(await fingerprint(t.db, ['call_history'])).toBe(before);
  });

  it.each([
    [{}, 'body: names no field to update'],
    [{ call_result: 'Refused Survey' }, "call_result: 'Refused Survey' is not a result of Inbound Calls calls"],
    [{ call_direction: 'Outgoing' }, 'call_direction: must stay Incoming'],
    [{ call_end: '2026-06-15 09:00:00' }, 'call_end: must not be before call_start'],
    [{ orderId: 99999999 }, 'orderId: is not an order of this customer'],
    [{ SurveyId: -2 }, 'SurveyId: must be at least -1'],
    [{ Reciept: 42 }, 'Reciept: '],
  ])('400 for %j, nothing changed', async (change, message) => {
    const { call_id } = (await request(t, franchise, 'POST', HISTORY, openSale)).json<{ call_id: number }>();
    const before = await fingerprint(t.db, ['call_history']);
    const response = await request(t, franchise, 'PUT', UPDATE, { call_id, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await fingerprint(t.db, ['call_history'])).toBe(before);
  });
});

describe('POST /api/call-center/callback-status', () => {
  it('401 without a session', async () => {
    expect(
      (await request(t, undefined, 'POST', CALLBACK, { outboundId: 1, callBackDate: '2026-06-16 09:00:00' }))
        .statusCode,
    ).toBe(401);
  });

  it('sets status Callback, the time, the CSR and one more attempt', async () => {
    const row = await listedOutbound(t.db, 'SG101');
    await holdCall(t, franchise, { sqldbid: row.sqldbid, customerNo: row.cust_no }, 'Cancel', row.outbound_id);
    const response = await request(t, franchise, 'POST', CALLBACK, {
      outboundId: row.outbound_id,
      callBackDate: '2026-06-16 09:30:00',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      outboundId: row.outbound_id,
      callStatus: 'Callback',
      callBackDate: '2026-06-16 09:30:00',
      callAttempts: row.call_attempts + 1,
    });
    const [stored] = rowsOf<{ call_back_csr: number; call_status: string }>(
      await t.db.execute(
        sql`select call_back_csr, call_status from outbound_calls where outbound_id = ${row.outbound_id}`,
      ),
    );
    expect(stored).toEqual({ call_back_csr: await userId('csr.franchise'), call_status: 'Callback' });
  });

  it('404 for a row outside the scope, unchanged', async () => {
    const row = await listedOutbound(t.db, 'SG103');
    const before = await fingerprint(t.db, ['outbound_calls']);
    const response = await request(t, franchise, 'POST', CALLBACK, {
      outboundId: row.outbound_id,
      callBackDate: '2026-06-16 09:30:00',
    });
    expect(response.statusCode).toBe(404);
    expect(await fingerprint(t.db, ['outbound_calls'])).toBe(before);
  });

  it.each([
    [{ callBackDate: '2026-06-15 09:59:00' }, 'callBackDate: must not be in the past (America/Chicago time)'],
    [{ callBackDate: '2026-06-31 09:00:00' }, 'callBackDate: is not a real date and time'],
    [
      { callBackDate: '2026-06-16 02:00:00' },
      'callBackDate: Callbacks are made within calling hours, 8:00 AM to 9:00 PM (America/Chicago).',
    ],
    [{ callBackDate: '2026-06-16 21:30:00' }, 'callBackDate: Callbacks are made within calling hours'],
    [{ callBackDate: '16/06/2026 09:00' }, 'callBackDate: must be a time YYYY-MM-DD HH:mm:ss'],
    [{ outboundId: 0 }, 'outboundId: '],
  ])('400 for %j, unchanged', async (change, message) => {
    const row = await listedOutbound(t.db, 'SG102');
    await holdCall(t, franchise, { sqldbid: row.sqldbid, customerNo: row.cust_no }, 'Cancel', row.outbound_id);
    const before = await fingerprint(t.db, ['outbound_calls']);
    const response = await request(t, franchise, 'POST', CALLBACK, {
      outboundId: row.outbound_id,
      callBackDate: '2026-06-16 09:30:00',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await fingerprint(t.db, ['outbound_calls'])).toBe(before);
  });
});
