/**
 * Click-to-dial (decision 075): the app posts a signed dial request to the local phone system over real HTTP, which
 * checks the signature and keeps it; a do-not-call customer, a time outside the branch's calling hours, a missing
 * number, a customer out of scope and a server without a dial URL are refused with the reason, and nothing is dialled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { startPhoneSystem, type PhoneSystem } from '@cc/test-peers';
import { DIAL_DO_NOT_CALL } from '@cc/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';

const SECRET = 'phone-system-shared-secret-for-dialling';
/** csr.cof's customer Harriet Lindgren (home 402-555-4815, no work phone), branch SLI010 in Chicago's time. */
const LINDGREN = { sqldbid: 17501, customerNo: 1005 };
/** csr.franchise's customer: out of csr.cof's scope. */
const THORNBURY = { sqldbid: 18001, customerNo: 1001 };

let t: TestApp;
let phone: PhoneSystem;
let csr: string;

const dial = (body: object) => t.call(csr, { method: 'POST', url: '/api/telephony/dial', payload: body });

beforeAll(async () => {
  phone = await startPhoneSystem({ appUrl: 'http://127.0.0.1:9', secret: SECRET });
  t = await createTestApp({ env: { TELEPHONY_SECRET: SECRET, TELEPHONY_DIAL_URL: `${phone.url}/dial` } });
  csr = await t.signin('csr.cof');
});
afterAll(async () => {
  await phone.close();
  await t.close();
});

