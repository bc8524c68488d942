import { describe, expect, it } from 'vitest';
import { INBOUND_FIRST_VIEW } from '@cc/contract';
import { firstView, requestOf } from './grid-view';

describe("the search call's body for a view of the results", () => {
  it("the first view at the contract's first page size is the body of the criteria alone", () => {
    const criteria = { lastname: 'Smith', fulladdress: '' };
    expect(requestOf(criteria, firstView(INBOUND_FIRST_VIEW.pageSize))).toEqual({ ...criteria, ...INBOUND_FIRST_VIEW });
  });

  it('a page of another size, order and filters carries them beside the criteria', () => {
    const view = { page: 3, size: 50, sort: 'Name', dir: 'desc', filters: { City: 'Spring' } } as const;
    expect(requestOf({ phone: '6305551234' }, view)).toEqual({
      phone: '6305551234',
      page: 3,
      pageSize: 50,
      sort: 'Name',
      dir: 'desc',
      filters: { City: 'Spring' },
    });
  });
});
