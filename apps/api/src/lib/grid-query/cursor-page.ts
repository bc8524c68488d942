/**
 * One page of a grid that pages by cursor, or by page number for a jump (decision 034): the page's ids are chosen
 * first from the index of its order, then only those rows are read. After a cursor, the page is the rows after the
 * cursor's row, each disjoint part of them (`Grid.afterParts`) one index range read for at most a page, so the next
 * page costs what the first does however deep it is; without one, the page by number (OFFSET). Every row read
 * carries its sort keys, and the page's last row's become the next page's cursor.
 */
import { sql, type SQL } from 'drizzle-orm';
import { decodeCursor, encodeCursor, takeKeys } from './cursor.js';
import { gridChecked } from './errors.js';
import type { Grid } from './grid.js';
import type { OrderItem } from './odata.js';

/** Where a page's ids come from: the id column, the table (or join), and the grid's conditions. */
export interface IdSource {
  id: SQL;
  from: SQL;
  where: SQL;
}

/** The order a cursor belongs to, as it carries it ('callBackDate asc'): a cursor of another order is refused. */
export const orderSignature = (items: readonly OrderItem[]): string =>
  items.map((item) => `${item.field} ${item.dir}`).join(', ');

/** The sort keys of the cursor `after` for this order; null without one; a 400 naming `after` for a bad one. */
export function cursorKeys<F extends string>(
  grid: Grid<F>,
  items: readonly OrderItem[],
  after: string | undefined,
): (string | null)[] | null {
  if (after === undefined) return null;
  return gridChecked(() => decodeCursor(after, orderSignature(items), grid.keyCount(items)));
}

/**
 * The ids of one page in the grid's order: after `keys` (a cursor's) when given, else page `page` by OFFSET. A
 * cursor past every row (no part after it) is an empty page, not a statement with an empty `in ()`.
 */
export function pageIds<F extends string>(
  grid: Grid<F>,
  items: readonly OrderItem[],
  source: IdSource,
  paging: { keys: readonly (string | null)[] | null; page: number; pageSize: number },
): SQL {
  const order = grid.orderBy(items);
  const ids = (part: SQL, offset: number) =>
    sql`select ${source.id} from ${source.from} where ${source.where} and ${part} order by ${order} limit ${paging.pageSize} offset ${offset}`;
  if (paging.keys === null) return ids(sql`true`, (paging.page - 1) * paging.pageSize);
  const keys = paging.keys;
  const parts = gridChecked(() => grid.afterParts(items, keys));
  if (parts.length === 0) return sql`select ${source.id} from ${source.from} where false`;
  return sql.join(
    parts.map((part) => sql`(${ids(part, 0)})`),
    sql` union all `,
  );
}

/**
 * The next page's cursor: the last row's sort keys (the `k0`, `k1`, … columns of `Grid.sortKeys`, which are taken
 * off every row so the rows are the contract's fields); null for an empty page.
 */
export function nextCursor<F extends string>(
  grid: Grid<F>,
  items: readonly OrderItem[],
  rows: readonly Record<string, unknown>[],
): string | null {
  const count = grid.keyCount(items);
  const keys = rows.map((row) => takeKeys(row, count));
  const last = keys.at(-1);
  return last ? encodeCursor(orderSignature(items), last) : null;
}
