/**
 * The email outbox and its worker against a real SMTP server (smtp-server): delivery after commit with
 * the receipt, retries with backoff and failure, .eml files without SMTP, two workers on one database,
 * and a clean stop. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endCallEmail } from '@cc/domain';
import { openPostgres, type Db } from '../../db/client.js';
import { callHistory, emailOutbox } from '../../db/schema/index.js';
import { createTestApp, createTestDatabase, engine, type TestApp, type TestDatabase } from '../../test/harness.js';
import { startTestSmtp, until, type TestSmtp } from '../../test/smtp.js';
import { createMailTransport, createMailWorker, emlFileName, enqueueEmail, type MailWorker } from './index.js';

const RECEIPT = [
  'Preferred Program (6 rounds)          $270.00',
  'Call discount 10%                     -$27.00',
  'Sales tax 7.25%                        $17.62',
  'Total due                             $260.62',
].join('\n');

async function newCall(db: Db, receipt = RECEIPT): Promise<number> {
  const [row] = await db
    .insert(callHistory)
    .values({
      sqldbid: 18001,
      custNo: 1001,
      branchNo: 'SG101',
      custEmail: 'margaret@example.com',
      callDirection: 'Incoming',
      callResult: 'Sale',
      callType: 'Inbound',
      reciept: receipt,
    })
    .returning({ callId: callHistory.callId });
  if (!row) throw new Error('no call');
  return row.callId;
}

function confirmation(callId: number) {
  return endCallEmail({
    callId,
    callEnd: '2026-06-15 10:04:00',
    callResult: 'Sale',
    agent: 'Riley Franks',
    customer: {
      customerNo: 1001,
      firstName: 'Margaret',
      lastName: 'Thornbury',
      email: 'margaret@example.com',
      address: '412 Maple Ave',
      city: 'Naperville',
      state: 'IL',
      zip: '60540',
    },
    franchise: {
      sqldbid: 18001,
      branchNo: 'SG101',
      compName: 'Green Acres Lawn',
      phone: '8005551000',
      email: 'office@greenacres.example',
      address: '100 Commerce Dr, Naperville, IL',
      officeHours: 'Mon-Fri 8:00-17:00',
    },
    receipt: RECEIPT,
    orderId: 5012,
  });
}

async function queue(t: { db: Db; clock: { now(): Date } }, callId: number | null, to = 'margaret@example.com') {
  return t.db.transaction((tx) =>
    enqueueEmail(
      tx,
      { kind: 'end-call', to: [to], cc: ['office@greenacres.example'], ...confirmation(callId ?? 0), callId },
      t.clock.now(),
    ),
  );
}

async function outboxRow(db: Db, emailId: number) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.emailId, emailId));
  if (!row) throw new Error(`no outbox row ${emailId}`);
  return row;
}

describe('delivery to an SMTP server', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    // A long poll: only the nudge after commit can deliver within the test.
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_WORKER: 'on', MAIL_POLL_SECONDS: '3600' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the end-call confirmation with its receipt after commit, and marks it sent', async () => {
    const callId = await newCall(t.db);
    const queued = await queue(t, callId);
    expect(queued).toMatchObject({ created: true, status: 'queued' });
    expect(smtp.received).toHaveLength(0);
    t.app.mailWorker.nudge();
    await until(async () => (await outboxRow(t.db, queued.emailId)).status === 'sent');

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to.sort()).toEqual(['margaret@example.com', 'office@greenacres.example']);
    expect(mail.from).toBe('no-reply@callcentre.local');
    expect(mail.decoded).toContain('Subject: Green Acres Lawn: your order 5012 is confirmed');
    for (const line of RECEIPT.split('\n')) expect(mail.decoded).toContain(line);

    const row = await outboxRow(t.db, queued.emailId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedBy: null });
    expect(row.sentAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(mail.messageId).toBe(`<${row.messageId}@callcentre.local>`);
    const [call] = await t.db.select().from(callHistory).where(eq(callHistory.callId, callId));
    expect(call?.emailsent).toBe(true);
  });

  it('queues one message per call and kind: a retry answers the first one', async () => {
    const callId = await newCall(t.db);
    const first = await queue(t, callId);
    const again = await queue(t, callId);
    expect(again).toEqual({ emailId: first.emailId, created: false, status: expect.any(String) });
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.callId, callId));
    expect(rows).toHaveLength(1);
  });

  it('writes nothing when the transaction that queued the message rolls back', async () => {
    const before = (await t.db.select().from(emailOutbox)).length;
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, { kind: 'end-call', to: ['x@example.com'], subject: 's', text: 't' }, t.clock.now());
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await t.db.select().from(emailOutbox)).toHaveLength(before);
  });
});

describe('a delivery refused for now (4xx)', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp({ refuse: '450 4.2.1 Mailbox busy: try again later' });
    // The worker does not poll here: the test runs it, moving the clock between attempts.
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_SECONDS: '60', MAIL_RETRY_MAX_SECONDS: '600' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is retried with exponential backoff, then marked failed with the server’s error', async () => {
    const worker = t.app.mailWorker;
    const { emailId } = await queue(t, null, 'nobody@example.com');

    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await outboxRow(t.db, emailId);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lockedBy: null });
    expect(row.lastError).toContain('Mailbox busy: try again later');
    expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(60_000);

    // Not due yet: nothing is attempted.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.attempts).toBe(1);

    t.clock.advance(60);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await outboxRow(t.db, emailId);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(120_000);

    t.clock.advance(119);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    t.clock.advance(1);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    row = await outboxRow(t.db, emailId);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lockedBy: null, sentAt: null });
    expect(row.lastError).toContain('450');
    expect(row.lastError).toContain('Mailbox busy: try again later');
    expect(smtp.attempts).toBe(3);

    // A failed message stays failed (for the Resend Emails utility), however long one waits.
    t.clock.advance(86_400);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('a message refused once is delivered by its retry when the server accepts again', async () => {
    const { emailId } = await queue(t, null, 'later@example.com');
    expect(await t.app.mailWorker.runOnce()).toMatchObject({ retried: 1 });
    smtp.refuse = null;
    t.clock.advance(60);
    expect(await t.app.mailWorker.runOnce()).toMatchObject({ sent: 1 });
    expect(await outboxRow(t.db, emailId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((m) => m.to)).toEqual([['later@example.com', 'office@greenacres.example']]);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-mail-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const callId = await newCall(t.db);
    const { emailId } = await queue(t, callId);
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const file = path.join(dataDir, 'mail', emlFileName(emailId));
    const eml = fs.readFileSync(file, 'utf8');
    expect(eml).toMatch(/^To: margaret@example.com$/m);
    expect(eml).toMatch(/^Cc: office@greenacres.example$/m);
    expect(eml).toMatch(/^Subject: Green Acres Lawn: your order 5012 is confirmed$/m);
    expect(eml).toMatch(new RegExp(`^X-Outbox-Id: ${emailId}$`, 'im'));
    expect(eml).toContain(RECEIPT.split('\n')[0]);
    expect(await outboxRow(t.db, emailId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(fs.readdirSync(path.join(dataDir, 'mail'))).toEqual([emlFileName(emailId)]);
  });
});

describe('two workers on one database', () => {
  const MESSAGES = 40;
  let smtp: TestSmtp;
  let t: TestApp;
  let second: { db: Db; close(): Promise<void> };
  beforeAll(async () => {
    smtp = await startTestSmtp({ delayMs: 15 });
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    // On PostgreSQL the second worker has its own connection pool, as another API process would.
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

  it(`send each of ${MESSAGES} messages exactly once`, async () => {
    const ids: number[] = [];
    for (let i = 0; i < MESSAGES; i++) ids.push((await queue(t, null, `customer${i}@example.com`)).emailId);
    const make = (db: Db, id: string): MailWorker =>
      createMailWorker({
        db,
        id,
        transport: createMailTransport(t.config),
        mailFrom: t.config.mailFrom,
        now: t.clock.now,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        pollSeconds: 3600,
        maxAttempts: 3,
        retrySeconds: 60,
        retryMaxSeconds: 600,
      });
    const a = make(t.db, 'worker-a');
    const b = make(second.db, 'worker-b');
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.stop(), b.stop()]);

    expect(ra.sent + rb.sent).toBe(MESSAGES);
    expect(ra.sent).toBeGreaterThan(0);
    expect(rb.sent).toBeGreaterThan(0);
    expect(smtp.received).toHaveLength(MESSAGES);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(MESSAGES);
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(MESSAGES);
    const rows = await t.db.select().from(emailOutbox);
    const ours = rows.filter((r) => ids.includes(r.emailId));
    expect(ours.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('closing the server', () => {
  it('waits for a delivery in progress, records it, and stops polling', async () => {
    const smtp = await startTestSmtp({ delayMs: 400 });
    const database: TestDatabase = await createTestDatabase();
    try {
      const t = await createTestApp({ database, env: { SMTP_URL: smtp.url, MAIL_WORKER: 'on' } });
      const { emailId } = await queue(t, null);
      t.app.mailWorker.nudge();
      await until(() => smtp.dataStarted === 1);
      await t.app.close();
      // The message the server was accepting when close began was delivered and recorded before close returned.
      expect(smtp.received).toHaveLength(1);
      expect(await outboxRow(database.db, emailId)).toMatchObject({ status: 'sent', attempts: 1 });
      // Nothing delivers after close: the poll loop has ended (close waited for it), a nudge does nothing, and
      // asking the stopped worker to deliver what is due delivers nothing.
      const late = await queue(t, null, 'late@example.com');
      t.app.mailWorker.nudge();
      expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(await outboxRow(database.db, late.emailId)).toMatchObject({ status: 'queued', attempts: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await database.close();
      await smtp.close();
    }
  });
});
