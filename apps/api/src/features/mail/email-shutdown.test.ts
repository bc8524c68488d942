/**
 * Mail at shutdown (decision 058): an API process with a worker gets SIGTERM in the middle of a send, with another
 * worker ready to take over a lapsed lease (leases of two seconds, SHUTDOWN_MAIL_SECONDS of one).
 *
 * - The server has the whole message and answers late: the process keeps renewing its lease until the answer, records
 *   it, and exits; the other worker never sends it again (before, the process exited with the server still to answer,
 *   the lease lapsed, and the message went twice).
 * - The server has not got the data yet: the process closes the connection (the server has nothing to deliver), gives
 *   the message back at once, and exits; the other worker delivers it once.
 *
 * PostgreSQL only (TEST_DATABASE_URL): the test and the process share the database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPostgres, type Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';
import { createTestApp, engine, type TestApp } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { startTestSmtp, until, type TestSmtp } from '../../test/smtp.js';
import type { MailWorker } from './index.js';
import { queueMail, testWorker } from './test-support.js';

/** A server process's start takes most of a test, and tens of seconds on a loaded machine. */
const PROCESS_TEST_MS = 120_000;

const STOPPED = 'a worker stopped by SIGTERM in the middle of a send (needs a PostgreSQL server: TEST_DATABASE_URL)';
describe.runIf(engine === 'postgres')(STOPPED, () => {
  let smtp: TestSmtp;
  let t: TestApp;
  /** The other worker's own pool, as another API process would have. */
  let second: { db: Db; close(): Promise<void> };
  const servers: ServerProcess[] = [];
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    second = await openPostgres(t.database.url!, 4);
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.kill('SIGKILL')));
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    Object.assign(smtp, { delayMs: 0, rcptDelayMs: 0 });
    await t.db.execute(sql`update email_outbox set status = 'sent' where status = 'queued'`);
  });
  afterAll(async () => {
    await t?.close();
    await second?.close();
    await smtp?.close();
  });

  async function mailingServer(): Promise<ServerProcess> {
    const server = await startServerProcess(t.database.url, {
      env: {
        MAIL_WORKER: 'on',
        SMTP_URL: smtp.url,
        MAIL_LEASE_SECONDS: '2',
        MAIL_POLL_SECONDS: '1',
        SHUTDOWN_MAIL_SECONDS: '1',
        SHUTDOWN_TIMEOUT_SECONDS: '60',
      },
    });
    servers.push(server);
    return server;
  }

  function otherWorker(): MailWorker {
    const w = testWorker(t, { db: second.db, id: 'worker-other' });
    workers.push(w);
    w.start();
    return w;
  }

  async function row(emailId: number) {
    const [found] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.emailId, emailId));
    if (!found) throw new Error(`no outbox row ${emailId}`);
    return found;
  }

  const copiesTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

  it(
    'waits for the answer to a message the server has whole, records it, and it is delivered once',
    async () => {
      const server = await mailingServer();
      // The server has the whole message and answers after 6 s: three leases, and five times SHUTDOWN_MAIL_SECONDS.
      smtp.delayMs = 6000;
      const completedBefore = smtp.dataCompleted;
      const emailId = await queueMail(t.db, t.clock.now(), { to: 'whole@example.com' });
      await until(() => smtp.dataCompleted > completedBefore);
      otherWorker();

      server.child.kill('SIGTERM');
      await server.exited();
      expect(server.exitCode()).toBe(0);
      // Recorded by the process before it exited, after one attempt: nobody else had the message meanwhile.
      expect(await row(emailId)).toMatchObject({ status: 'sent', attempts: 1, lockedBy: null });
      expect(copiesTo('whole@example.com')).toBe(1);
      expect(server.output()).toContain('the server has the whole message and has not answered');
    },
    PROCESS_TEST_MS,
  );

  it(
    'aborts a send whose data has not begun, gives the message back at once, and it is delivered once',
    async () => {
      const server = await mailingServer();
      // The server answers RCPT TO after 30 s: the data has not begun when the process stops.
      smtp.rcptDelayMs = 30_000;
      const { rcptAttempts: rcptBefore, abandoned: abandonedBefore } = smtp;
      const emailId = await queueMail(t.db, t.clock.now(), { to: 'unfinished@example.com' });
      await until(() => smtp.rcptAttempts > rcptBefore);
      // Only this RCPT TO waits; the other worker's will be answered at once.
      smtp.rcptDelayMs = 0;
      otherWorker();

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await server.exited();
      expect(server.exitCode()).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(15_000);
      expect(smtp.abandoned).toBeGreaterThan(abandonedBefore);
      // Given back, not left under the stopped process's lease: free, or already the other worker's.
      expect([null, 'worker-other']).toContain((await row(emailId)).lockedBy);

      await until(async () => (await row(emailId)).status === 'sent', 10_000);
      expect(copiesTo('unfinished@example.com')).toBe(1);
      expect(await row(emailId)).toMatchObject({ status: 'sent', attempts: 2 });
    },
    PROCESS_TEST_MS,
  );
});
