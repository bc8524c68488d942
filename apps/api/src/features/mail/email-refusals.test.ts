/**
 * Permanent and temporary refusals (decision 058) from a real SMTP server (smtp-server): a 5xx to RCPT TO or to the
 * message's data fails that recipient, or the message, at once with the server's reply as the reason; a 4xx is
 * retried with backoff, to the recipients it concerns alone. PGlite and PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import type { MailWorker } from './index.js';
import { queueMail, testWorker } from './test-support.js';

const CUSTOMER = 'margaret@example.com';
const OFFICE = 'office@greenacres.example';

let smtp: TestSmtp;
let t: TestApp;
let worker: MailWorker;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  // Five attempts, a minute apart at first: a message failed after one attempt was not retried.
  worker = testWorker(t, { db: t.db, id: 'worker-refusals', now: t.clock.now, maxAttempts: 5 });
});
afterEach(() => {
  Object.assign(smtp, { refuse: null, refuseData: null, received: [] });
  smtp.refuseRecipients.clear();
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

async function outboxRow(emailId: number) {
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.emailId, emailId));
  if (!row) throw new Error(`no outbox row ${emailId}`);
  return row;
}

describe('a permanent refusal (5xx)', () => {
  it('of every recipient at RCPT TO fails the message at once, with the replies', async () => {
    smtp.refuse = '550 5.1.1 Mailbox unavailable: no such user';
    const emailId = await queueMail(t.db, t.clock.now(), { to: CUSTOMER, cc: OFFICE });
    const dataBefore = smtp.dataStarted;

    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const row = await outboxRow(emailId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, deliveredTo: '', refusedTo: `${CUSTOMER}, ${OFFICE}` });
    expect(row.lastError).toBe(
      [
        `${CUSTOMER} refused: 550 5.1.1 Mailbox unavailable: no such user`,
        `${OFFICE} refused: 550 5.1.1 Mailbox unavailable: no such user`,
      ].join('\n'),
    );
    expect(smtp.dataStarted).toBe(dataBefore);
  });

  it('of the message at the end of its data fails it at once, with the reply', async () => {
    smtp.refuseData = '554 5.7.1 Message rejected as spam';
    const emailId = await queueMail(t.db, t.clock.now(), { to: CUSTOMER, cc: OFFICE });

    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const row = await outboxRow(emailId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, deliveredTo: '', refusedTo: `${CUSTOMER}, ${OFFICE}` });
    expect(row.lastError).toContain('554 5.7.1 Message rejected as spam');
    t.clock.advance(3600);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });
});

describe('a temporary refusal (4xx)', () => {
  it('of the message at the end of its data is retried with backoff, and delivered when the server accepts', async () => {
    smtp.refuseData = '451 4.3.0 Temporary local problem';
    const emailId = await queueMail(t.db, t.clock.now(), { to: CUSTOMER });

    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await outboxRow(emailId);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, refusedTo: '' });
    expect(row.lastError).toContain('451 4.3.0 Temporary local problem');
    expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(60_000);

    smtp.refuseData = null;
    t.clock.advance(60);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await outboxRow(emailId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((m) => m.to)).toEqual([[CUSTOMER]]);
  });

  it('beside a 550 and an acceptance: retried to that recipient alone, then failed for the one refused for good', async () => {
    const busy = 'busy@example.com';
    smtp.refuseRecipients.set(CUSTOMER, '550 5.1.1 No such user');
    smtp.refuseRecipients.set(busy, '450 4.2.1 Mailbox busy');
    const emailId = await queueMail(t.db, t.clock.now(), { to: CUSTOMER, cc: `${OFFICE}, ${busy}` });

    // The office has it; the busy mailbox is retried; the customer's 550 is settled and not asked again.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await outboxRow(emailId);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, deliveredTo: OFFICE, refusedTo: CUSTOMER });
    expect(row.lastError).toBe(
      [`${CUSTOMER} refused: 550 5.1.1 No such user`, `${busy} refused: 450 4.2.1 Mailbox busy`].join('\n'),
    );

    // The busy mailbox accepts now: the retry goes to it alone, and the message is failed for the customer, with the
    // reply of the first attempt as its reason.
    smtp.refuseRecipients.delete(busy);
    const rcptBefore = smtp.rcptAttempts;
    t.clock.advance(60);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(smtp.rcptAttempts - rcptBefore).toBe(1);
    row = await outboxRow(emailId);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 2,
      deliveredTo: `${OFFICE}, ${busy}`,
      refusedTo: CUSTOMER,
    });
    expect(row.lastError).toBe(`${CUSTOMER} refused: 550 5.1.1 No such user`);
    expect(smtp.received.map((m) => m.to)).toEqual([[OFFICE], [busy]]);
  });
});
