/**
 * Only the CSR holding a call ends it (docs/decisions/021-orders-and-call-writes.md): End Call by a
 * CSR who does not hold the customer's call is 409 and writes nothing (no history, no order, no email, no step log),
 * ending the call releases its lock, and a retried End Call still answers the first result although that lock is gone.
 * Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EndCallResponse, PricingResponse } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { CALL_NOT_HELD_MESSAGE } from '../current-call/index.js';
import { count, fingerprint, holdCallOf, postEndCall } from './test-support.js';

let t: TestApp;
let franchise: string;
let corporate: string;

beforeAll(async () => {
  t = await createTestApp();
  [franchise, corporate] = await Promise.all([t.signin('csr.franchise'), t.signin('csr.corporate')]);
});
afterAll(async () => {
  await t.close();
});

const THORNBURY = { sqldbid: 18001, customerNo: 1001 };
/** Everything End Call writes, the lock and saved calls included. */
const TABLES = [
  'call_history',
  'call_services',
  'orders',
  'order_items',
  'order_discounts',
  'surveys',
  'survey_answers',
  'email_outbox',
  'customer_info_edits',
  'step_log',
  'call_locks',
  'saved_calls',
];

async function sale() {
  const response = await t.call(franchise, {
    method: 'POST',
    url: '/api/customer/pricing',
    payload: { ...THORNBURY, zip: '60540', size: 8.5, pricingYear: 2026 },
  });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json<PricingResponse>();
  const preferred = data.lawnPrograms.find((p) => p.ServiceName === 'Preferred Program');
  if (!preferred) throw new Error('no Preferred Program');
  return {
    idempotencyKey: randomUUID(),
    ...THORNBURY,
    callType: 'Inbound',
    result: 'Sale',
    sendEmail: true,
    survey: { '101': 'Lawn sign', '105': 'Yes' },
    pricing: { serviceYear: 2026, selections: { lawnProgramId: preferred.Id } },
  };
}

const lockHolder = async () =>
  rowsOf<{ username: string }>(
    await t.db.execute(sql`select u.username from call_locks l join users u on u.user_id = l.user_id
      where l.sqldbid = ${THORNBURY.sqldbid} and l.customer_no = ${THORNBURY.customerNo}`),
  )[0]?.username ?? null;

describe('End Call by a CSR who does not hold the call: 409, nothing written', () => {
  it.each([
    ['nobody has opened the call', () => Promise.resolve()],
    ['another CSR holds it', () => holdCallOf(t, corporate, THORNBURY)],
    [
      'the CSR left the call (released it)',
      async () => {
        await holdCallOf(t, franchise, THORNBURY);
        const left = await t.call(franchise, {
          method: 'POST',
          url: '/api/call-center/call-inactive',
          payload: { ...THORNBURY, save: false },
        });
        expect(left.statusCode, left.body).toBeLessThan(300);
      },
    ],
  ])('%s', async (_name, arrange) => {
    await t.db.execute(
      sql`delete from call_locks where sqldbid = ${THORNBURY.sqldbid} and customer_no = ${THORNBURY.customerNo}`,
    );
    await arrange();
    const holder = await lockHolder();
    const body = await sale();
    const before = await fingerprint(t.db, TABLES);
    const response = await postEndCall(t, franchise, body);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<{ message: string; step?: string }>()).toMatchObject({ message: CALL_NOT_HELD_MESSAGE });
    expect(response.json<{ step?: string }>().step).toBeUndefined();
    expect(await fingerprint(t.db, TABLES)).toBe(before);
    expect(await count(t.db, 'call_history', `idempotency_key = '${body.idempotencyKey}'`)).toBe(0);
    // Another CSR's lock is theirs still.
    expect(await lockHolder()).toBe(holder);
  });
});

describe('ending a held call', () => {
  it('releases the lock; a retry with the same key answers the first result and writes nothing', async () => {
    const body = await sale();
    await holdCallOf(t, franchise, THORNBURY);
    const first = await postEndCall(t, franchise, body);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<EndCallResponse>();
    expect(answer).toMatchObject({ orderStatus: 'SUBMITTED', emailQueued: true, thpEmailQueued: true });
    expect(await lockHolder()).toBeNull();

    const before = await fingerprint(t.db, TABLES);
    const retry = await postEndCall(t, franchise, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<EndCallResponse>()).toEqual({ ...answer, repeated: true });
    expect(await fingerprint(t.db, TABLES)).toBe(before);

    // Still the first result once another CSR has the customer's call: the retry reads, it does not end it again.
    await holdCallOf(t, corporate, THORNBURY);
    const later = await postEndCall(t, franchise, body);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<EndCallResponse>()).toEqual({ ...answer, repeated: true });
    expect(await lockHolder()).toBe('csr.corporate');
    expect(await count(t.db, 'call_history', `idempotency_key = '${body.idempotencyKey}'`)).toBe(1);
  });

  it('a new prospect (customer 0) has no lock to hold: the call ends', async () => {
    const idempotencyKey = randomUUID();
    const response = await postEndCall(t, franchise, {
      idempotencyKey,
      sqldbid: THORNBURY.sqldbid,
      customerNo: 0,
      callType: 'Inbound',
      result: 'Information Only',
      customer: { firstName: 'Pat', lastName: 'Newman', zip: '60540', lawnSize: 0.2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    // Ended, not only answered: the call is recorded for the prospect, with what the screen knew of them.
    const calls = rowsOf<{ call_id: number; cust_no: number; call_result: string; last_name: string }>(
      await t.db.execute(sql`select call_id, cust_no, call_result, customer->>'lastName' as last_name
        from call_history where idempotency_key = ${idempotencyKey}`),
    );
    expect(calls).toEqual([
      {
        call_id: response.json<EndCallResponse>().callId,
        cust_no: 0,
        call_result: 'Information Only',
        last_name: 'Newman',
      },
    ]);
  });
});
