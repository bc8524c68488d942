/**
 * Click-to-dial (decision 075): the app posts a signed dial request to the local phone system over real HTTP, which
 * checks the signature and keeps it; a do-not-call customer, a time outside the branch's calling hours, a missing
 * number, a customer out of scope and a server without a dial URL are refused with the reason, and nothing is dialled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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
