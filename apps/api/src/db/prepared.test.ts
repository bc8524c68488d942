/**
 * Named prepared statements (decision 013): a statement with parameters is prepared once per connection under a name
 * from its text; one marked to be planned with its values (decision 047) is sent unnamed every time. PostgreSQL only.
 */
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engine } from '../test/harness.js';
import { plannedWithValues, prepareStatements, statementName } from './prepared.js';

describe.runIf(engine === 'postgres')('prepared statements', () => {
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
});
