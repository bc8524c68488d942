import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { statementFamily } from './template.js';

const dialect = new PgDialect();

describe('statementFamily', () => {
  it('builds each shape once and puts the values in the holes, constants where they were', () => {
    const built: boolean[] = [];
    const family = statementFamily((shape: { withB: boolean }) => {
      built.push(shape.withB);
      return sql`select * from t where a = ${sql.placeholder('a')} and k = ${'kept'}${shape.withB ? sql` and b = any(${sql.placeholder('b')}::text[])` : sql``} limit ${sql.placeholder('a')}`;
    });
    const first = dialect.sqlToQuery(family({ withB: true }, { a: 1, b: ['x', 'y'] }));
    const second = dialect.sqlToQuery(family({ withB: true }, { a: 2, b: [] }));
    const other = dialect.sqlToQuery(family({ withB: false }, { a: 3 }));
    expect(built).toEqual([true, false]);
    expect(first.sql).toBe('select * from t where a = $1 and k = $2 and b = any($3::text[]) limit $4');
    expect(first.params).toEqual([1, 'kept', ['x', 'y'], 1]);
    expect(second.sql).toBe(first.sql);
    expect(second.params).toEqual([2, 'kept', [], 2]);
    expect(other.sql).toBe('select * from t where a = $1 and k = $2 limit $3');
    expect(other.params).toEqual([3, 'kept', 3]);
  });

  it('refuses a statement whose own text holds what reads as a parameter', () => {
    const family = statementFamily(() => sql`select ${sql.raw("'$2'")}, ${sql.placeholder('a')}`);
    expect(() => family({}, { a: 1 })).toThrow(/unexpected \$2/);
  });

  it('refuses a call that leaves a hole empty', () => {
    const family = statementFamily(() => sql`select ${sql.placeholder('a')}`);
    expect(() => family({}, {})).toThrow(/no value for placeholder "a"/i);
  });
});
