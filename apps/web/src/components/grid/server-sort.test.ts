import { describe, expect, it } from 'vitest';
import { columnOfSort, serverColumnDefs, sortOfColumns } from './server-sort';

type Row = { name: string; city: string; phone: string };
const sortFields = { name: 'Name', City: 'City' } as const;

describe("the server's sort on a grid's headers", () => {
  const columns = [{ field: 'name' as const }, { colId: 'City', field: 'city' as const }, { field: 'phone' as const }];

  it('makes sortable only the columns the server sorts, and shows the initial sort on its column', () => {
    const defs = serverColumnDefs<Row, 'Name' | 'City'>(columns, {
      sortFields,
      initial: { sort: 'City', dir: 'desc' },
      filterColumns: undefined,
      filtersShown: false,
    });
    expect(defs.map((d) => [d.sortable, d.initialSort])).toEqual([
      [true, null],
      [true, 'desc'],
      [false, null],
    ]);
  });

  it("gives the server's filtered columns a box under the header only while the boxes are shown", () => {
    const options = { sortFields, initial: { sort: 'Name', dir: 'asc' } as const, filterColumns: ['City'] };
    const shown = serverColumnDefs<Row, 'Name' | 'City'>(columns, { ...options, filtersShown: true });
    expect(shown.map((d) => d.floatingFilter ?? false)).toEqual([false, true, false]);
    const hidden = serverColumnDefs<Row, 'Name' | 'City'>(columns, { ...options, filtersShown: false });
    expect(hidden.map((d) => d.floatingFilter ?? false)).toEqual([false, false, false]);
  });

  it("asks for the sorted column's sort, or the default one when none is sorted or the column is not the server's", () => {
    const defaultSort = { sort: 'Name', dir: 'asc' } as const;
    expect(
      sortOfColumns(
        [
          { colId: 'name', sort: null },
          { colId: 'City', sort: 'desc' },
        ],
        sortFields,
        defaultSort,
      ),
    ).toEqual({
      sort: 'City',
      dir: 'desc',
    });
    expect(sortOfColumns([{ colId: 'name', sort: null }], sortFields, defaultSort)).toBe(defaultSort);
    expect(sortOfColumns([{ colId: 'phone', sort: 'asc' }], sortFields, defaultSort)).toBe(defaultSort);
  });

  it('finds the column that shows a sort', () => {
    expect(columnOfSort(sortFields, 'City')).toBe('City');
    expect(columnOfSort<string>(sortFields, 'Phone')).toBeUndefined();
  });
});
