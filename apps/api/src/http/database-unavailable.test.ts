/**
 * A database outage answers 503 with Retry-After and words saying so, never a 500 (decision 057): a proxy then tries
 * another process, and a client may send the request again. Real PostgreSQL and node-postgres, no stand-in: the
 * app's pool reaches the server through a TCP hop the test cuts (connections refused, open ones closed), and a
 * request's backend is ended in the middle of its transaction with pg_terminate_backend (admin_shutdown, 57P01).
 * That connection's own 'error' event, were it thrown, would fail the run as an uncaught exception (and end a server
 * process): db/client.ts listens to it.
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database has no connection to lose.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rowsOf } from '../db/client.js';
import { holdCall } from '../test/calls.js';
import { createTestApp, createTestDatabase, engine, type TestApp, type TestDatabase } from '../test/harness.js';
import { until } from '../test/smtp.js';
import { startTcpForwarder, type TcpForwarder } from '../test/tcp-forwarder.js';

const UNAVAILABLE = { error: 'UNAVAILABLE', message: 'The database is unavailable; try again shortly.' };
const THORNBURY = { sqldbid: 18001, customerNo: 1001 };

describe.runIf(engine === 'postgres')('a database outage (needs a PostgreSQL server: TEST_DATABASE_URL)', () => {
  let database: TestDatabase;
  let hop: TcpForwarder;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    hop = await startTcpForwarder(database.url ?? '');
    const url = hop.through(database.url ?? '');
    const reached = await openPostgres(url, 4);
    t = await createTestApp({ database: { db: reached.db, url, close: () => reached.close() } });
    token = await t.signin('csr.franchise');
  });
  afterAll(async () => {
    await t?.close();
    await hop?.close();
    await database?.close();
  });

  /** A GET straight to the app (the harness's `call` first reaches the database itself). */
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('answers 503 with Retry-After while the server cannot be reached, and serves again once it can', async () => {
    const before = await get('/api/dashboard');
    expect(before.statusCode, before.body).toBe(200);

    await hop.cut();
    const during = await get('/api/dashboard');
    expect(during.statusCode, during.body).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.json()).toMatchObject({ ...UNAVAILABLE, requestId: during.headers['x-request-id'] });

    // The OData calls answer it in their own shape of an error.
    const odata = await get('/api/odata/GetMeasureItProperties?$top=1');
    expect(odata.statusCode, odata.body).toBe(503);
    expect(odata.json()).toMatchObject({ error: { code: 'UNAVAILABLE', message: UNAVAILABLE.message } });

    await hop.restore();
    const after = await get('/api/dashboard');
    expect(after.statusCode, after.body).toBe(200);
  });

  it('answers 503 when the connection is ended in the middle of a transaction, and keeps nothing of it', async () => {
    await holdCall(t, token, THORNBURY);
    const key = randomUUID();
    // A connection of the test's own holds the table the end of the call writes first, so its transaction waits.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table call_history in exclusive mode');
      const pending = t.call(token, {
        method: 'POST',
        url: '/api/call-center/end-call',
        payload: { idempotencyKey: key, ...THORNBURY, callType: 'Inbound', result: 'Information Only' },
      });
      let backend: number | undefined;
      await until(async () => {
        // pg_locks, not pg_stat_activity: a statement waits already while it is parsed, before the activity names it.
        const { rows } = await holder.query<{ pid: number }>(
          `select l.pid from pg_locks l join pg_class c on c.oid = l.relation
           where not l.granted and c.relname = 'call_history'`,
        );
        backend = rows[0]?.pid;
        return backend !== undefined;
      });
      await holder.query('select pg_terminate_backend($1)', [backend]);
      const answer = await pending;
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject(UNAVAILABLE);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const written = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from call_history where idempotency_key = ${key}`),
    );
    expect(written[0]?.n).toBe(0);
  });
});
