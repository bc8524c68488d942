import { useState } from 'react';

/** What a keyset page answers (decision 034): its page number and the cursor of its last row. */
interface CursorPage {
  page: number;
  next: string | null;
}

export interface CursorPaging {
  /** The cursor that leads to `page` (the last row of the page before it), when one is known. */
  after: (page: number) => string | undefined;
  /** Keep the cursor an answered page gives for the page after it (pass nothing for a placeholder). */
  record: (answer: CursorPage | undefined) => void;
}

/**
 * Paging by key with the page-number pager (decision 034). Every page answered tells the cursor of its last row,
 * which leads to the page after it; the hook keeps those per page number for one view (sort, filters), so the next
 * page, and any page already passed (going back), is read by key, while a jump to a page never reached (the last, a
 * number) goes by page number. A new `view` (any text that changes with the sort and filters) starts over.
 */
export function useCursorPaging(view: string): CursorPaging {
  const [kept, setKept] = useState(() => ({ view, cursors: new Map<number, string>() }));
  let cursors = kept.cursors;
  if (kept.view !== view) {
    // A new view starts over: this render already pages by it, and the next keeps it.
    cursors = new Map();
    setKept({ view, cursors });
  }
  return {
    after: (page) => (page > 1 ? cursors.get(page) : undefined),
    // Recording while rendering is safe: the same answer always records the same cursor.
    record: (answer) => {
      if (answer?.next) cursors.set(answer.page + 1, answer.next);
    },
  };
}
