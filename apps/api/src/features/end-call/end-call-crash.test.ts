/**
 * Ending a call survives a crash (decision 010): a server killed with `kill -9` in the middle of ending a call leaves
 * no half-ended call, and the same request to a new server then ends it once. PostgreSQL only (TEST_DATABASE_URL): real
 * server processes on a database cloned from the test template.
 *
 * The server is stalled without any test hook: a separate connection holds `LOCK TABLE email_outbox IN EXCLUSIVE
 * MODE` (reads go on, writes wait), so the end-call transaction runs its steps up to the last one, queueing the
 * emails, and waits there with the call history, order, lines, coupon discount, survey and services written but
 * not committed. Once pg_stat_activity shows the server's backend waiting on that lock, the server gets SIGKILL and
 * the lock is released: the orphaned backend finishes its statement, finds its client gone and rolls back.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EndCallResponse, PricingResponse, QuoteResponse } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { DEMO_PASSWORD } from '../../db/seed/index.js';
import { createTestDatabase, engine, type TestDatabase } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { count, fingerprint } from './test-support.js';

/** What ending a call writes; a killed server must leave every one of them as it was. */
const TABLES = [
  'call_history',
  'orders',
  'order_items',
  'order_discounts',
  'surveys',
  'survey_answers',
  'email_outbox',
  'call_services',
  'call_locks',
];
const THORNBURY = { sqldbid: 18001, customerNo: 1001 };

/** Poll until `check` answers a value, or fail after `ms`. */
async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function post(server: ServerProcess, token: string | null, path: string, body: unknown): Promise<Response> {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as T;
}

// Skipped without TEST_DATABASE_URL: the killed server is a process of its own, and PGlite is one process's database.
const KILLED =
  'a server killed with kill -9 in the middle of ending a call (needs a PostgreSQL server: TEST_DATABASE_URL)';