describe('POST /api/telephony/dial', () => {
  it("posts the signed request with the CSR, the customer's number and a new callId", async () => {
    // 10:00 in Chicago.
    const response = await dial({ ...LINDGREN, phone: 'home' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ number: string; callId: string }>();
    expect(answer.number).toBe('4025554815');
    expect(phone.dials).toEqual([
      expect.objectContaining({ agent: 'csr.cof', number: '4025554815', callId: answer.callId, signed: true }),
    ]);
  });

  it('refuses with the reason, and dials nothing: do-not-call, outside calling hours, no such number, out of scope', async () => {
    const before = phone.dials.length;
    const noWork = await dial({ ...LINDGREN, phone: 'work' });
    expect(noWork.statusCode).toBe(400);
    expect(noWork.json<{ message: string }>().message).toBe('phone: the customer has no work phone');
    expect((await dial({ ...LINDGREN, phone: 'fax' })).json<{ message: string }>().message).toMatch(/^phone: /);
    expect((await dial({ ...THORNBURY, phone: 'home' })).statusCode).toBe(404);

    await t.db.execute(sql`update customers set federal_do_not_call = true
      where sqldbid = ${LINDGREN.sqldbid} and customer_no = ${LINDGREN.customerNo}`);
    const dnc = await dial({ ...LINDGREN, phone: 'home' });
    expect(dnc.statusCode).toBe(409);
    expect(dnc.json<{ message: string }>().message).toBe(DIAL_DO_NOT_CALL);
    await t.db.execute(sql`update customers set federal_do_not_call = false
      where sqldbid = ${LINDGREN.sqldbid} and customer_no = ${LINDGREN.customerNo}`);

    // 21:01 in Chicago: past the calling hours (a new sign-in: the session went idle meanwhile).
    t.clock.advance(11 * 3600 + 60);
    csr = await t.signin('csr.cof');
    const late = await dial({ ...LINDGREN, phone: 'home' });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(
      'It is 9:01 PM where the customer is (America/Chicago): numbers are dialled within calling hours, 8:00 AM to 9:00 PM.',
    );
    t.clock.advance(-(11 * 3600 + 60));
    expect(phone.dials.length).toBe(before);
  });

  it('refuses a request naming both a phone and a call, or neither, naming the field', async () => {
    for (const body of [{ ...LINDGREN }, { ...LINDGREN, phone: 'home', outboundId: 1 }]) {
      const response = await dial(body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe('phone: give either phone or outboundId');
    }
  });

  it('is unavailable without a dial URL: 503, the numbers are dialled by hand', async () => {
    const off = await createTestApp({ database: t.database, env: { TELEPHONY_SECRET: SECRET } });
    try {
      const response = await off.call(await off.signin('csr.cof'), {
        method: 'POST',
        url: '/api/telephony/dial',
        payload: { ...LINDGREN, phone: 'home' },
      });
      expect(response.statusCode).toBe(503);
    } finally {
      await off.close();
    }
  });
});

/** Next Call's dial (docs/decisions/084-next-call-dials.md): the outbound call's number, once per call. */
describe('POST /api/telephony/dial for the call Next Call opened', () => {
  let outboundId: number;
  const held = { ...LINDGREN, callType: 'Cancel' };
  const events = async () =>
    rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from telephony_events where type = 'dialled'`),
    )[0]?.n;

  beforeAll(async () => {
    const [row] = rowsOf<{ outbound_id: number }>(
      await t.db.execute(sql`insert into outbound_calls (type, call_source, branchno, sqldbid, cust_no, phone)
        values ('Cancel', 'test', 'SLI010', ${LINDGREN.sqldbid}, ${LINDGREN.customerNo}, '(402) 555-0111')
        returning outbound_id`),
    );
    outboundId = row!.outbound_id;
  });

  it('is refused unless the CSR holds the call', async () => {
    const before = phone.dials.length;
    const response = await dial({ ...LINDGREN, outboundId });
    expect(response.statusCode).toBe(409);
    expect(phone.dials.length).toBe(before);
  });

  it("dials the row's number once: asked again (a reload, Next Call again) it answers that dial", async () => {
    const open = await t.call(csr, { method: 'POST', url: '/api/call-center/call-active', payload: held });
    expect(open.statusCode, open.body).toBe(200);
    const before = phone.dials.length;
    const first = await dial({ ...LINDGREN, outboundId });
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<{ number: string; callId: string; dialledAt: string; repeated: boolean }>();
    expect(answer).toEqual({
      number: '4025550111',
      callId: answer.callId,
      dialledAt: t.clock.now().toISOString(),
      repeated: false,
    });
    expect(phone.dials.slice(before)).toEqual([
      expect.objectContaining({ agent: 'csr.cof', number: '4025550111', callId: answer.callId, signed: true }),
    ]);

    t.clock.advance(60);
    const again = await Promise.all([dial({ ...LINDGREN, outboundId }), dial({ ...LINDGREN, outboundId })]);
    for (const response of again) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ...answer, repeated: true });
    }
    expect(phone.dials.length).toBe(before + 1);

    // The call ended with an attempt counted is the next call: it dials again.
    await t.db.execute(
      sql`update outbound_calls set call_attempts = call_attempts + 1 where outbound_id = ${outboundId}`,
    );
    const next = await dial({ ...LINDGREN, outboundId });
    expect(next.json<{ repeated: boolean; callId: string }>()).toEqual(
      expect.objectContaining({ repeated: false, callId: expect.not.stringMatching(answer.callId) }),
    );
    expect(phone.dials.length).toBe(before + 2);
  });

  it("without a number on the row, the customer's first phone; a do-not-call customer is refused", async () => {
    await t.db.execute(
      sql`update outbound_calls set phone = '', call_attempts = call_attempts + 1 where outbound_id = ${outboundId}`,
    );
    const home = await dial({ ...LINDGREN, outboundId });
    expect(home.json<{ number: string }>().number).toBe('4025554815');

    await t.db.execute(
      sql`update outbound_calls set call_attempts = call_attempts + 1 where outbound_id = ${outboundId}`,
    );
    await t.db.execute(sql`update customers set federal_do_not_call = true
      where sqldbid = ${LINDGREN.sqldbid} and customer_no = ${LINDGREN.customerNo}`);
    const before = phone.dials.length;
    const dnc = await dial({ ...LINDGREN, outboundId });
    expect(dnc.statusCode).toBe(409);
    expect(dnc.json<{ message: string }>().message).toBe(DIAL_DO_NOT_CALL);
    await t.db.execute(sql`update customers set federal_do_not_call = false
      where sqldbid = ${LINDGREN.sqldbid} and customer_no = ${LINDGREN.customerNo}`);
    expect(phone.dials.length).toBe(before);
  });

  it('a call of another customer, or out of the list, is not found', async () => {
    expect((await dial({ ...THORNBURY, outboundId })).statusCode).toBe(404);
    expect((await dial({ sqldbid: LINDGREN.sqldbid, customerNo: 1006, outboundId })).statusCode).toBe(404);
  });

  it('a phone system that fails records nothing: asked again, the call is dialled', async () => {
    const failing = await createTestApp({
      database: t.database,
      env: { TELEPHONY_SECRET: SECRET, TELEPHONY_DIAL_URL: `${phone.url}/nowhere` },
    });
    try {
      await t.db.execute(
        sql`update outbound_calls set call_attempts = call_attempts + 1 where outbound_id = ${outboundId}`,
      );
      const recorded = await events();
      const response = await failing.call(csr, {
        method: 'POST',
        url: '/api/telephony/dial',
        payload: { ...LINDGREN, outboundId },
      });
      expect(response.statusCode).toBe(502);
      expect(await events()).toBe(recorded);
      const retried = await dial({ ...LINDGREN, outboundId });
      expect(retried.json<{ repeated: boolean }>().repeated).toBe(false);
      expect(await events()).toBe((recorded ?? 0) + 1);
    } finally {
      await failing.close();
    }
  });
});
