/**
 * Named prepared statements (decision 013): a statement with parameters is prepared once per connection under a name
 * from its text; one marked to be planned with its values (decision 047) is sent unnamed every time; one marked to be
 * planned once (decision 053) runs, named, on a connection that keeps its first plan. PostgreSQL only.
 */
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, engine } from '../test/harness.js';
import { rowsOf, type DbOrTx } from './client.js';
import { plannedOnce, plannedWithValues, prepareStatements, statementName } from './prepared.js';

describe.runIf(engine === 'postgres')('prepared statements (needs a PostgreSQL server: TEST_DATABASE_URL)', () => {
  it('names a parameterised statement by its text, and leaves one planned with its values unnamed', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    prepareStatements(pool);
    try {
      const dialect = new PgDialect();
      const named = dialect.sqlToQuery(sql`select ${41}::int + 1 as n`);
      const unnamed = dialect.sqlToQuery(plannedWithValues(sql`select ${42}::int + 1 as n`));
      expect((await pool.query({ text: named.sql, values: named.params })).rows).toEqual([{ n: 42 }]);
      expect((await pool.query({ text: unnamed.sql, values: unnamed.params })).rows).toEqual([{ n: 43 }]);
      const { rows } = await pool.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      );
      expect(rows.map((r) => r.name)).toEqual([statementName(named.sql)]);
      expect(rows.some((r) => r.statement.includes('42'))).toBe(false);
    } finally {
      await pool.end();
    }
  });

  it('runs a statement planned once on a connection that keeps its plan, every other on the usual ones', async () => {
    const database = await createTestDatabase();
    const db = database.db;
    const setting = sql`select current_setting('plan_cache_mode') || ${''} as mode`;
    const mode = async (run: DbOrTx, statement: SQL) => rowsOf<{ mode: string }>(await run.execute(statement))[0]?.mode;
    try {
      expect(await mode(db, plannedOnce(setting))).toBe('force_generic_plan');
      expect(await mode(db, plannedOnce(setting))).toBe('force_generic_plan');
      expect(await mode(db, setting)).toBe('auto');
      // Named and planned once: its connection ran it twice on the one plan it made (the pool hands back the
      // connection it was given last, and the question is asked there too).
      const name = statementName(new PgDialect().sqlToQuery(plannedOnce(setting)).sql);
      const plans = rowsOf<{ generic_plans: number; custom_plans: number }>(
        await db.execute(
          plannedOnce(
            sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where name = ${name}`,
          ),
        ),
      );
      expect(plans).toEqual([{ generic_plans: 2, custom_plans: 0 }]);
      // Inside a transaction it runs on the transaction's own connection, planned as usual.
      expect(await db.transaction((tx) => mode(tx, plannedOnce(setting)))).toBe('auto');
    } finally {
      await database.close();
    }
  });
});
