/**
 * Readiness: the database answers, and its migrations are the ones this build ships (or newer, applied by a newer
 * process during a rolling deployment). Each check is bounded, so a hung database makes the probe answer 503
 * rather than hang the proxy's health check.
 */
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import { MIGRATIONS_DIR, rowsOf, type Db } from '../db/client.js';

/** Longer than any healthy round trip, shorter than a proxy's probe timeout. */
const CHECK_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: 'current' | 'behind' | 'unknown';
}

function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The newest migration this build ships: drizzle records each applied one by its journal time (`created_at`). */
function newestShippedMigration(): number {
  return Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis));
}

export function createReadinessCheck(db: Db, log: FastifyBaseLogger): () => Promise<Readiness> {
  const shipped = newestShippedMigration();
  return async () => {
    try {
      await bounded(db.execute(sql`select 1`));
    } catch (error) {
      log.warn({ err: error }, 'readiness: the database does not answer');
      return { ready: false, database: 'unreachable', migrations: 'unknown' };
    }
    try {
      const [row] = rowsOf<{ newest: string | number | null }>(
        await bounded(db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)),
      );
      const applied = Number(row?.newest ?? 0);
      return applied >= shipped
        ? { ready: true, database: 'ok', migrations: 'current' }
        : { ready: false, database: 'ok', migrations: 'behind' };
    } catch (error) {
      // No migrations table at all: nothing was applied.
      log.warn({ err: error }, 'readiness: the applied migrations cannot be read');
      return { ready: false, database: 'ok', migrations: 'behind' };
    }
  };
}
