import { describe, expect, it } from 'vitest';
import type { InboundSearchResponse } from '@cc/contract';
import { isFirstView, viewOf } from './grid-view';

const block = (startRow: number, endRow: number, extra: Partial<Parameters<typeof viewOf>[0]> = {}) => ({
  startRow,
  endRow,
  sortModel: [],
  filterModel: {},
  ...extra,
});

describe('viewOf: the grid block asked for, as the search call takes it', () => {
  it('a block is a page: its number from the first row, its size from the block', () => {
    expect(viewOf(block(0, 25))).toEqual({ page: 1, pageSize: 25, sort: 'Branch', dir: 'asc', filters: {} });
    expect(viewOf(block(50, 75))).toMatchObject({ page: 3, pageSize: 25 });
    expect(viewOf(block(200, 300))).toMatchObject({ page: 3, pageSize: 100 });
  });

  it('the sort of a grid column, descending too; no sort, or a column the server does not sort, is the first order', () => {
    expect(viewOf(block(0, 25, { sortModel: [{ colId: 'Name', sort: 'desc' }] }))).toMatchObject({
      sort: 'Name',
      dir: 'desc',
    });
    expect(viewOf(block(0, 25, { sortModel: [{ colId: 'City', sort: 'asc' }] }))).toMatchObject({ sort: 'City' });
    expect(viewOf(block(0, 25, { sortModel: [{ colId: 'open', sort: 'asc' }] }))).toMatchObject({
      sort: 'Branch',
      dir: 'asc',
    });
  });

  it("the text of each column's filter; blank filters and unknown columns are left out", () => {
    const filterModel = {
      City: { filterType: 'text', type: 'contains', filter: 'Spring' },
      Phone: { filterType: 'text', type: 'contains', filter: '(630) 555' },
      Name: { filterType: 'text', type: 'contains', filter: '   ' },
      SQLDBID: { filterType: 'text', type: 'contains', filter: '18001' },
    };
    expect(viewOf(block(0, 25, { filterModel })).filters).toEqual({ City: 'Spring', Phone: '(630) 555' });
  });
});

describe('isFirstView: when the search answer already holds the block', () => {
  const first = { pageSize: 25 } as InboundSearchResponse;
  it('page 1 at the same size in the first order, unfiltered', () => {
    expect(isFirstView(viewOf(block(0, 25, { sortModel: [{ colId: 'Branch', sort: 'asc' }] })), first)).toBe(true);
    expect(isFirstView(viewOf(block(0, 50)), first)).toBe(false);
    expect(isFirstView(viewOf(block(25, 50)), first)).toBe(false);
    expect(isFirstView(viewOf(block(0, 25, { sortModel: [{ colId: 'Branch', sort: 'desc' }] })), first)).toBe(false);
    const filterModel = { City: { filterType: 'text', type: 'contains', filter: 'a' } };
    expect(isFirstView(viewOf(block(0, 25, { filterModel })), first)).toBe(false);
  });
});
