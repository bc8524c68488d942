/**
 * A CSV import survives a crash (decision 030): an import interrupted by `kill -9` leaves nothing half-imported, and
 * importing the same preview again on a new server imports it once. PostgreSQL only (TEST_DATABASE_URL): real server
 * processes.
 *
 * The import is stalled without a test hook, as in end-call-crash.test.ts: a separate connection holds
 * `LOCK TABLE outbound_imports IN EXCLUSIVE MODE` (reads go on, writes wait), so the import's transaction inserts
 * every outbound row, deletes the kept rows and then waits to mark the import done. The server is killed there.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ImportStreamLine } from '@cc/contract';
import { rowsOf } from '../../db/client.js';
import { DEMO_PASSWORD } from '../../db/seed/index.js';
import { createTestDatabase, engine, type TestDatabase } from '../../test/harness.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';

async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function lastLine(response: Response): Promise<ImportStreamLine> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text}`);
  const line = text.trim().split('\n').at(-1);
  return JSON.parse(line ?? '{}') as ImportStreamLine;
}

const KILLED = 'an import killed with kill -9 (needs a PostgreSQL server: TEST_DATABASE_URL)';
describe.runIf(engine === 'postgres')(KILLED, () => {
  let database: TestDatabase;
  let holder: pg.Client;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await holder?.end().catch(() => undefined);
    await database?.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const counts = async () =>
    JSON.stringify(await rows(sql`select branchno, type, n from outbound_counts order by branchno, type`));

  it('leaves no row of the file; the same import on a new server adds them once', async () => {
    // A Cancel file of 3,000 real customers.
    const customers = await rows<{ branchno: string; customer_no: number; first_name: string }>(
      sql`select branchno, customer_no, first_name from customers order by customer_id limit 3000`,
    );
    const file = [
      'Branch Num,Cust Num,FirstName,StreetAddress,City,State,zip,LawnSize,PriceOffer,Service,Cancel Date,CallSource',
      ...customers.map(
        (c) => `${c.branchno},${c.customer_no},${c.first_name},1 Main St,Town,IL,60540,5,30,Lawn,11/20/2026,x`,
      ),
    ].join('\r\n');

    const first = await startServerProcess(database.url ?? '');
    servers.push(first);
    const signin = await fetch(`${first.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { token } = (await signin.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const previewed = await lastLine(
      await fetch(`${first.url}/api/Utilities/outboundImports/preview?callType=Cancel&fileName=cancel.csv`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: file,
      }),
    );
    if (!('preview' in previewed)) throw new Error(JSON.stringify(previewed));
    const { importId, toAdd } = previewed.preview;
    expect(toAdd).toBe(3000);
    const before = await counts();

    // ---- Stall the import at its last write, then kill the server. ----
    await holder.query('begin');
    await holder.query('lock table outbound_imports in exclusive mode');
    // The answer's stream has begun (its first progress line) when the server dies: it ends cut off.
    const pending = fetch(`${first.url}/api/Utilities/outboundImports/${importId}/import`, {
      method: 'POST',
      headers: auth,
    })
      .then((r) => r.text())
      .then(
        (text) => `answered ${text}`,
        (e: unknown) => `failed: ${e instanceof Error ? e.message : String(e)}`,
      );
    const waiting = await until('the import to wait for the outbound_imports lock', 20_000, async () => {
      const [row] = await rows<{ pid: number }>(sql`
        select a.pid from pg_stat_activity a
        where a.datname = current_database() and a.pid <> pg_backend_pid() and a.wait_event_type = 'Lock'
          and a.query ilike '%update outbound_imports%'`);
      return row;
    });
    // It is in the middle: the outbound rows are written, not committed.
    const written = await rows<{ relname: string }>(sql`
      select distinct c.relname from pg_locks l join pg_class c on c.oid = l.relation
      where l.pid = ${waiting.pid} and l.granted and l.mode = 'RowExclusiveLock' and c.relkind = 'r'`);
    expect(written.map((r) => r.relname)).toEqual(expect.arrayContaining(['outbound_calls', 'outbound_counts']));

    await first.kill('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(await pending).toMatch(/^failed/);
    await holder.query('rollback');
    await until('the killed server’s backend to end', 20_000, async () => {
      const left = await rows<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where pid = ${waiting.pid}`,
      );
      return left[0]?.n === 0 ? true : undefined;
    });

    // ---- Nothing of it was committed. ----
    const [after] = await rows<{ calls: number; kept: number; status: string }>(sql`
      select (select count(*)::int from outbound_calls where import_key is not null) as calls,
        (select count(*)::int from outbound_import_rows where import_id = ${importId}) as kept,
        (select status from outbound_imports where import_id = ${importId}) as status`);
    expect(after).toEqual({ calls: 0, kept: 3000, status: 'previewed' });
    expect(await counts()).toBe(before);

    // ---- A new server: the same import adds every row once; again, it answers the first result. ----
    const second = await startServerProcess(database.url ?? '');
    servers.push(second);
    const done = await lastLine(
      await fetch(`${second.url}/api/Utilities/outboundImports/${importId}/import`, { method: 'POST', headers: auth }),
    );
    expect(done).toMatchObject({ phase: 'done', result: { added: 3000, repeated: false } });
    const again = await lastLine(
      await fetch(`${second.url}/api/Utilities/outboundImports/${importId}/import`, { method: 'POST', headers: auth }),
    );
    expect(again).toMatchObject({ phase: 'done', result: { added: 3000, repeated: true } });
    const [imported] = await rows<{ n: number }>(
      sql`select count(*)::int as n from outbound_calls where import_key is not null`,
    );
    expect(imported?.n).toBe(3000);
    expect(await counts()).not.toBe(before);
  }, 120_000);
});
