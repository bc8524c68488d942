/**
 * Migrations under a concurrent start (decision 016): several API processes starting at once on a fresh PostgreSQL
 * database apply the migrations once, serialised by the advisory lock in openPostgres, and all of them start. Each
 * migrator has its own pool, so its own server session, as a separate process would. PostgreSQL only
 * (TEST_DATABASE_URL).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openPostgres, rowsOf } from './client.js';
import { engine } from '../test/harness.js';
import { adminQuery, withDatabase } from '../test/template.js';

const AT_ONCE = 'migrators starting at once on a fresh database (needs a PostgreSQL server: TEST_DATABASE_URL)';
describe.runIf(engine === 'postgres')(AT_ONCE, () => {
  it('apply every migration exactly once, and every one of them opens the database', async () => {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const name = `cc_mig_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    try {
      const url = withDatabase(base, name);
      const opened = await Promise.allSettled([1, 2, 3].map(() => openPostgres(url, 2)));
      const failures = opened.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
      const databases = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      try {
        expect(failures).toEqual([]);
        const [first] = databases;
        if (!first) throw new Error('no migrator opened the database');
        const applied = rowsOf<{ created_at: string; n: number }>(
          await first.db.execute(
            sql`select created_at::text, count(*)::int as n from drizzle.__drizzle_migrations group by created_at order by 1`,
          ),
        );
        const shipped = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => String(m.folderMillis));
        expect(applied.map((r) => r.created_at)).toEqual(shipped);
        expect(applied.every((r) => r.n === 1)).toBe(true);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    } finally {
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
