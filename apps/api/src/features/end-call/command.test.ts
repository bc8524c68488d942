/**
 * POST /api/call-center/end-call: every kind of ending through the whole sequence (what is written and what is
 * not), the server's own pricing, idempotency (a repeat and 20 concurrent duplicates), atomicity (a fault at
 * each step leaves nothing), scope and bad input. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { END_CALL_STEPS, type EndCallResponse } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { idOf, priceList } from '../../test/price-list.js';
import { count, END_CALL_TABLES, endHeldCall, fingerprint, firstRow, holdCallOf, postEndCall } from './test-support.js';

let t: TestApp;
let franchise: string;
let cof: string;
/** The step at which the next end-call request fails (fault injection), or null. */
let failAt: string | null = null;

beforeAll(async () => {
  t = await createTestApp({
    hooks: {
      endCallStep: (step) => {
        if (step === failAt) throw new Error(`injected fault at ${step}`);
      },
    },
  });
  [franchise, cof] = await Promise.all([t.signin('csr.franchise'), t.signin('csr.cof')]);
});
afterAll(async () => {
  await t.close();
});

const THORNBURY = { sqldbid: 18001, customerNo: 1001 };
const TABLES = [...END_CALL_TABLES, 'outbound_counts', 'customer_info_edits'];

/** End a call as the screen does, holding it first; `post` sends the request alone (refused before the lock is read). */
const end = (token: string, body: Parameters<typeof endHeldCall>[2]) => endHeldCall(t, token, body);
const post = (token: string, body: object) => postEndCall(t, token, body);
const hold = (token: string, body: Parameters<typeof holdCallOf>[2]) => holdCallOf(t, token, body);

async function thornburySale(result = 'Sale') {
  const data = await priceList(t, franchise);
  return {
    idempotencyKey: randomUUID(),
    ...THORNBURY,
    callType: 'Inbound',
    callStart: '2026-06-15 09:55:00',
    result,
    notes: 'Wants the first round after the 20th.',
    pricing: {
      serviceYear: 2026,
      selections: {
        lawnProgramId: idOf(data, 'Preferred Program'),
        additionalServiceIds: [idOf(data, 'Core Aeration')],
        offerId: data.offers.find((o) => o.description === 'Core aeration for $99')?.id,
        couponCode: 'save20',
      },
    },
  };
}

const one = <T>(query: ReturnType<typeof sql>) => firstRow<T>(t.db, query);

