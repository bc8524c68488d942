/**
 * Which rows of an ordered result a page takes (decision 051): forwards past `skip` rows (OFFSET), or, for a page in
 * the last half of an exactly known number of matches, backwards from the end past the rows after it — the last page
 * of 60,000 matches then reads a page of index entries, not 60,000 of them. The grids that page by `$skip` (the call
 * search, the MeasureIt search) use it from GRID_DEEP_SKIP on, where they count first ({@link readPage}).
 */
import type { SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';

export interface PageWalk {
  limit: number;
  offset: number;
  /** Walk the order backwards (the grid's `orderBy(items, true)`); the page is put back in order afterwards. */
  reverse: boolean;
}

/** The walk for a page of `top` rows after `skip`, given the total when it is known exactly; null: no row. */
export function pageWalk(skip: number, top: number, total?: number): PageWalk | null {
  if (top <= 0) return null;
  if (total === undefined || skip <= total / 2) return { limit: top, offset: skip, reverse: false };
  if (skip >= total) return null;
  const limit = Math.min(top, total - skip);
  return { limit, offset: total - skip - limit, reverse: true };
}

/** The statements a search gives for one page (the call search's and the MeasureIt search's `searchStatements`). */
export interface PageStatements {
  /** The page read forwards (null: no row). */
  rows: SQL | null;
  /** The count when asked for, else null. */
  count: SQL | null;
  /** The count whether asked for or not. */
  counter: SQL;
  /** Counted from counts kept in advance: exact however large (else exact only up to the count limit). */
  exact: boolean;
}

/**
 * A page and its count as the searches read them: for a page before `deepSkip`, the two at once; for a deeper one,
 * the count first, then the page walked from the nearer end when that count is exact (`rowsWith(total)` builds it).
 * `pageOf` reads a page statement's rows. The count is answered only when
 * asked for.
 */
export async function readPage<R>(
  db: Pick<Db, 'execute'>,
  page: { skip: number; deepSkip: number; countLimit: number },
  statements: PageStatements,
  rowsWith: (total: number) => SQL | null,
  pageOf: (statement: SQL) => Promise<R[]>,
): Promise<{ rows: R[]; count: number | null }> {
  const countOf = async (statement: SQL) => rowsOf<{ n: number }>(await db.execute(statement))[0]?.n ?? 0;
  const read = (statement: SQL | null) => (statement === null ? Promise.resolve([]) : pageOf(statement));
  if (statements.rows !== null && page.skip >= page.deepSkip) {
    const n = await countOf(statements.counter);
    const known = statements.exact || n <= page.countLimit;
    const rows = await read(known ? rowsWith(n) : statements.rows);
    return { rows, count: statements.count === null ? null : n };
  }
  const [rows, count] = await Promise.all([
    read(statements.rows),
    statements.count === null ? null : countOf(statements.count),
  ]);
  return { rows, count };
}
