/**
 * The mail worker woken by the outbox (decision 058): a message queued anywhere reaches a listening worker at its
 * commit (migration 0040's trigger NOTIFYs `cc_mail`), not at the worker's next poll. The poll interval here is a
 * minute and each message is awaited for ten seconds at most, so only the notice can deliver it in time. In one
 * process on PGlite and PostgreSQL; across two processes (the queuing one without a worker) on PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { startTestSmtp, until, type TestSmtp } from '../../test/smtp.js';
import { queueMail } from './test-support.js';

let smtp: TestSmtp;
const apps: TestApp[] = [];
const servers: ServerProcess[] = [];
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill('SIGKILL')));
  await Promise.all(apps.splice(0).map((a) => a.close()));
});
afterAll(async () => {
  await smtp?.close();
});

/** How many copies of the message to `to` the server has accepted. */
const copiesTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

/** Queue messages one after another, each awaited: the later ones can only come by a notice, the first round over. */
async function queueAndAwait(queue: (to: string) => Promise<number>, prefix: string): Promise<void> {
  for (let n = 0; n < 3; n++) {
    const to = `${prefix}${n}@example.com`;
    await queue(to);
    await until(() => copiesTo(to) === 1, 10_000);
    expect(copiesTo(to)).toBe(1);
  }
}

describe('a worker polling once a minute', () => {
  it('in the process that queued the message, without a nudge, delivers it at its commit', async () => {
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_WORKER: 'on', MAIL_POLL_SECONDS: '60' } });
    apps.push(t);
    await queueAndAwait((to) => queueMail(t.db, t.clock.now(), { to }), 'same-process');
  });

  it.runIf(engine === 'postgres')(
    'in another process, the queuing one without a worker, delivers it at its commit (needs a PostgreSQL server: TEST_DATABASE_URL)',
    async () => {
      const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_WORKER: 'off' } });
      apps.push(t);
      const server = await startServerProcess(t.database.url, {
        env: { MAIL_WORKER: 'on', SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '60' },
      });
      servers.push(server);
      const started = Date.now();
      await queueAndAwait((to) => queueMail(t.db, t.clock.now(), { to }), 'other-process');
      expect(Date.now() - started).toBeLessThan(60_000);
    },
    // A server process's start takes most of the test, and tens of seconds on a loaded machine.
    120_000,
  );
});
