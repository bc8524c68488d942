/**
 * Which rows of an ordered result a page takes (decision 051): forwards past `skip` rows (OFFSET), or, for a page in
 * the last half of an exactly known number of matches, backwards from the end past the rows after it — the last page
 * of 60,000 matches then reads a page of index entries, not 60,000 of them. The grids that page by `$skip` (the call
 * search, the MeasureIt search) use it from GRID_DEEP_SKIP on, where they count first.
 */
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
