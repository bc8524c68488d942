/**
 * The benchmark database: created and loaded once with a million customers, then reused while it still
 * holds them. Loading goes through the application's own migrations and seed (seedDemoData), so the
 * bench measures the schema and indexes that production gets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../apps/api/dist/db/client.js';
import { statementName, type Plan } from '../../apps/api/dist/db/prepared.js';
import { seedDemoData, seedPricing, STORY_CUSTOMERS } from '../../apps/api/dist/db/seed/index.js';
import { BENCH_AGENTS, topUpCallHistory } from './call-history.js';

/** Runs one statement directly, without the API: a pg client, or PGlite in this process. */
export interface Runner {
  /**
   * Runs one statement. A scenario's statement is run with `plan`, how the API plans it (apps/api/src/db/prepared.ts):
   * on a server it is then sent as the API's connections send it, a named prepared statement whose plan PostgreSQL may
   * keep (`auto`, `once`), unless the API plans it with its values every time (`with-values`), which is sent unnamed
   * and so planned with its values on each run, as the API's pool of that plan does. Without `plan` (loading, EXPLAIN,
   * reading inputs) a statement is sent unnamed.
   */
  query(text: string, params: unknown[], plan?: Plan): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Indexes of customers that back no constraint and are not unique: dropped during the bulk load and built again after.
 * A unique index stays: it is the key the seed's later steps find a customer by (the MeasureIt seed's trigger reads
 * each property's customer by sqldbid and number), and without it each of those lookups read the whole table (the
 * load grew with the square of the customers: 50,000 on PGlite took 185 s, 100,000 did not finish in 22 minutes).
 */
async function secondaryIndexes(run: Runner): Promise<{ name: string; definition: string }[]> {
  const { rows } = await run.query(
    `select indexname as name, indexdef as definition from pg_indexes i
     where schemaname = 'public' and tablename = 'customers'
       and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
       and not (select x.indisunique from pg_index x where x.indexrelid = format('%I.%I', i.schemaname, i.indexname)::regclass)
     order by indexname`,
    [],
  );
  return rows as { name: string; definition: string }[];
}

async function loadedCounts(run: Runner): Promise<{ customers: number; outbound: number }> {
  const { rows } = await run.query(
    `select (select count(*) from customers)::int as customers, (select count(*) from outbound_calls)::int as outbound`,
    [],
  );
  return { customers: Number(rows[0]?.customers ?? 0), outbound: Number(rows[0]?.outbound ?? 0) };
}

/**
 * Migrate, then seed reference data, demo accounts and `customers` generated customers. The secondary
 * indexes of customers are dropped for the insert and rebuilt afterwards (several times faster than
 * maintaining eleven indexes, one of them a trigram GIN, row by row); the rebuilt set is exactly the one
 * the migrations created.
 */
async function load(database: Database, run: Runner, customers: number, outboundCalls: number): Promise<void> {
  const started = performance.now();
  const indexes = await secondaryIndexes(run);
  for (const index of indexes) await run.query(`drop index if exists "${index.name}"`, []);
  let step = performance.now();
  await seedDemoData(database.db, { customers, outboundCalls });
  console.log(
    `  seeded ${customers.toLocaleString('en-US')} customers and ${outboundCalls.toLocaleString('en-US')} outbound rows in ${seconds(step)} s`,
  );
  step = performance.now();
  await run.query(`set maintenance_work_mem = '256MB'`, []);
  for (const index of indexes) await run.query(index.definition, []);
  console.log(`  built ${indexes.length} indexes in ${seconds(step)} s`);
  step = performance.now();
  await run.query(`vacuum analyze`, []);
  console.log(`  vacuum analyze in ${seconds(step)} s`);
  console.log(`  load total ${seconds(started)} s`);
}

/** A new connection to the database of `url`, as a runner. */
export async function openPgRunner(url: string): Promise<Runner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return pgRunner(client);
}

