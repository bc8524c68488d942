/**
 * Two CSRs racing for one call never both get it: 50 simultaneous openers, on the engine of the run,
 * and on PostgreSQL also through two separate API processes sharing the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { DEMO_PASSWORD } from '../../db/seed/index.js';
import { createTestApp, engine, type TestApp } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';

const OPENERS = 50;
let t: TestApp;
let tokens: string[];

beforeAll(async () => {
  t = await createTestApp();
  // Fifty corporate administrators (they see every customer), with the demo password.
  await t.db.execute(sql`
    insert into users (username, first_name, last_name, email, password_hash, brand_id, company_id, role_id)
    select 'racer' || n, 'Racer', n::text, '', (select password_hash from users where username = 'admin'), 3, 1, 1
    from generate_series(1, ${OPENERS}) as n`);
  tokens = [];
  for (let n = 1; n <= OPENERS; n++) tokens.push(await t.signin(`racer${n}`, DEMO_PASSWORD));
});
afterAll(async () => {
  await t.close();
});

async function holderOf(customerNo: number): Promise<number[]> {
  return rowsOf<{ user_id: number }>(
    await t.db.execute(sql`select user_id from call_locks where sqldbid = 17501 and customer_no = ${customerNo}`),
  ).map((r) => r.user_id);
}

describe('racing for one call', () => {
  it(`exactly one of ${OPENERS} simultaneous openers wins`, async () => {
    const responses = await Promise.all(
      tokens.map((token) =>
        t.call(token, {
          method: 'POST',
          url: '/api/call-center/call-active',
          payload: { sqldbid: 17501, customerNo: 1005, callType: 'Inbound' },
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(OPENERS - 1);
    expect(await holderOf(1005)).toHaveLength(1);
  });
});

// Skipped without TEST_DATABASE_URL: PGlite is one process's database; two processes need a PostgreSQL server.
const ACROSS_PROCESSES =
  'racing across two API processes on one PostgreSQL server (needs a PostgreSQL server: TEST_DATABASE_URL)';
describe.runIf(engine === 'postgres')(ACROSS_PROCESSES, () => {
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    const url = t.database.url;
    if (!url) throw new Error('no database URL');
    // The sessions were made on the test clock; the real servers run on the real one.
    await t.db.execute(sql`update sessions set last_seen_at = now(), expires_at = now() + interval '12 hours'`);
    await t.db.execute(sql`update access_tokens set expires_at = now() + interval '12 hours'`);
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(url));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
  });

  it(`exactly one of ${OPENERS} openers spread over two processes wins`, async () => {
    const responses = await Promise.all(
      tokens.map((token, i) =>
        fetch(`${servers[i % 2]?.url}/api/call-center/call-active`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ sqldbid: 17502, customerNo: 1006, callType: 'Inbound' }),
        }),
      ),
    );
    const codes = responses.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(OPENERS - 1);
    const holders = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from call_locks where sqldbid = 17502 and customer_no = 1006`),
    );
    expect(holders[0]?.n).toBe(1);
  });
});
