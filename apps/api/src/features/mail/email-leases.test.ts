/**
 * Mail delivery under races (decision 007): two mail workers against a real SMTP server (smtp-server) that is slow,
 * with leases of a two seconds (MAIL_LEASE_SECONDS) so the races happen in seconds.
 *
 * - A server slower than the lease: the sender renews its lease, so the other worker never takes its message over.
 * - A lease lost in the middle of a send (another worker holds it; the database out of reach): the send is aborted
 *   before the message's data is complete, so the server takes nothing, and the message is delivered once later.
 * - A worker killed with `kill -9` in the middle of a send: its message is free within about a lease, and the live
 *   worker delivers it (before, a killed worker held up to 10 messages for 5 minutes).
 * - A worker killed after the server accepted but before the record: the message goes twice (at least once), with
 *   the same Message-ID both times so a receiver can drop the copy (decision 007).
 *
 * The first two run on PGlite and PostgreSQL; the others need a second process on the same database, PostgreSQL
 * only (TEST_DATABASE_URL). On PGlite both workers share its one connection, but their sends overlap all the same.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { openPostgres, type Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';
import { createTestApp, engine, type TestApp } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { startTestSmtp, until, type TestSmtp } from '../../test/smtp.js';
import type { MailWorker } from './index.js';
import { captureLog, queueMail, testWorker } from './test-support.js';

let smtp: TestSmtp;
let t: TestApp;
/** The second worker's database: its own pool on PostgreSQL, as another API process would have. */
let second: { db: Db; close(): Promise<void> };
const workers: MailWorker[] = [];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  second =
    engine === 'postgres' && t.database.url
      ? await openPostgres(t.database.url, 4)
      : { db: t.db, close: () => Promise.resolve() };
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill('SIGKILL')));
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  // Each test starts from a quiet server and an outbox without due messages.
  Object.assign(smtp, { delayMs: 0, rcptDelayMs: 0, received: [], dataStarted: 0 });
  await t.db.execute(sql`update email_outbox set status = 'sent' where status = 'queued'`);
});
afterAll(async () => {
  await t?.close();
  await second?.close();
  await smtp?.close();
});

function worker(db: Db, id: string, log = captureLog().log): MailWorker {
  const w = testWorker(t, { db, id, log });
  workers.push(w);
  return w;
}

async function rows(ids: number[]) {
  return t.db.select().from(emailOutbox).where(inArray(emailOutbox.emailId, ids)).orderBy(emailOutbox.emailId);
}

async function queueSome(n: number, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await queueMail(t.db, t.clock.now(), { to: `${prefix}${i}@example.com` }));
  return ids;
}

/** How many copies of each message the server accepted, by outbox id. */
function copies(ids: number[]): number[] {
  return ids.map((id) => smtp.received.filter((m) => new RegExp(`^X-Outbox-Id: ${id}\r?$`, 'im').test(m.raw)).length);
}

describe('two workers and a server slower than the lease', () => {
  it('sends each message once: the sender renews its lease while the server takes its time', async () => {
    // 5 s a message against a lease of 2 s: without renewal the other worker takes each message over, and both
    // send it. The server is slow before the data (RCPT TO): a send aborted because its process stalled past the
    // lease (a loaded machine) delivers nothing, so the count below holds on any machine, and still shows a takeover.
    smtp.rcptDelayMs = 5000;
    const ids = await queueSome(2, 'slow');
    const a = worker(t.db, 'worker-a');
    const b = worker(second.db, 'worker-b');
    a.start();
    b.start();
    await until(async () => (await rows(ids)).every((r) => r.status === 'sent'), 30_000);

    expect(copies(ids)).toEqual([1, 1]);
  });
});

