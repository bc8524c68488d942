/**
 * SendEndCallEmail and insertSalesforceTHPEmail: they queue the message in the outbox (once per call),
 * with the recipients of decision 007, and the worker delivers it to a real SMTP server after commit.
 * Success, scope, bad input (400, nothing queued), 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';
import { holdCall } from '../../test/calls.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startTestSmtp, until, type TestSmtp } from '../../test/smtp.js';
import { fingerprint, insertCall, request } from './test-support.js';

let t: TestApp;
let smtp: TestSmtp;
let franchise: string;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_WORKER: 'on', MAIL_POLL_SECONDS: '3600' } });
  franchise = await t.signin('csr.franchise');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const END_CALL = '/api/CurrentCall/SendEndCallEmail';
const THP = '/api/currentcall/insertSalesforceTHPEmail';
const RECEIPT = 'Preferred Program (6 rounds)   $270.00\nTotal                          $260.62';

async function call(values: {
  custNo?: number;
  branchNo?: string;
  result?: string;
  email?: string;
  sendemail?: boolean;
}) {
  const callId = await insertCall(t.db, {
    sqldbid: 18001,
    custNo: values.custNo ?? 1001,
    branchNo: values.branchNo ?? 'SG101',
    callResult: values.result ?? 'Sale',
  });
  await t.db.execute(sql`
    update call_history set reciept = ${RECEIPT}, cust_email = ${values.email ?? ''}, sendemail = ${values.sendemail ?? true},
      csagent = 'Riley Franks', csr_notes = 'Call after 5 pm.'
    where call_id = ${callId}`);
  return callId;
}

const outbox = (emailId: number) => t.db.select().from(emailOutbox).where(eq(emailOutbox.emailId, emailId));

describe('POST /api/CurrentCall/SendEndCallEmail', () => {
  it('queues the confirmation with the receipt to the customer, office and company CC addresses in copy, and it is delivered', async () => {
    const callId = await call({ email: 'm.thornbury@example.com' });
    const response = await request(t, franchise, 'POST', END_CALL, { callId });
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ queued: boolean; emailId: number }>();
    expect(answer).toMatchObject({ queued: true, status: 'queued', reason: null });
    await until(async () => (await outbox(answer.emailId))[0]?.status === 'sent');
    const [row] = await outbox(answer.emailId);
    expect(row).toMatchObject({
      kind: 'end-call',
      toAddresses: 'm.thornbury@example.com',
      // The office, then the company config's CC addresses (Franchise Maintenance, decision 032).
      ccAddresses:
        'office@greenmeadowslawncare.example, manager@greenmeadowslawncare.example, sales@greenmeadowslawncare.example',
      callId,
      attempts: 1,
    });
    const mail = smtp.received.find((m) => new RegExp(`^X-Outbox-Id: ${answer.emailId}\r?$`, 'im').test(m.decoded));
    expect(mail?.to.sort()).toEqual([
      'm.thornbury@example.com',
      'manager@greenmeadowslawncare.example',
      'office@greenmeadowslawncare.example',
      'sales@greenmeadowslawncare.example',
    ]);
    for (const line of RECEIPT.split('\n')) expect(mail?.decoded).toContain(line);
    expect(mail?.decoded).toContain('Dear Margaret Thornbury,');
    const [stored] = rowsOf<{ emailsent: boolean }>(
      await t.db.execute(sql`select emailsent from call_history where call_id = ${callId}`),
    );
    expect(stored?.emailsent).toBe(true);

    // Sending again answers the same message: one confirmation per call.
    const again = await request(t, franchise, 'POST', END_CALL, { callId });
    expect(again.json()).toMatchObject({ queued: true, emailId: answer.emailId, status: 'sent' });
  });

  it('goes to the office (company CC addresses in copy) without a customer email; nothing when the call says not to send', async () => {
    const noEmail = await call({ custNo: 1002, branchNo: 'SG102', email: '' });
    const response = await request(t, franchise, 'POST', END_CALL, { callId: noEmail });
    const [row] = await outbox(response.json().emailId);
    expect(row).toMatchObject({
      toAddresses: 'office@greenmeadowslawncare.example',
      ccAddresses: 'manager@greenmeadowslawncare.example, sales@greenmeadowslawncare.example',
    });
    // Delivered before the next test counts the outbox: the worker's write must not land inside its count.
    await until(async () => (await outbox(response.json().emailId))[0]?.status === 'sent');

    const quiet = await call({ sendemail: false, email: 'm.thornbury@example.com' });
    const none = await request(t, franchise, 'POST', END_CALL, { callId: quiet });
    expect(none.json()).toEqual({
      queued: false,
      emailId: null,
      status: null,
      reason: 'The call is marked not to send email.',
    });
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.callId, quiet))).toHaveLength(0);
  });

  it('401; 404 outside the scope; 400 for a bad call id — nothing queued', async () => {
    const outside = await call({ custNo: 1003, branchNo: 'SG103', email: 'irene.vl@example.com' });
    const before = await fingerprint(t.db, ['email_outbox']);
    expect((await request(t, undefined, 'POST', END_CALL, { callId: outside })).statusCode).toBe(401);
    expect((await request(t, franchise, 'POST', END_CALL, { callId: outside })).statusCode).toBe(404);
    const bad = await request(t, franchise, 'POST', END_CALL, { callId: 'seven' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('callId: ');
    expect(await fingerprint(t.db, ['email_outbox'])).toBe(before);
  });
});

describe('POST /api/currentcall/insertSalesforceTHPEmail', () => {
  it('queues the THP email of an Interested Prospect - THP call to the company’s addresses', async () => {
    const callId = await call({ result: 'Interested Prospect - THP', email: 'm.thornbury@example.com' });
    const response = await request(t, franchise, 'POST', THP, { callId });
    expect(response.statusCode).toBe(200);
    const { emailId } = response.json<{ emailId: number }>();
    await until(async () => (await outbox(emailId))[0]?.status === 'sent');
    const [row] = await outbox(emailId);
    expect(row).toMatchObject({
      kind: 'thp',
      toAddresses: 'manager@greenmeadowslawncare.example, sales@greenmeadowslawncare.example',
      subject: 'Interested Prospect - THP: Margaret Thornbury (SG101)',
    });
    expect(row?.textBody).toContain("Interest in the THP program: call result 'Interested Prospect - THP'.");
    expect(row?.textBody).toContain('Company:      Green Meadows Lawn Care');
    expect(row?.textBody).toContain('Notes:  Call after 5 pm.');
    const mail = smtp.received.find((m) => new RegExp(`^X-Outbox-Id: ${emailId}\r?$`, 'im').test(m.decoded));
    expect(mail?.to.sort()).toEqual(['manager@greenmeadowslawncare.example', 'sales@greenmeadowslawncare.example']);
  });

  it('also for a Sale whose survey answers 105 Yes; refused (400) when neither holds, nothing queued', async () => {
    const callId = await call({ result: 'Sale' });
    const before = await fingerprint(t.db, ['email_outbox']);
    const refused = await request(t, franchise, 'POST', THP, { callId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "callId: the call's result is not 'Interested Prospect - THP' and its survey does not answer question 105 Yes",
    );
    expect(await fingerprint(t.db, ['email_outbox'])).toBe(before);

    // The survey is saved while the call is still going (step 5, before the update ends it), by the CSR holding it.
    await t.db.execute(sql`update call_history set call_end = null,
      csuser_id = (select user_id from users where username = 'csr.franchise') where call_id = ${callId}`);
    await holdCall(t, franchise, { sqldbid: 18001, customerNo: 1001 });
    const saved = await request(t, franchise, 'POST', '/api/CurrentCall/SaveNewCustomerSurvey', {
      callId,
      SurveyResults: {
        questions: [
          { id: 101, answer: { value: 'Lawn sign' } },
          { id: 105, answer: { value: 'Yes' } },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const response = await request(t, franchise, 'POST', THP, { callId });
    expect(response.statusCode).toBe(200);
    const [row] = await outbox(response.json().emailId);
    expect(row?.textBody).toContain('Interest in the THP program: survey question 105 answered Yes.');
  });

  it('401 and 404 outside the scope', async () => {
    const outside = await call({ custNo: 1003, branchNo: 'SG103', result: 'Interested Prospect - THP' });
    expect((await request(t, undefined, 'POST', THP, { callId: outside })).statusCode).toBe(401);
    expect((await request(t, franchise, 'POST', THP, { callId: outside })).statusCode).toBe(404);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.callId, outside))).toHaveLength(0);
  });
});
