/**
 * The arithmetic of a page that the server chose (docs/decisions/090-one-paging-hook-and-grid.md): which rows it
 * shows, how many pages the pager offers, and the cursors that lead from one page to the next. Pure, so that every
 * grid pages by the same rules and the rules are tested without a browser.
 */

/** What one answer of a server-paged grid says about the page it carries. */
export interface PageAnswer<T> {
  rows: T[];
  /** Matches in all; with `moreThan`, the server's count limit, which the matches pass. */
  total: number;
  /** The count stopped at its limit: only "more than `total`" is known (decision 039). */
  moreThan?: boolean;
  /** The cursor of the page's last row, which leads to the next page (keyset grids, decision 034). */
  next?: string | null;
}

export interface PageSpan {
  /** Pages the pager offers (at least 1). */
  pages: number;
  /** Position of the page's first and last row among all the matches (0 and 0 for an empty page). */
  first: number;
  last: number;
  /** Whether the last page is known: not when the count stopped at its limit. */
  known: boolean;
}

/**
 * The span of a page. With an exact count the pages are the count over the size; past the count limit the pager offers
 * the pages up to the limit and, from a full page, the next one, and no last page.
 */
export function pageSpan(
  answer: Pick<PageAnswer<unknown>, 'total' | 'moreThan'> & { rows: number },
  view: { page: number; size: number },
): PageSpan {
  const first = answer.rows === 0 ? 0 : (view.page - 1) * view.size + 1;
  const last = answer.rows === 0 ? 0 : first + answer.rows - 1;
  if (!answer.moreThan) {
    return { pages: Math.max(1, Math.ceil(answer.total / view.size)), first, last, known: true };
  }
  const reached = answer.rows === view.size ? view.page + 1 : view.page;
  return { pages: Math.max(Math.ceil((answer.total + 1) / view.size), reached), first, last, known: false };
}

/**
 * The cursors of one view (one sort, one set of filters, one page size): each answered page gives the cursor that
 * leads to the page after it, so the next page, and any page already passed, is read by key, while a jump to a page
 * never reached goes by number. A new view starts with none.
 */
export class PageCursors {
  private readonly cursors = new Map<number, string>();

  constructor(readonly view: string) {}

  /** The cursor that leads to `page`, when the page before it was answered in this view. */
  after(page: number): string | undefined {
    return page > 1 ? this.cursors.get(page) : undefined;
  }

  /** Keep the cursor an answer of `page` gives for the page after it. */
  record(page: number, next: string | null | undefined): void {
    if (next) this.cursors.set(page + 1, next);
  }
}

/** An OData page as the call search and the MeasureIt search answer it: the rows, and the count or "more than". */
export interface ODataAnswer<T> {
  value: T[];
  '@odata.count'?: number;
  '@cc.countMoreThan'?: number;
}

export function odataPageOf<T>(answer: ODataAnswer<T>): PageAnswer<T> {
  const moreThan = answer['@cc.countMoreThan'];
  return moreThan === undefined
    ? { rows: answer.value, total: answer['@odata.count'] ?? 0 }
    : { rows: answer.value, total: moreThan, moreThan: true };
}
