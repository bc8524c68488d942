import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireDataDirLock } from './lock.js';
import { keepPlanSetting, NamingClient, registerPlans, type Plan } from './prepared.js';

export type Schema = typeof schema;
/** The one database type every service uses, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction: what a service function that may run inside a caller's transaction takes. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: serialises migrations when several API processes start against one server. */
const MIGRATION_LOCK_KEY = 7_310_442;

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release = (): void => undefined;
  let pgDir: string | undefined;
  if (dataDir !== undefined) {
    release = acquireDataDirLock(dataDir);
    pgDir = path.join(dataDir, 'pg');
  }
  try {
    const client = await PGlite.create(pgDir, { extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * How many connections run the statements of each plan other than PostgreSQL's own (prepared.ts, `planned`) beside a
 * pool of `poolSize`: they serve a few statements each, so a few connections serve many requests.
 */
export const planPoolSize = (poolSize: number): number => Math.max(2, Math.ceil(poolSize / 2));

/**
 * A connection the server ends must not end the process, whether it is idle in the pool (the pool's 'error') or
 * checked out (a transaction under way when an administrator or a restart ends its backend: the statement in flight
 * fails, and then the connection's own 'error', which pg-pool listens to only while the connection is idle, would
 * be thrown). The pool drops a broken connection when it is released, and the next query connects again; the
 * request answers 503 (decision 057).
 */
function surviveLostConnections(pool: pg.Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
}

export async function openPostgres(url: string, poolSize = 10, preparedStatements = true): Promise<Database> {
  // Each parameterised statement is sent named, through the pool's own `Client` option (prepared.ts).
  const named = preparedStatements ? { Client: NamingClient } : {};
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...named });
  surviveLostConnections(pool);
  const pools = [pool];
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (preparedStatements) {
    // The statements a caller asks to be planned once, or with their values every time, run on connections of
    // their own whose `plan_cache_mode` says so (prepared.ts, decision 091).
    const planPool = (plan: Exclude<Plan, 'auto'>): Db => {
      // pg-pool waits for the promise onConnect answers before handing the connection out; its types say void.
      const onConnect = keepPlanSetting(plan) as (client: pg.ClientBase) => void;
      const p = new pg.Pool({ connectionString: url, max: planPoolSize(poolSize), onConnect, ...named });
      surviveLostConnections(p);
      pools.push(p);
      return drizzlePg(p, { schema });
    };
    registerPlans(db, { auto: db, once: planPool('once'), 'with-values': planPool('with-values') }, pool, pools);
  }
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await Promise.all(pools.map((p) => p.end()));
    },
  };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
  databasePreparedStatements?: boolean;
}) {
  return config.databaseUrl !== undefined
    ? openPostgres(config.databaseUrl, config.databasePoolSize, config.databasePreparedStatements ?? true)
    : openPglite(config.dataDir);
}

/** Rows of a raw `db.execute` result; both drivers answer an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A json column as the driver gives it: parsed already, or (another driver) its text. */
export function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
