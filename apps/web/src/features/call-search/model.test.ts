import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, filterOf, paramsOf, queryOf, viewOf, type CallSearchView } from './model';

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
      "Type in ('O''Brien list','Cancel') and lastAccessDate ge 2026-11-01 and lastAccessDate le 2026-11-02 and lastAccessCSR eq 3 and callComplete",
    );
    expect(filterOf({ ...DEFAULT_VIEW, uncompleted: true })).toBeUndefined();
    expect(queryOf({ ...DEFAULT_VIEW, page: 4, size: 1000 })).toMatchObject({ $skip: 3000, $top: 1000 });
  });
});
