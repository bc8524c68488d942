/**
 * Who writes a call's history (docs/decisions/021-orders-and-call-writes.md): the agent is the
 * session's user whatever the body says; only the CSR holding the call writes its history (insert, update, services,
 * survey, callback status), and an ended call (call_end set) is immutable — each refusal a 409 that writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { holdCall } from '../../test/calls.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fingerprint, listedOutbound, request } from './test-support.js';

let t: TestApp;
let franchise: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  franchise = await t.signin('csr.franchise');
  admin = await t.signin('admin');
});
afterAll(async () => {
  await t.close();
});

const MARGARET = { sqldbid: 18001, customerNo: 1001 };
const HISTORY = '/api/call-center/call-history';
const UPDATE = '/api/currentcall/updateCallHistory';
const SERVICES = '/api/CurrentCall/CustomerHistoryAdditionalServices';
const SURVEY = '/api/CurrentCall/SaveNewCustomerSurvey';
const CALLBACK = '/api/call-center/callback-status';
const CANCEL = '/api/currentcall/insertCancelCall';
const TABLES = ['call_history', 'call_services', 'surveys', 'survey_answers', 'outbound_calls'];
const NOT_HELD = 'Open this customer’s call before changing it: you do not hold it.';
const ENDED = 'This call has ended: its history can no longer be changed.';
const NOT_YOURS = 'This call was taken by another user: only they can change its history.';

/** Margaret's call as the screen starts it: open (no call_end), by csr.franchise holding the call. */
const call = {
  sqldbid: 18001,
  cust_no: 1001,
  call_type: 'Inbound',
  call_result: 'Information Only',
  call_start: '2026-06-15 09:52:10',
};
const services = (callId: number) => ({
  callId,
  AdditionalServices: [{ ServiceDefId: 310, ServiceName: 'Grub Control', FinalPrice: 89 }],
});
const survey = (callId: number) => ({
  callId,
  SurveyResults: { questions: [{ id: 101, answer: { value: 'Lawn sign' } }] },
});

async function agentOf(callId: number) {
  return rowsOf<{ csagent: string }>(
    await t.db.execute(sql`select csagent from call_history where call_id = ${callId}`),
  )[0]?.csagent;
}

/** The request is refused with 409 and this message, and nothing is written. */
async function refused(token: string, method: 'POST' | 'PUT', url: string, body: unknown, message: string) {
  const before = await fingerprint(t.db, TABLES);
  const response = await request(t, token, method, url, body);
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json().message).toBe(message);
  expect(await fingerprint(t.db, TABLES)).toBe(before);
}

async function openCall(): Promise<number> {
  await holdCall(t, franchise, MARGARET);
  const response = await request(t, franchise, 'POST', HISTORY, call);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ call_id: number }>().call_id;
}

describe('the agent comes from the session', () => {
  it('a csagent in the body is ignored on insert, update and cancel: the record names the signed-in user', async () => {
    await holdCall(t, franchise, MARGARET);
    const inserted = await request(t, franchise, 'POST', HISTORY, { ...call, csagent: 'Someone Else' });
    const callId = inserted.json<{ call_id: number }>().call_id;
    expect(await agentOf(callId)).toBe('Riley Franks');
    const update = await request(t, franchise, 'PUT', UPDATE, {
      call_id: callId,
      csagent: 'Someone Else',
      csr_notes: 'x',
    });
    expect(update.statusCode).toBe(200);
    expect(await agentOf(callId)).toBe('Riley Franks');
    const cancelled = await request(t, franchise, 'POST', CANCEL, {
      csuser_id: rowsOf<{ id: number }>(
        await t.db.execute(sql`select user_id as id from users where username = 'csr.franchise'`),
      )[0]?.id,
      csagent: 'Someone Else',
      sqldbid: 18001,
      cust_no: 1001,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await agentOf(cancelled.json<{ call_id: number }>().call_id)).toBe('Riley Franks');
  });
});

describe('only the CSR holding the call writes its history', () => {
  it('without the call lock: insert, update, services, survey and callback status are refused, nothing written', async () => {
    const callId = await openCall();
    await request(t, franchise, 'POST', '/api/call-center/call-inactive', { ...MARGARET, save: false });
    await refused(franchise, 'POST', HISTORY, call, NOT_HELD);
    await refused(franchise, 'PUT', UPDATE, { call_id: callId, csr_notes: 'after leaving' }, NOT_HELD);
    await refused(franchise, 'POST', SERVICES, services(callId), NOT_HELD);
    await refused(franchise, 'POST', SURVEY, survey(callId), NOT_HELD);
    const row = await listedOutbound(t.db, 'SG101');
    await refused(
      franchise,
      'POST',
      CALLBACK,
      { outboundId: row.outbound_id, callBackDate: '2026-06-16 09:30:00' },
      NOT_HELD,
    );
  });

  it('another user holding the customer’s call cannot write this CSR’s call', async () => {
    const callId = await openCall();
    await holdCall(t, admin, MARGARET);
    await refused(admin, 'PUT', UPDATE, { call_id: callId, csr_notes: 'not mine' }, NOT_YOURS);
    await refused(admin, 'POST', SERVICES, services(callId), NOT_YOURS);
    await refused(admin, 'POST', SURVEY, survey(callId), NOT_YOURS);
  });
});

describe('an ended call is immutable', () => {
  it('the update that sets call_end ends the call; after it every write to its history is refused', async () => {
    const callId = await openCall();
    expect((await request(t, franchise, 'POST', SERVICES, services(callId))).statusCode).toBe(200);
    const end = await request(t, franchise, 'PUT', UPDATE, { call_id: callId, call_end: '2026-06-15 10:00:00' });
    expect(end.statusCode, end.body).toBe(200);
    await refused(franchise, 'PUT', UPDATE, { call_id: callId, csr_notes: 'too late' }, ENDED);
    await refused(franchise, 'PUT', UPDATE, { call_id: callId, call_end: '2026-06-15 11:00:00' }, ENDED);
    await refused(franchise, 'POST', SERVICES, { callId, AdditionalServices: [] }, ENDED);
    await refused(franchise, 'POST', SURVEY, survey(callId), ENDED);
  });

  it('a call ended by End Call is immutable too', async () => {
    await holdCall(t, franchise, MARGARET);
    const ended = await request(t, franchise, 'POST', '/api/call-center/end-call', {
      idempotencyKey: randomUUID(),
      ...MARGARET,
      callType: 'Inbound',
      result: 'Information Only',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const callId = ended.json<{ callId: number }>().callId;
    await holdCall(t, franchise, MARGARET);
    await refused(franchise, 'PUT', UPDATE, { call_id: callId, Reciept: 'rewritten' }, ENDED);
  });
});
