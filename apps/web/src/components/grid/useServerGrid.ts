import { useEffect, useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { PageCursors, pageSpan, type PageAnswer, type PageSpan } from './paging';

// One empty list for every render without an answer: the grid sees the same rows, not new ones each time.
const NO_ROWS: never[] = [];

/** What every server-paged grid's view holds, beside its own sort and filters. */
export interface PagedView {
  page: number;
  size: number;
}

export interface ServerGridSource<V extends PagedView, Q, A, T, K extends QueryKey> {
  /** The grid's state (sort, filters, page, size), wherever the screen keeps it: its URL or its own state. */
  view: V;
  change: (next: Partial<V>) => void;
  /** The contract's query of a view; `after` is the cursor that leads to the view's page, when one is known. */
  queryOf: (view: V, after: string | undefined) => Q;
  /** The endpoint's TanStack Query options for a query (the feature's api module). */
  options: (query: Q) => UseQueryOptions<A, Error, A, K>;
  /** The rows, the count and the next cursor of an answer. */
  pageOf: (answer: A) => PageAnswer<T>;
  enabled?: boolean;
}

export interface ServerGrid<V extends PagedView, A, T> extends PageSpan {
  query: UseQueryResult<A, Error>;
  rows: T[];
  total: number;
  /** The page shown: the view's, until the answer says the last page is before it. */
  page: number;
  size: number;
  /** Rows are on their way for a page, order or filter not shown yet (not a refresh of the same page). */
  loading: boolean;
  /** Nothing answered yet. */
  pending: boolean;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** A new sort or filter: back to the first page. */
  refine: (next: Partial<V>) => void;
}

/**
 * The one way a screen pages a grid on the server (docs/decisions/090-one-paging-hook-and-grid.md): the view becomes
 * the contract's query, TanStack Query reads it (the last page stays in view while the next comes), and the answer
 * becomes rows and a span. Where the server pages by key (an answer with `next`), the next page, and any page already
 * passed, is asked for by its cursor, and a jump to a page never reached by number (decision 034). A sort or filter
 * starts on the first page; a page that has emptied (its last rows deleted) gives way to the new last page.
 */
export function useServerGrid<V extends PagedView, Q, A, T, K extends QueryKey>(
  source: ServerGridSource<V, Q, A, T, K>,
): ServerGrid<V, A, T> {
  const { view, change, queryOf, options, pageOf, enabled = true } = source;
  // The view without its page names the cursors' view: another sort, filter or size starts over.
  const cursorView = JSON.stringify(queryOf({ ...view, page: 1 }, undefined));
  const [kept, setKept] = useState(() => new PageCursors(cursorView));
  let cursors = kept;
  if (kept.view !== cursorView) {
    cursors = new PageCursors(cursorView);
    setKept(cursors);
  }

  const query = useQuery({ ...options(queryOf(view, cursors.after(view.page))), enabled });
  const answer = query.data === undefined ? undefined : pageOf(query.data);
  const settled = answer !== undefined && !query.isPlaceholderData;
  const next = settled ? answer.next : undefined;
  useEffect(() => cursors.record(view.page, next), [cursors, view.page, next]);

  const rows = answer?.rows ?? NO_ROWS;
  const span = pageSpan({ rows: rows.length, total: answer?.total ?? 0, moreThan: answer?.moreThan }, view);
  const page = Math.min(view.page, span.pages);
  const emptied = settled && !query.isFetching && page !== view.page;
  useEffect(() => {
    if (emptied) change({ page } as Partial<V>);
  }, [emptied, page, change]);

  return {
    ...span,
    query,
    rows,
    total: answer?.total ?? 0,
    page,
    size: view.size,
    loading: query.isFetching && (query.isPlaceholderData || query.data === undefined),
    pending: query.isPending,
    onPage: (p) => change({ page: p } as Partial<V>),
    onSize: (size) => change({ size, page: 1 } as Partial<V>),
    refine: (more) => change({ ...more, page: 1 }),
  };
}