describe('an inbound sale', () => {
  it('writes the call, the order priced by the server, its lines, source, coupon and the email, in one go', async () => {
    const body = await thornburySale();
    const response = await end(franchise, body);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EndCallResponse>();
    expect(answer).toMatchObject({ orderStatus: 'SUBMITTED', callStatus: null, surveyId: -1, repeated: false });
    expect(answer.orderId).not.toBeNull();
    expect(answer.emailQueued).toBe(true);

    const call = await one<Record<string, unknown>>(
      sql`select call_direction, call_result, call_type, order_id, survey_id, reciept, coupon_used, coupon, csr_notes,
        totalcost::text as totalcost, salestax::text as salestax, sendemail from call_history where call_id = ${answer.callId}`,
    );
    expect(call).toMatchObject({
      call_direction: 'Incoming',
      call_result: 'Sale',
      call_type: 'Inbound',
      order_id: answer.orderId,
      survey_id: -1,
      coupon_used: '$20.00',
      coupon: 'SAVE20',
      csr_notes: 'Wants the first round after the 20th.',
      totalcost: '247.38',
      salestax: '16.72',
      sendemail: true,
    });
    expect(String(call?.reciept)).toContain('Preferred Program');
    expect(String(call?.reciept)).toContain('Total: $247.38');

    // The same numbers as POST /api/customer/quote (the pricing tests work them out): the client sent none.
    const order = await one<Record<string, unknown>>(
      sql`select order_type, order_status, source, is_prepay, sub_total::text as sub_total, tax::text as tax,
        total::text as total from orders where order_id = ${answer.orderId}`,
    );
    expect(order).toEqual({
      order_type: 'LCP',
      order_status: 'SUBMITTED',
      source: 'Call Center',
      is_prepay: true,
      sub_total: '230.66',
      tax: '16.72',
      total: '247.38',
    });
    const items = rowsOf<{ name: string; qty: number; sold: string }>(
      await t.db.execute(sql`select service_name as name, quantity as qty, extended_price_sold::text as sold
        from order_items where order_id = ${answer.orderId} order by order_item_id`),
    );
    expect(items).toEqual([
      { name: 'Preferred Program', qty: 3, sold: '136.61' },
      { name: 'Core Aeration', qty: 1, sold: '94.05' },
    ]);
    expect(
      await one(
        sql`select coupon_code, amount::text as amount from order_discounts where order_id = ${answer.orderId}`,
      ),
    ).toEqual({ coupon_code: 'SAVE20', amount: '20.00' });
    const mail = rowsOf<{ kind: string; status: string; to: string }>(
      await t.db.execute(
        sql`select kind, status, to_addresses::text as to from email_outbox where call_id = ${answer.callId}`,
      ),
    );
    expect(mail.map((m) => [m.kind, m.status])).toEqual([['end-call', 'queued']]);
    expect(await count(t.db, 'call_services', `call_id = ${answer.callId}`)).toBeGreaterThanOrEqual(2);
  });

  it('a pest program sells its initial payment (service 45) on the call but not as an order item', async () => {
    const data = await priceList(t, franchise);
    const pest = data.pestPrograms[0];
    if (!pest) throw new Error('Thornbury franchise sells no pest program');
    const response = await end(franchise, {
      idempotencyKey: randomUUID(),
      ...THORNBURY,
      callType: 'Inbound',
      result: 'Sale',
      pricing: { serviceYear: 2026, selections: { pestProgramId: pest.Id } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { orderId } = response.json<EndCallResponse>();
    const defs = rowsOf<{ d: number }>(
      await t.db.execute(sql`select service_def_id as d from order_items where order_id = ${orderId}`),
    ).map((r) => r.d);
    expect(defs).not.toContain(45);
    expect(defs.length).toBe(1);
    expect(await one(sql`select order_type from orders where order_id = ${orderId}`)).toEqual({
      order_type: 'UPSELL',
    });
  });

  it('a priced call that is not a sale keeps a pending quote (type NORMAL)', async () => {
    const body = await thornburySale('Interested Prospect');
    const response = await end(franchise, body);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EndCallResponse>();
    expect(answer.orderStatus).toBe('PENDING');
    expect(await one(sql`select order_type, order_status from orders where order_id = ${answer.orderId}`)).toEqual({
      order_type: 'NORMAL',
      order_status: 'PENDING',
    });
  });
});

describe('validation (step 1): a 400 naming the field, nothing written', () => {
  it.each([
    [
      'a $0 sale',
      { result: 'Sale', pricing: null },
      'pricing',
      'Total sale is $0.00. You must select at least one service or program.',
    ],
    ['no result', { result: '' }, 'result', null],
    ['a result of another call type', { result: 'Moved' }, 'result', null],
    ['a service call without its reason', { result: 'Service Call' }, 'serviceCallReason', null],
    [
      'a missing required survey answer',
      { result: 'Information Only', survey: { '105': 'Yes' } },
      'survey',
      'Please provide the answer to all the required fields.',
    ],
    ['an idempotency key that is not a UUID', { idempotencyKey: 'abc' }, 'idempotencyKey', null],
    ['an unknown call type', { callType: 'Telepathy' }, 'callType', null],
    ['an outbound id on an inbound call', { outboundId: 1 }, 'outboundId', null],
  ])('%s', async (_name, change, field, message) => {
    const before = await fingerprint(t.db, TABLES);
    const response = await post(franchise, {
      idempotencyKey: randomUUID(),
      ...THORNBURY,
      callType: 'Inbound',
      result: 'Information Only',
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ errors: Record<string, string>; step?: string }>();
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]).toEqual(message || expect.any(String));
    expect(body.step).toBeUndefined();
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('another franchise’s customer is not found, and nothing is written', async () => {
    const before = await fingerprint(t.db, TABLES);
    const response = await post(franchise, {
      idempotencyKey: randomUUID(),
      sqldbid: 17501,
      customerNo: 1005,
      callType: 'Inbound',
      result: 'Information Only',
    });
    expect(response.statusCode).toBe(404);
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('refuses an unauthenticated request', async () => {
    const response = await t.call(undefined, { method: 'POST', url: '/api/call-center/end-call', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('idempotency', () => {
  it('the same request twice gives one call history and one order; the repeat says so', async () => {
    const body = await thornburySale();
    const first = await end(franchise, body);
    expect(first.statusCode, first.body).toBe(200);
    const before = await fingerprint(t.db, TABLES);
    // The retry of a call already ended: its lock went with the first end.
    const second = await post(franchise, body);
    expect(second.statusCode, second.body).toBe(200);
    const a = first.json<EndCallResponse>();
    const b = second.json<EndCallResponse>();
    expect(b).toEqual({ ...a, repeated: true });
    expect(await fingerprint(t.db, TABLES)).toBe(before);
  });

  it('20 concurrent duplicates give one call history and one order', async () => {
    const body = await thornburySale();
    await hold(franchise, body);
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(franchise, body)));
    for (const r of responses) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(responses.map((r) => r.json<EndCallResponse>().callId));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => !r.json<EndCallResponse>().repeated)).toHaveLength(1);
    expect(await count(t.db, 'call_history', `idempotency_key = '${body.idempotencyKey}'`)).toBe(1);
    const [callId] = [...ids];
    expect(await count(t.db, 'orders', `call_id = ${callId}`)).toBe(1);
    expect(await count(t.db, 'email_outbox', `call_id = ${callId}`)).toBe(1);
  });

  it("another user's key is refused", async () => {
    const body = await thornburySale();
    expect((await end(franchise, body)).statusCode).toBe(200);
    const response = await post(cof, {
      ...body,
      sqldbid: 17501,
      customerNo: 1005,
      pricing: null,
      result: 'Information Only',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['idempotencyKey']);
  });
});

describe('atomicity: a fault at any step leaves nothing written', () => {
  const steps = END_CALL_STEPS.filter((s) => s !== 'validate');
  it.each(steps)('fault at %s', async (step) => {
    const body = {
      ...(await thornburySale(step === 'email' ? 'Interested Prospect - THP' : 'Sale')),
      survey: { '101': 'Lawn sign', '105': 'Yes' },
    };
    await hold(franchise, body);
    const before = await fingerprint(t.db, TABLES);
    failAt = step;
    try {
      const response = await post(franchise, body);
      expect(response.statusCode, response.body).toBe(500);
      // The step is named; what failed inside it stays in the server's log, found by the request id.
      expect(response.json<{ step: string; message: string }>()).toMatchObject({
        step,
        message: 'Something went wrong on the server.',
        requestId: expect.any(String),
      });
      expect(response.body).not.toContain('injected fault');
    } finally {
      failAt = null;
    }
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    // The failure is in the step log, written after the rollback.
    const logged = rowsOf<{ step_id: number; status: string; log: string; parameters_data: string }>(
      await t.db.execute(sql`select step_id, status, log, parameters_data from step_log
        where parameters_data like ${`%${body.idempotencyKey}%`} order by step_log_id desc limit 1`),
    );
    expect(logged[0]).toMatchObject({
      step_id: END_CALL_STEPS.indexOf(step) + 1,
      status: 'failed',
      log: `${step}: Something went wrong on the server.`,
    });
    // The same key then ends the call once (it is still held: the failed end released nothing).
    const retry = await post(franchise, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<EndCallResponse>().repeated).toBe(false);
  });
});

describe("the phone system's id of a popped call", () => {
  it('is kept on the call history, where the call is found by it; a bad one is a 400 naming it', async () => {
    const body = { ...(await thornburySale('Not Interested')), pricing: undefined, phoneCallId: 'pbx-7781' };
    const response = await end(franchise, body);
    expect(response.statusCode, response.body).toBe(200);
    const found = await one<{ call_id: number }>(
      sql`select call_id from call_history where phone_call_id = 'pbx-7781'`,
    );
    expect(found?.call_id).toBe(response.json<EndCallResponse>().callId);

    const bad = await post(franchise, { ...body, idempotencyKey: randomUUID(), phoneCallId: 'has spaces' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^phoneCallId: /);
    // A survey answer under a name that is no question id names the survey, whatever characters the name holds.
    const badKey = await post(franchise, { ...body, idempotencyKey: randomUUID(), survey: { 'Y@n.{': 'Yes' } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json<{ message: string }>().message).toBe('survey: a key must be a question id');
  });
});