describe.runIf(engine === 'postgres')(KILLED, () => {
  let database: TestDatabase;
  /** The connection that holds the lock the server's transaction waits for. */
  let holder: pg.Client;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
  });
  afterAll(async () => {
    // Whatever happened, no server process outlives the test, and the database goes (FORCE ends its backends).
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await holder?.end().catch(() => undefined);
    await database?.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

  it('leaves nothing of the call; the same request to a new server ends it once', async () => {
    const first = await startServerProcess(database.url ?? '');
    servers.push(first);
    const { token } = await json<{ token: string }>(
      await post(first, null, '/api/auth/signin', { username: 'csr.franchise', password: DEMO_PASSWORD }),
    );

    // A sale of a lawn program, two additional services and a pest program, with a coupon and a survey, priced
    // for next year's season (every round still to come, whatever today's date).
    const serviceYear = new Date().getUTCFullYear() + 1;
    const prices = await json<PricingResponse>(
      await post(first, token, '/api/customer/pricing', {
        ...THORNBURY,
        zip: '60540',
        size: 8.5,
        pricingYear: serviceYear,
      }),
    );
    const idOf = (name: string) => {
      const item = [...prices.lawnPrograms, ...prices.pestPrograms, ...prices.additionalServices].find(
        (i) => i.ServiceName === name,
      );
      if (!item) throw new Error(`${name} is not on the price list`);
      return item.Id;
    };
    const selections = {
      lawnProgramId: idOf('Preferred Program'),
      pestProgramId: idOf('Pest Control Program'),
      additionalServiceIds: [idOf('Core Aeration'), idOf('Grub Control')],
      couponCode: 'save20',
    };
    const quote = await json<QuoteResponse>(
      await post(first, token, '/api/customer/quote', {
        ...THORNBURY,
        zip: '60540',
        size: 8.5,
        serviceYear,
        selections,
      }),
    );
    const orderLines = quote.lines.filter((l) => l.orderItem).length;
    expect(orderLines).toBe(4);
    expect(quote.states.coupon?.applied).toBe(true);

    const body = {
      idempotencyKey: randomUUID(),
      ...THORNBURY,
      callType: 'Inbound',
      result: 'Sale',
      notes: 'Ended while the server was killed.',
      pricing: { serviceYear, selections },
      survey: { '101': 'Lawn sign', '105': 'Yes' },
    };
    // The call is open (its lock is held) while it is being ended.
    const opened = await post(first, token, '/api/call-center/call-active', { ...THORNBURY, callType: 'Inbound' });
    expect(opened.status, await opened.text()).toBe(200);
    const before = await fingerprint(database.db, TABLES);

    // ---- Stall the transaction at its last step, then kill the server. ----
    await holder.query('begin');
    await holder.query('lock table email_outbox in exclusive mode');
    const pending = post(first, token, '/api/call-center/end-call', body).then(
      (r) => `answered ${r.status}`,
      (e: unknown) => `failed: ${e instanceof Error ? e.message : String(e)}`,
    );
    const waiting = await until('the end-call transaction to wait for the email_outbox lock', 20_000, async () => {
      const [row] = await rows<{ pid: number }>(sql`
        select a.pid from pg_stat_activity a
        where a.datname = current_database() and a.pid <> pg_backend_pid() and a.wait_event_type = 'Lock'
          and a.query ilike '%email_outbox%'`);
      return row;
    });
    // The transaction is in the middle: it holds row locks from inserting the call, the order and the rest.
    const written = await rows<{ relname: string }>(sql`
      select distinct c.relname from pg_locks l join pg_class c on c.oid = l.relation
      where l.pid = ${waiting.pid} and l.granted and l.mode = 'RowExclusiveLock' and c.relkind = 'r'
      order by c.relname`);
    expect(written.map((r) => r.relname)).toEqual(
      expect.arrayContaining([
        'call_history',
        'call_locks',
        'call_services',
        'order_discounts',
        'order_items',
        'orders',
        'survey_answers',
        'surveys',
      ]),
    );

    await first.kill('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(await pending).toMatch(/^failed/);
    await holder.query('rollback');
    // The orphaned backend runs its statement, finds its client gone and rolls back; wait until it is gone.
    await until('the killed server’s backend to end', 20_000, async () => {
      const left = await rows<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where pid = ${waiting.pid}`,
      );
      return left[0]?.n === 0 ? true : undefined;
    });

    // ---- Nothing was committed: no half-ended call. ----
    expect(await count(database.db, 'call_history', `idempotency_key = '${body.idempotencyKey}'`)).toBe(0);
    expect(await fingerprint(database.db, TABLES)).toBe(before);

    // ---- A new server: the same request ends the call once; a second send answers the first result. ----
    const second = await startServerProcess(database.url ?? '');
    servers.push(second);
    const retry = await post(second, token, '/api/call-center/end-call', body);
    const answer = await json<EndCallResponse>(retry);
    expect(answer).toMatchObject({
      repeated: false,
      orderStatus: 'SUBMITTED',
      emailQueued: true,
      thpEmailQueued: true,
    });
    expect(answer.surveyId).toBeGreaterThan(0);

    const again = await json<EndCallResponse>(await post(second, token, '/api/call-center/end-call', body));
    expect(again).toEqual({ ...answer, repeated: true });

    expect(await count(database.db, 'call_history', `idempotency_key = '${body.idempotencyKey}'`)).toBe(1);
    expect(await count(database.db, 'orders', `call_id = ${answer.callId}`)).toBe(1);
    expect(await count(database.db, 'order_items', `order_id = ${answer.orderId}`)).toBe(orderLines);
    expect(await count(database.db, 'order_discounts', `order_id = ${answer.orderId}`)).toBe(1);
    expect(await count(database.db, 'surveys', `survey_id = ${answer.surveyId}`)).toBe(1);
    expect(await count(database.db, 'email_outbox', `call_id = ${answer.callId}`)).toBe(2);
    expect(
      await count(
        database.db,
        'call_locks',
        `sqldbid = ${THORNBURY.sqldbid} and customer_no = ${THORNBURY.customerNo}`,
      ),
    ).toBe(0);
  }, 90_000);
});