describe('a lease lost in the middle of a send', () => {
  it('aborts the send before the data is complete when another worker holds the lease, and delivers once later', async () => {
    // The server answers RCPT TO only after 3 s: the data has not begun while the lease is taken away, and a renewal
    // (every third of the 2 s lease) finds it gone before then.
    smtp.rcptDelayMs = 3000;
    const [emailId] = await queueSome(1, 'stolen');
    const log = captureLog();
    const a = worker(t.db, 'worker-a', log.log);
    const { abandoned: abandonedBefore, rcptAttempts: rcptBefore } = smtp;
    const run = a.runOnce();
    await until(() => smtp.rcptAttempts > rcptBefore);
    await t.db.execute(sql`
      update email_outbox set locked_by = 'worker-elsewhere', locked_until = now() + interval '1 hour'
      where email_id = ${emailId!}`);

    expect(await run).toEqual({ sent: 0, retried: 1, failed: 0 });
    await until(() => smtp.abandoned > abandonedBefore);
    expect(smtp.dataStarted).toBe(0);
    expect(log.lines).toContainEqual(expect.objectContaining({ message: 'email send abandoned: lease lost' }));
    // Nothing recorded over the other worker's lease.
    expect((await rows([emailId!]))[0]).toMatchObject({ status: 'queued', lockedBy: 'worker-elsewhere' });

    // The other worker's lease runs out; the message is delivered once.
    await t.db.execute(sql`update email_outbox set locked_until = now() where email_id = ${emailId!}`);
    smtp.rcptDelayMs = 0;
    expect(await worker(second.db, 'worker-b').runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(copies([emailId!])).toEqual([1]);
  });

  it.runIf(engine === 'postgres')(
    'aborts the send before its lease can run out when the database is out of reach (needs a PostgreSQL server: TEST_DATABASE_URL)',
    async () => {
      // Longer than the 80 % of a lease after which the send is aborted, however late the lock comes.
      smtp.rcptDelayMs = 5000;
      const [emailId] = await queueSome(1, 'unreachable');
      const a = worker(second.db, 'worker-a');
      const holder = new pg.Client({ connectionString: t.database.url });
      await holder.connect();
      try {
        const { abandoned: abandonedBefore, rcptAttempts: rcptBefore } = smtp;
        const run = a.runOnce();
        await until(() => smtp.rcptAttempts > rcptBefore);
        // Renewals wait behind this lock as they would for a database that does not answer.
        await holder.query('begin');
        await holder.query('lock table email_outbox in exclusive mode');
        await until(() => smtp.abandoned > abandonedBefore, 5000);
        expect(smtp.dataStarted).toBe(0);
        // The connection was closed while the lease in the database still held (the renewals wait, so it is the
        // lease of the last renewal before the lock; the database runs on this machine's clock).
        const { rows: leased } = await holder.query<{ locked_until: Date }>(
          'select locked_until from email_outbox where email_id = $1',
          [emailId],
        );
        expect(smtp.abandonedAt!.getTime()).toBeLessThan(leased[0]!.locked_until.getTime());
        smtp.rcptDelayMs = 0;
        await holder.query('commit');
        // The message goes back at once, due, and the same round delivers it once.
        expect(await run).toEqual({ sent: 1, retried: 1, failed: 0 });
      } finally {
        await holder.end();
      }
      expect(copies([emailId!])).toEqual([1]);
      expect((await rows([emailId!]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    },
  );
});

const KILLED = 'a worker killed with kill -9, an API process (needs a PostgreSQL server: TEST_DATABASE_URL)';
describe.runIf(engine === 'postgres')(KILLED, () => {
  async function mailingServer(): Promise<ServerProcess> {
    const server = await startServerProcess(t.database.url, {
      env: { MAIL_WORKER: 'on', SMTP_URL: smtp.url, MAIL_LEASE_SECONDS: '2', MAIL_POLL_SECONDS: '1' },
    });
    servers.push(server);
    return server;
  }

  it('in the middle of a send: its message is free within seconds and the live worker delivers each once', async () => {
    const server = await mailingServer();
    smtp.rcptDelayMs = 5000;
    const rcptBefore = smtp.rcptAttempts;
    const ids = await queueSome(3, 'killed');
    await until(() => smtp.rcptAttempts > rcptBefore);
    // One message at a time is claimed: the other two wait under nobody's lease.
    expect((await rows(ids)).filter((r) => r.lockedBy !== null)).toHaveLength(1);
    await server.kill('SIGKILL');
    const killedAt = Date.now();
    smtp.rcptDelayMs = 0;

    const live = worker(second.db, 'worker-live');
    live.start();
    await until(async () => (await rows(ids)).every((r) => r.status === 'sent'), 15_000);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(copies(ids)).toEqual([1, 1, 1]);
    // Only the message in the middle of its send was claimed by the killed worker (once), the others were free.
    const attempts = (await rows(ids)).map((r) => r.attempts);
    expect(attempts.filter((n) => n === 2)).toHaveLength(1);
    expect(attempts.filter((n) => n === 1)).toHaveLength(2);
  });

  it('after the server accepted, before the record: sent again, with the same Message-ID', async () => {
    const server = await mailingServer();
    // The server has the whole message and takes 3 s to say so: the process dies in between.
    smtp.delayMs = 3000;
    const completedBefore = smtp.dataCompleted;
    const [emailId] = await queueSome(1, 'twice');
    await until(() => smtp.dataCompleted > completedBefore);
    await server.kill('SIGKILL');
    smtp.delayMs = 0;
    await until(() => copies([emailId!])[0] === 1, 10_000);

    const live = worker(second.db, 'worker-live');
    live.start();
    await until(async () => (await rows([emailId!]))[0]?.status === 'sent', 15_000);
    expect(copies([emailId!])).toEqual([2]);
    const [first, again] = smtp.received.filter((m) => m.to[0] === 'twice0@example.com');
    expect(again?.messageId).toBe(first?.messageId);
    expect(first?.messageId).toMatch(/^<[0-9a-f-]{36}@callcentre\.local>$/);
    expect((await rows([emailId!]))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
