/**
 * Named prepared statements (decision 013) and plan choices (decision 091): a statement with parameters is prepared
 * once per connection under a name from its text; a caller that asks for a statement to be planned once, or with its
 * values every time, runs it on connections whose `plan_cache_mode` says so. PostgreSQL only.
 */
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, engine } from '../test/harness.js';
import { rowsOf, type DbOrTx } from './client.js';
import { NamingClient, planned, statementName, type Plan } from './prepared.js';

describe.runIf(engine === 'postgres')('prepared statements (needs a PostgreSQL server: TEST_DATABASE_URL)', () => {
  it('names a parameterised statement by its text, and leaves one without parameters unnamed', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, Client: NamingClient });
    try {
      const dialect = new PgDialect();
      const named = dialect.sqlToQuery(sql`select ${41}::int + 1 as n`);
      expect((await pool.query({ text: named.sql, values: named.params })).rows).toEqual([{ n: 42 }]);
      expect((await pool.query('select 43 as n')).rows).toEqual([{ n: 43 }]);
      const { rows } = await pool.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      );
      expect(rows.map((r) => r.name)).toEqual([statementName(named.sql)]);
    } finally {
      await pool.end();
    }
  });

  it('runs a statement as its caller asks: planned once, with its values each time, or as PostgreSQL chooses', async () => {
    const database = await createTestDatabase();
    const db = database.db;
    const setting = sql`select current_setting('plan_cache_mode') || ${''} as mode`;
    const mode = async (run: DbOrTx, statement: SQL) => rowsOf<{ mode: string }>(await run.execute(statement))[0]?.mode;
    const plansOf = async (plan: Plan) => {
      const name = statementName(new PgDialect().sqlToQuery(setting).sql);
      return rowsOf<{ generic_plans: number; custom_plans: number }>(
        await planned(db, plan).execute(
          sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where name = ${name}`,
        ),
      );
    };
    try {
      expect(await mode(planned(db, 'once'), setting)).toBe('force_generic_plan');
      expect(await mode(planned(db, 'once'), setting)).toBe('force_generic_plan');
      // Named and planned once: its connection ran it twice on the one plan it made (the pool hands back the
      // connection it was given last, and the question is asked there too).
      expect(await plansOf('once')).toEqual([{ generic_plans: 2, custom_plans: 0 }]);
      // Planned with its values every time, past the five runs after which PostgreSQL's own choice may keep one.
      for (let i = 0; i < 7; i++) expect(await mode(planned(db, 'with-values'), setting)).toBe('force_custom_plan');
      expect(await plansOf('with-values')).toEqual([{ generic_plans: 0, custom_plans: 7 }]);
      expect(await mode(planned(db, 'auto'), setting)).toBe('auto');
      expect(await mode(db, setting)).toBe('auto');
      // Inside a transaction it runs on the transaction's own connection, planned as usual.
      expect(await db.transaction((tx) => mode(tx, setting))).toBe('auto');
    } finally {
      await database.close();
    }
  });
});
