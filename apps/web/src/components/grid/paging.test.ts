import { describe, expect, it } from 'vitest';
import { PageCursors, odataPageOf, pageSpan } from './paging';

describe('pageSpan', () => {
  it('counts the pages of an exact count and places the page among the matches', () => {
    expect(pageSpan({ rows: 25, total: 60 }, { page: 2, size: 25 })).toEqual({
      pages: 3,
      first: 26,
      last: 50,
      known: true,
    });
    expect(pageSpan({ rows: 10, total: 60 }, { page: 3, size: 25 })).toMatchObject({ first: 51, last: 60 });
  });

  it('offers one page for no matches, and says no rows are shown', () => {
    expect(pageSpan({ rows: 0, total: 0 }, { page: 1, size: 25 })).toEqual({
      pages: 1,
      first: 0,
      last: 0,
      known: true,
    });
  });

  it('past the count limit offers the pages up to the limit and, from a full page, the next one; no last page', () => {
    const capped = { total: 10_000, moreThan: true };
    expect(pageSpan({ ...capped, rows: 100 }, { page: 1, size: 100 })).toMatchObject({ pages: 101, known: false });
    expect(pageSpan({ ...capped, rows: 100 }, { page: 101, size: 100 }).pages).toBe(102);
    expect(pageSpan({ ...capped, rows: 40 }, { page: 150, size: 100 }).pages).toBe(150);
  });
});

describe('PageCursors', () => {
  it('leads to a page by the cursor its page before gave, and to the first page and a page never reached by number', () => {
    const cursors = new PageCursors('view');
    cursors.record(1, 'after-1');
    cursors.record(2, 'after-2');
    cursors.record(3, null);
    expect(cursors.after(1)).toBeUndefined();
    expect(cursors.after(2)).toBe('after-1');
    expect(cursors.after(3)).toBe('after-2');
    expect(cursors.after(4)).toBeUndefined();
    expect(cursors.after(9)).toBeUndefined();
  });
});

describe('odataPageOf', () => {
  it('reads the exact count, or the limit the count passed', () => {
    expect(odataPageOf({ value: [1, 2], '@odata.count': 2 })).toEqual({ rows: [1, 2], total: 2 });
    expect(odataPageOf({ value: [1], '@cc.countMoreThan': 10_000 })).toEqual({
      rows: [1],
      total: 10_000,
      moreThan: true,
    });
    expect(odataPageOf({ value: [] })).toEqual({ rows: [], total: 0 });
  });
});
