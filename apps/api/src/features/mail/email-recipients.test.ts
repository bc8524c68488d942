/**
 * A refused recipient (decision 007): a recipient the SMTP server refuses. The server (smtp-server) refuses the
 * customer's address with 550 and accepts the office copy: the message is not 'sent', it is failed for that recipient
 * at once (a 5xx is permanent, decision 058), logged without the address, and a resend goes to the refused recipient
 * alone, with the same Message-ID. Two workers share the database (on PostgreSQL each has its own pool, as two API
 * processes would), so what one attempt learnt about the recipients is what the other's attempt starts from. PGlite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPostgres, type Db } from '../../db/client.js';
import { callHistory, emailOutbox } from '../../db/schema/index.js';
import { createTestApp, engine, type TestApp } from '../../test/harness.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { requeueFailedEmails } from './index.js';
import { insertCall } from '../../test/calls.js';
import { captureLog, queueMail, testWorker } from './test-support.js';

const CUSTOMER = 'margaret@example.com';
const OFFICE = 'office@greenacres.example';
const REFUSAL = '5.1.1 Mailbox unavailable: no such user';

let smtp: TestSmtp;
let t: TestApp;
let second: { db: Db; close(): Promise<void> };
beforeAll(async () => {
  smtp = await startTestSmtp({ refuseRecipients: { [CUSTOMER]: REFUSAL } });
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  second =
    engine === 'postgres' && t.database.url
      ? await openPostgres(t.database.url, 4)
      : { db: t.db, close: () => Promise.resolve() };
});
afterAll(async () => {
  await t.close();
  await second.close();
  await smtp.close();
});

async function outboxRow(emailId: number) {
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.emailId, emailId));
  if (!row) throw new Error(`no outbox row ${emailId}`);
  return row;
}

async function emailsent(callId: number) {
  const [call] = await t.db.select().from(callHistory).where(eq(callHistory.callId, callId));
  return call?.emailsent;
}

describe('a recipient the server refuses for good while it accepts the other', () => {
  it('fails the message at once for that recipient, logged, and a resend reaches only that recipient', async () => {
    const logA = captureLog();
    const logB = captureLog();
    // The test's clock decides when a message is due: a retry, were there one, would come without waiting a minute.
    const common = { now: t.clock.now, maxAttempts: 5 };
    const a = testWorker(t, { db: t.db, id: 'worker-a', log: logA.log, ...common });
    const b = testWorker(t, { db: second.db, id: 'worker-b', log: logB.log, ...common });
    const callId = await insertCall(t.db, { sqldbid: 18001, custNo: 1001, branchNo: 'SG101' });
    const emailId = await queueMail(t.db, t.clock.now(), { to: CUSTOMER, cc: OFFICE, callId });

    // One attempt: the office copy is delivered; the customer's 550 is permanent, so the message fails at once
    // for that recipient instead of waiting out its attempts.
    expect(await a.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    let row = await outboxRow(emailId);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      deliveredTo: OFFICE,
      refusedTo: CUSTOMER,
      sentAt: null,
    });
    expect(row.lastError).toBe(`${CUSTOMER} refused: 550 ${REFUSAL}`);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([OFFICE]);
    // The office copy shows the message as queued: to the customer, the office in copy.
    expect(smtp.received[0]?.raw).toMatch(new RegExp(`^To: ${CUSTOMER}\r?$`, 'm'));
    expect(smtp.received[0]?.raw).toMatch(new RegExp(`^Cc: ${OFFICE}\r?$`, 'm'));
    expect(logA.lines).toContainEqual({
      level: 'error',
      message: 'email failed for good',
      fields: expect.objectContaining({
        emailId,
        refusedRecipients: 1,
        deliveredRecipients: 1,
        why: 'refused permanently',
      }),
    });
    // The log line says what happened without the address (personal data stays in the outbox row).
    expect(JSON.stringify(logA.lines)).not.toContain(CUSTOMER);
    expect(JSON.stringify(logA.lines)).toContain('550');

    // Nothing asks the server again, however long one waits: the failed list shows it now.
    const rcptBefore = smtp.rcptAttempts;
    t.clock.advance(86_400);
    expect(await b.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.rcptAttempts).toBe(rcptBefore);
    expect(await emailsent(callId)).toBe(false);

    // Resend Emails: the mailbox exists now; the failed message of the day is queued again and the other worker
    // delivers it to the customer alone; the office does not get a second copy.
    smtp.refuseRecipients.clear();
    const day = { from: new Date('2026-06-15T05:00:00Z'), to: new Date('2026-06-16T05:00:00Z') };
    expect(await requeueFailedEmails(t.db, day, t.clock.now())).toEqual([emailId]);
    expect(await outboxRow(emailId)).toMatchObject({ status: 'queued', attempts: 0, refusedTo: '' });
    expect(await b.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([[OFFICE], [CUSTOMER]]);
    // The same message: the receivers' systems see one Message-ID.
    expect(smtp.received[1]?.messageId).toBe(smtp.received[0]?.messageId);
    row = await outboxRow(emailId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, refusedTo: '' });
    expect(row.deliveredTo).toBe(`${OFFICE}, ${CUSTOMER}`);
    expect(await emailsent(callId)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('resends only failed messages created in the range', async () => {
    const at = (iso: string) => new Date(iso);
    const inRange = await queueMail(t.db, at('2026-07-01T12:00:00Z'), { to: 'in@example.com' });
    const before = await queueMail(t.db, at('2026-06-30T23:59:59Z'), { to: 'before@example.com' });
    const after = await queueMail(t.db, at('2026-07-02T00:00:00Z'), { to: 'after@example.com' });
    const sent = await queueMail(t.db, at('2026-07-01T13:00:00Z'), { to: 'sent@example.com' });
    await t.db.execute(sql`
      update email_outbox set status = case when email_id = ${sent} then 'sent' else 'failed' end, attempts = 5
      where email_id in (${inRange}, ${before}, ${after}, ${sent})`);

    const range = { from: at('2026-07-01T00:00:00Z'), to: at('2026-07-02T00:00:00Z') };
    expect(await requeueFailedEmails(t.db, range, t.clock.now())).toEqual([inRange]);
    expect(await outboxRow(inRange)).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await outboxRow(inRange)).nextAttemptAt.toISOString()).toBe(t.clock.now().toISOString());
    expect(await outboxRow(before)).toMatchObject({ status: 'failed' });
    expect(await outboxRow(after)).toMatchObject({ status: 'failed' });
    expect(await outboxRow(sent)).toMatchObject({ status: 'sent' });
    // Queued again once: a second resend of the same range finds nothing failed.
    expect(await requeueFailedEmails(t.db, range, t.clock.now())).toEqual([]);
  });
});
