/** A cursor-paged grid's page: by number, after a cursor, a cursor past every row, and the next page's cursor. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { AppError } from '../../http/errors.js';
import { cursorKeys, nextCursor, orderSignature, pageIds } from './cursor-page.js';
import { encodeCursor } from './cursor.js';
import { defineGrid, type Grid } from './grid.js';

const grid = defineGrid({
  fields: { due: { sql: sql`due`, type: 'datetime', nullable: true }, n: { sql: sql`n`, type: 'integer' } },
  key: sql`id`,
});
const items = [{ field: 'due', dir: 'asc' as const, at: 0 }];
const source = { id: sql`id`, from: sql`t`, where: sql`b = 1` };
const text = (statement: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(statement).sql;

describe('pageIds', () => {
  it('pages by number without a cursor', () => {
    expect(text(pageIds(grid, items, source, { keys: null, page: 3, pageSize: 25 }))).toBe(
      'select id from t where b = 1 and true order by due asc nulls last, id asc limit $1 offset $2',
    );
  });

  it('reads each part after a cursor, from its start', () => {
    const statement = text(
      pageIds(grid, items, source, { keys: ['2026-11-01 10:00:00+00', '7'], page: 3, pageSize: 25 }),
    );
    expect(statement.split(' union all ')).toHaveLength(2);
    expect(statement).toContain('offset $');
    expect(statement).toContain('due is null');
  });

  it('is an empty page when nothing comes after the cursor', () => {
    const none: Grid<'due' | 'n'> = { ...grid, afterParts: () => [] };
    expect(text(pageIds(none, items, source, { keys: ['x', '1'], page: 1, pageSize: 25 }))).toBe(
      'select id from t where false',
    );
  });
});

describe('cursors', () => {
  it('gives the last row’s keys as the next cursor and takes the keys off every row', () => {
    const rows = [
      { id: 1, k0: null, k1: '1' },
      { id: 2, k0: null, k1: '2' },
    ];
    const next = nextCursor(grid, items, rows);
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(next).toBe(encodeCursor('due asc', [null, '2']));
    expect(cursorKeys(grid, items, next!)).toEqual([null, '2']);
  });

  it('has no next cursor for an empty page', () => {
    expect(nextCursor(grid, items, [])).toBeNull();
  });

  it('refuses a cursor of another order as a 400 naming after', () => {
    const other = encodeCursor(orderSignature([{ field: 'n', dir: 'desc', at: 0 }]), ['1', '2']);
    const refused = (() => {
      try {
        cursorKeys(grid, items, other);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).errors).toEqual({
      after: "belongs to the order 'n desc', not 'due asc': page from page 1",
    });
  });
});
