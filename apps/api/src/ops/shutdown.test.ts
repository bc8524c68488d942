/**
 * Graceful shutdown of the real server process (decisions 016 and 057). After SIGTERM a new connection is refused at
 * once, a request in flight is answered, a request sent on a kept-alive connection is answered (not reset) and that
 * connection then closes, and the mail worker's message in progress does not hold the shutdown. Behind nginx, during
 * a rolling restart: rolling-restart.test.ts. PostgreSQL only (TEST_DATABASE_URL): the test reads and writes the database
 * while the server runs, which the embedded database does not allow.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { DEMO_PASSWORD } from '../db/seed/index.js';
import { createTestDatabase, engine, type TestDatabase } from '../test/harness.js';
import { connect, request } from '../test/raw-http.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { startTestSmtp, until, type TestSmtp } from '../test/smtp.js';

const TITLE = 'graceful shutdown of a server process (needs a PostgreSQL server: TEST_DATABASE_URL)';
describe.runIf(engine === 'postgres')(TITLE, () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  const smtps: TestSmtp[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await Promise.all(smtps.map((s) => s.close()));
    await database?.close();
  });

  /**
   * Resolves once the server has stopped accepting connections: a fresh one is refused. A probe that still gets in
   * (the signal not yet handled) is closed at once, so it does not hold the drain.
   */
  async function refusing(server: ServerProcess): Promise<void> {
    await until(async () => {
      try {
        (await connect(server.url)).destroy();
        return false;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
      }
    });
  }

  it('refuses new connections at once, answers the request in flight and the next one on a kept-alive connection, then exits', async () => {
    // A drain far longer than the test: the process can only exit in time by seeing every connection close.
    const server = await startServerProcess(database.url, {
      env: { SHUTDOWN_DRAIN_SECONDS: '600', SHUTDOWN_TIMEOUT_SECONDS: '900' },
    });
    servers.push(server);

    const keptAlive = await connect(server.url);
    keptAlive.write(request('GET', '/healthz'));
    const first = await keptAlive.response();
    expect(first.status).toBe(200);
    expect(first.headers.connection).not.toBe('close');

    // A sign-in whose body has only partly arrived when the signal comes.
    const body = JSON.stringify({ username: 'admin', password: DEMO_PASSWORD });
    const slow = await connect(server.url);
    const half = request('POST', '/api/auth/signin', { body });
    slow.write(half.slice(0, half.length - 10));

    server.child.kill('SIGTERM');
    await refusing(server);

    // The connection a client kept is still served while the process drains: answered, then closed.
    keptAlive.write(request('GET', '/readyz'));
    const second = await keptAlive.response();
    expect(second.status).toBe(503);
    expect(JSON.parse(second.body)).toMatchObject({ status: 'draining' });
    expect(second.headers.connection).toBe('close');
    await keptAlive.ended();

    slow.write(half.slice(half.length - 10));
    const signin = await slow.response();
    expect(signin.status).toBe(200);
    expect(JSON.parse(signin.body)).toHaveProperty('token');

    await server.exited();
    expect(server.exitCode()).toBe(0);
  });

  it('does not wait for the mail worker to finish a slow message, and leaves it queued', async () => {
    // Slow before the data: a message the server has whole is waited for instead (email-shutdown.test.ts).
    const smtp = await startTestSmtp({ rcptDelayMs: 55_000 });
    smtps.push(smtp);
    const tag = crypto.randomUUID();
    for (let i = 0; i < 3; i++) {
      await database.db.execute(sql`
        insert into email_outbox (kind, to_addresses, subject, text_body, message_id, status, next_attempt_at, created_at)
        values ('thp', 'someone@example.com', ${tag}, 'body', ${`${tag}-${i}`}, 'queued', now(), now())`);
    }
    const server = await startServerProcess(database.url, {
      env: {
        MAIL_WORKER: 'on',
        SMTP_URL: smtp.url,
        SHUTDOWN_MAIL_SECONDS: '1',
        // Exiting by this bound instead would give status 1.
        SHUTDOWN_TIMEOUT_SECONDS: '40',
      },
    });
    servers.push(server);
    await until(() => smtp.rcptAttempts >= 1);

    server.child.kill('SIGTERM');
    await server.exited();
    expect(server.exitCode()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    const rows = rowsOf<{ status: string }>(
      await database.db.execute(sql`select status from email_outbox where subject = ${tag}`),
    );
    expect(rows.map((r) => r.status)).toEqual(['queued', 'queued', 'queued']);
  });
});