function pgRunner(client: pg.Client): Runner {
  return {
    query: async (text, params, plan) => {
      const named = plan !== undefined && plan !== 'with-values' && params.length > 0;
      const result = await client.query<Record<string, unknown>>(
        named ? { name: statementName(text), text, values: params } : { text, values: params },
      );
      return { rows: result.rows };
    },
    close: () => client.end(),
  };
}

/**
 * The PostgreSQL database named by the URL, created and loaded when it does not hold the customers and the seeded
 * outbound lists; then topped up with worked calls to `callSearchRows` outbound rows (call-history.ts) when short.
 */
export async function preparePostgres(
  url: string,
  customers: number,
  outboundCalls: number,
  callSearchRows: number,
  agents = BENCH_AGENTS,
): Promise<Runner> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`BENCH_DATABASE_URL: unexpected database name '${name}'`);
  const expected = customers + STORY_CUSTOMERS.length;

  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  let fresh = false;
  try {
    const exists = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${name}"`);
      fresh = true;
    }
  } finally {
    await admin.end();
  }

  // Opening migrates (a new migration, such as a new index, is applied to a reused database too).
  let database = await openPostgres(url, 4);
  let client = new pg.Client({ connectionString: url });
  await client.connect();
  let run = pgRunner(client);
  const loaded = fresh
    ? { customers: 0, outbound: 0 }
    : await loadedCounts(run).catch(() => ({ customers: 0, outbound: 0 }));
  // The seeded lists alone, or topped up with worked calls (call-history.ts).
  if (loaded.customers === expected && (loaded.outbound === outboundCalls || loaded.outbound >= callSearchRows)) {
    console.log(
      `Reusing ${name}: ${loaded.customers.toLocaleString('en-US')} customers and ${loaded.outbound.toLocaleString('en-US')} outbound rows already loaded.`,
    );
    // A database loaded before the pricing tables existed gets the demo price lists now.
    const priced = await run.query(`select count(*)::int as n from franchise_pricing`, []);
    if (Number(priced.rows[0]?.n ?? 0) === 0) {
      await database.db.transaction((tx) => seedPricing(tx));
      console.log('  seeded the demo price lists');
    }
    await topUpCallHistory(run, callSearchRows, agents);
    // Expression indexes need statistics of their own; a migration may have just added one.
    await run.query(`vacuum analyze`, []);
    await database.close();
    return run;
  }

  console.log(
    `Loading ${name} (it holds ${loaded.customers} customers and ${loaded.outbound} outbound rows; ${expected} and ${outboundCalls} expected)…`,
  );
  await database.close();
  await run.close();
  if (!fresh) {
    const recreate = new pg.Client({ connectionString: adminUrl.toString() });
    await recreate.connect();
    try {
      await recreate.query(`drop database if exists "${name}" with (force)`);
      await recreate.query(`create database "${name}"`);
    } finally {
      await recreate.end();
    }
  }
  database = await openPostgres(url, 4);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  run = pgRunner(client);
  await load(database, run, customers, outboundCalls);
  await database.close();
  await topUpCallHistory(run, callSearchRows, agents);
  return run;
}

/**
 * An embedded database in a new temporary DATA_DIR, loaded the same way and topped up with worked calls. Returns the
 * directory and a runner that works on it in this process; close the runner (it releases the directory lock) before
 * the server opens the directory.
 */
export async function preparePglite(
  customers: number,
  outboundCalls: number,
  callSearchRows: number,
  agents = BENCH_AGENTS,
): Promise<{ dataDir: string; runner: Runner }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-pglite-'));
  console.log(`Loading an embedded database in ${dataDir}…`);
  const database = await openPglite(dataDir);
  const client = (database.db as unknown as { $client: EmbeddedClient }).$client;
  const runner: Runner = {
    query: async (text, params) => ({ rows: (await client.query(text, params)).rows }),
    close: () => database.close(),
  };
  await load(database, runner, customers, outboundCalls);
  // Worked calls, as on the server (without them every call search input matches nothing).
  await topUpCallHistory(runner, callSearchRows, agents);
  return { dataDir, runner };
}

/** The part of PGlite's client the runner uses. */
interface EmbeddedClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}
