import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, filterOf, pagingOf, paramsOf, queryOf, viewOf, type CallSearchView } from './model';

describe('the call search view', () => {
  it('opens on completed calls only, newest first, 100 to a page', () => {
    expect(viewOf(new URLSearchParams())).toEqual(DEFAULT_VIEW);
    expect(queryOf(DEFAULT_VIEW)).toEqual({
      $filter: 'callComplete',
      $orderby: 'lastAccessDate desc',
      $skip: 0,
      $top: 100,
      $count: 'true',
    });
  });

  it('round-trips through the URL, keeping only what differs', () => {
    const view: CallSearchView = {
      types: ['Cancel', 'Upsell'],
      from: '2026-11-01',
      to: '2026-11-25',
      agent: 7,
      uncompleted: true,
      sort: 'LastName',
      dir: 'asc',
      page: 3,
      size: 500,
    };
    expect(viewOf(paramsOf(view))).toEqual(view);
    expect(paramsOf(DEFAULT_VIEW).toString()).toBe('');
  });

  it('ignores what a hand-edited URL gets wrong', () => {
    const view = viewOf(new URLSearchParams('sort=DROP&dir=up&page=-2&size=42&from=yesterday&agent=x'));
    expect(view).toEqual(DEFAULT_VIEW);
  });

  it('writes the filters as OData, quoting what needs it', () => {
    expect(
      filterOf({ ...DEFAULT_VIEW, types: ["O'Brien list", 'Cancel'], from: '2026-11-01', to: '2026-11-02', agent: 3 }),
    ).toBe(
      "Type in ('O''Brien list','Cancel') and lastAccessDate ge 2026-11-01 and lastAccessDate le 2026-11-02 and callBackCSR eq 3 and callComplete",
    );
    expect(filterOf({ ...DEFAULT_VIEW, uncompleted: true })).toBeUndefined();
    expect(queryOf({ ...DEFAULT_VIEW, page: 4, size: 1000 })).toMatchObject({ $skip: 3000, $top: 1000 });
  });
});

describe('the pager and summary of an answer', () => {
  const rows = (n: number) => Array.from({ length: n }, () => ({}) as never);

  it('an exact count: its pages, the range shown and the last page known', () => {
    expect(pagingOf({ value: rows(100), '@odata.count': 2345 }, { page: 2, size: 100 })).toEqual({
      total: 2345,
      pages: 24,
      summary: `101–200 of ${(2345).toLocaleString()} calls`,
      known: true,
    });
    expect(pagingOf({ value: rows(45), '@odata.count': 2345 }, { page: 24, size: 100 }).summary).toBe(
      `${(2301).toLocaleString()}–${(2345).toLocaleString()} of ${(2345).toLocaleString()} calls`,
    );
    expect(pagingOf({ value: [], '@odata.count': 0 }, { page: 1, size: 100 })).toMatchObject({
      pages: 1,
      summary: 'No calls',
    });
  });

  it('past the count limit: "more than", the pages up to the limit, and the next one from a full page', () => {
    const over = { value: rows(100), '@cc.countMoreThan': 10000 };
    expect(pagingOf(over, { page: 1, size: 100 })).toEqual({
      total: 10000,
      pages: 101,
      summary: `1–100 of more than ${(10000).toLocaleString()} calls`,
      known: false,
    });
    expect(pagingOf(over, { page: 101, size: 100 }).pages).toBe(102);
    expect(pagingOf({ value: rows(40), '@cc.countMoreThan': 10000 }, { page: 150, size: 100 }).pages).toBe(150);
    expect(pagingOf({ value: [], '@cc.countMoreThan': 10000 }, { page: 300, size: 100 }).summary).toBe(
      `No calls on this page (more than ${(10000).toLocaleString()} found)`,
    );
  });
});
