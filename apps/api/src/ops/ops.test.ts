/** /healthz, /readyz and /metrics (decision 016), through app.inject on the test database. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { rowsOf, type Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import { createTestApp, engine, type TestApp } from '../test/harness.js';
import { freePort } from '../test/server-process.js';

const TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, CALL_LOCK_RELEASE_SECONDS: '600' } });
});
afterAll(async () => {
  await t.close();
});

const scrape = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** The value of one series in the exposition text (labels exactly as written), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /healthz', () => {
  it('answers 200 while the process runs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers and its migrations are current', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current' });
  });

  it('answers 503 when the newest migration this build ships is not applied', async () => {
    const [newest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.db.execute(
        sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    if (!newest) throw new Error('no migration recorded');
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', database: 'ok', migrations: 'behind' });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
      );
    }
  });

  it('answers 503 while the process drains for shutdown, and every answer then closes its connection', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'draining' });
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
    const after = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(after.headers.connection).not.toBe('close');
  });

  it('answers 503 when the database does not answer', async () => {
    // A real pool on a port where no server listens: the driver fails as it would with the server down.
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/none` });
    const db = drizzle(pool, { schema }) as unknown as Db;
    const database = { db, url: undefined, close: () => pool.end() };
    const other = await createTestApp({ database });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', database: 'unreachable', migrations: 'unknown' });
    } finally {
      await other.app.close();
      await pool.end();
    }
  });
});

describe('GET /metrics', () => {
  it('is off (404) when METRICS_TOKEN is unset', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('http_requests_total');
    } finally {
      await plain.close();
    }
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('counts and times requests by route pattern, never by raw URL', async () => {
    const series = 'http_requests_total{method="GET",route="/api/quotes/:orderId",status_code="401"}';
    const before = valueOf(await scrape(), series) ?? 0;
    for (const id of [111, 222, 333]) await t.app.inject({ method: 'GET', url: `/api/quotes/${id}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call/4444' });
    const text = await scrape();
    expect(valueOf(text, series)).toBe(before + 3);
    expect(
      valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/quotes/:orderId",status_code="401"}'),
    ).toBe(before + 3);
    expect(valueOf(text, 'http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThan(0);
    expect(text).not.toContain('/api/quotes/111');
    expect(text).not.toContain('4444');
    // Process figures come with it.
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('reports the email outbox depth and failures and the open call locks', async () => {
    const before = await scrape();
    const now = t.clock.now();
    const row = (status: string, lastError: string | null) => ({
      kind: 'thp',
      to_addresses: 'someone@example.com',
      subject: 'metrics',
      text_body: 'metrics',
      message_id: `metrics-${Math.random()}`,
      status,
      last_error: lastError,
      next_attempt_at: now.toISOString(),
      created_at: new Date(now.getTime() - 120_000).toISOString(),
    });
    for (const r of [row('queued', null), row('queued', 'server busy'), row('failed', 'refused'), row('sent', null)]) {
      await t.db.execute(sql`
        insert into email_outbox (kind, to_addresses, subject, text_body, message_id, status, last_error, next_attempt_at, created_at)
        values (${r.kind}, ${r.to_addresses}, ${r.subject}, ${r.text_body}, ${r.message_id}, ${r.status}, ${r.last_error},
                ${r.next_attempt_at}::timestamptz, ${r.created_at}::timestamptz)`);
    }
    const [user] = rowsOf<{ user_id: number }>(await t.db.execute(sql`select user_id from users limit 1`));
    const lock = (customerNo: number, heartbeatSecondsAgo: number) => {
      const at = new Date(now.getTime() - heartbeatSecondsAgo * 1000).toISOString();
      return t.db.execute(sql`
        insert into call_locks (sqldbid, customer_no, user_id, call_type, locked_at, heartbeat_at)
        values (17501, ${customerNo}, ${user?.user_id}, 'Inbound', ${at}::timestamptz, ${at}::timestamptz)`);
    };
    await lock(990001, 10);
    await lock(990002, 601); // past CALL_LOCK_RELEASE_SECONDS: no longer held
    const after = await scrape();

    const delta = (s: string) => (valueOf(after, s) ?? NaN) - (valueOf(before, s) ?? 0);
    expect(delta('callcentre_mail_outbox_messages{status="queued"}')).toBe(2);
    expect(delta('callcentre_mail_outbox_messages{status="failed"}')).toBe(1);
    expect(delta('callcentre_mail_outbox_retrying')).toBe(1);
    expect(delta('callcentre_call_locks_open')).toBe(1);
    expect(valueOf(after, 'callcentre_mail_outbox_oldest_queued_seconds')).toBeGreaterThanOrEqual(120);
    expect(valueOf(after, 'callcentre_db_scrape_ok')).toBe(1);
  });

  it.runIf(engine === 'postgres')(
    'reports the database pool: connections in use and idle, and waiting queries (needs a PostgreSQL server: TEST_DATABASE_URL)',
    async () => {
      const text = await scrape();
      expect(valueOf(text, 'callcentre_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'callcentre_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'callcentre_db_pool_waiting')).toBe(0);
    },
  );
});
