/**
 * The OData flow of a grid that pages by `$skip` (the call search, the MeasureIt search; decision 086): the query
 * text as the grid's SQL, a page and its count read as decision 051 says, and the answer as OData writes it — one
 * way for every such grid, so that their options, their errors and their counts cannot drift apart.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gridChecked } from './errors.js';
import type { Grid } from './grid.js';
import { parseFilter, parseOrderBy, type FilterExpr, type OrderItem } from './odata.js';
import { readPage, type PageStatements } from './page-walk.js';

export interface ODataOptions {
  /** The filter's tree (null without one), for what a search reads off it (a pinned field, a range). */
  filter: FilterExpr | null;
  /** The order as asked, or the grid's default, or what `reorder` made of it. */
  items: OrderItem[];
  where: SQL;
  order: SQL;
}

/**
 * `$filter` and `$orderby` as the grid's condition and order, checked in that order; bad text is a 400 naming the
 * option (`orderOption`: the name the request gave the order, when not `$orderby`). Blank text means none.
 * `reorder`: an order a search serves better, given the filter (the call search's one agent sorted by name is sorted
 * by its key).
 */
export function odataOptions<F extends string>(
  grid: Grid<F>,
  text: { filter?: string | undefined; orderBy?: string | undefined },
  options: {
    defaultOrder?: OrderItem[];
    orderOption?: string;
    reorder?: (filter: FilterExpr | null, items: OrderItem[]) => OrderItem[];
  } = {},
): ODataOptions {
  const { defaultOrder = [], orderOption, reorder = (_filter, items) => items } = options;
  const filter = gridChecked(() => (text.filter?.trim() ? parseFilter(text.filter) : null));
  const asked = gridChecked(() => (text.orderBy?.trim() ? parseOrderBy(text.orderBy) : defaultOrder), orderOption);
  const items = reorder(filter, asked);
  const where = gridChecked(() => grid.where(filter));
  return { filter, items, where, order: gridChecked(() => grid.orderBy(items), orderOption) };
}

/** A page's rows and its count: over the count limit (when counted up to it), the limit and `moreThan`. */
export interface ODataPage<R> {
  rows: R[];
  count: number | null;
  moreThan: boolean;
}

/**
 * One page and, when asked, its count (`readPage`, decision 051): a count that is not kept in advance stops one past
 * `countLimit`, and past it the answer says "more than" the limit instead of a number.
 */
export async function readODataPage<R>(
  db: Pick<Db, 'execute'>,
  page: { skip: number; deepSkip: number; countLimit: number },
  statements: PageStatements,
  rowsWith: (total: number) => SQL | null,
  pageOf: (statement: SQL) => Promise<R[]>,
): Promise<ODataPage<R>> {
  const { rows, count } = await readPage(db, page, statements, rowsWith, pageOf);
  if (count === null) return { rows, count: null, moreThan: false };
  return !statements.exact && count > page.countLimit
    ? { rows, count: page.countLimit, moreThan: true }
    : { rows, count, moreThan: false };
}

/** The page as OData's answer: `value`, with `@odata.count`, or `@cc.countMoreThan` past the count limit. */
export function odataAnswer<R>(page: ODataPage<R>): {
  value: R[];
  '@odata.count'?: number;
  '@cc.countMoreThan'?: number;
} {
  if (page.count === null) return { value: page.rows };
  return page.moreThan
    ? { value: page.rows, '@cc.countMoreThan': page.count }
    : { value: page.rows, '@odata.count': page.count };
}
