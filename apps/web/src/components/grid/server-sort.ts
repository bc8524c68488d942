/**
 * The server's sort on a grid's headers (ServerSortedGrid): which columns sort and how the grid starts, and the sort a
 * header click asks the server for.
 */
import type { ColDef, ColumnState } from 'ag-grid-community';
import { SERVER_TEXT_FILTER } from './server-filters';

export interface ServerSort<S extends string> {
  sort: S;
  dir: 'asc' | 'desc';
}

export const colIdOf = <T>(def: ColDef<T>) => def.colId ?? (def.field as string | undefined) ?? '';

/**
 * The grid's columns: only those the server can sort are sortable, the one of the `initial` sort shows it, and the
 * columns the server filters take a text box under their headers while the boxes are `filtersShown`.
 */
export function serverColumnDefs<T, S extends string>(
  columns: readonly ColDef<T>[],
  options: {
    sortFields: Partial<Record<string, S>>;
    initial: ServerSort<S>;
    filterColumns: readonly string[] | undefined;
    filtersShown: boolean;
  },
): ColDef<T>[] {
  const { sortFields, initial, filterColumns, filtersShown } = options;
  return columns.map((def): ColDef<T> => {
    const field = sortFields[colIdOf(def)];
    const filtered = filterColumns?.includes(colIdOf(def)) ?? false;
    return {
      ...def,
      sortable: field !== undefined,
      initialSort: field !== undefined && field === initial.sort ? initial.dir : null,
      ...(filtered && filtersShown ? { ...SERVER_TEXT_FILTER, floatingFilter: true } : {}),
    };
  });
}

/**
 * The sort a header click asks for: the sorted column's, or the default one when no column is sorted any longer (or
 * the sorted one is not the server's).
 */
export function sortOfColumns<S extends string>(
  state: readonly Pick<ColumnState, 'colId' | 'sort'>[],
  sortFields: Partial<Record<string, S>>,
  defaultSort: ServerSort<S>,
): ServerSort<S> {
  const sorted = state.find((c) => c.sort);
  const field = sorted ? sortFields[sorted.colId] : undefined;
  if (!sorted || !field) return defaultSort;
  return { sort: field, dir: sorted.sort === 'desc' ? 'desc' : 'asc' };
}

/** The column that shows a sort on its header, if any column sorts by it. */
export function columnOfSort<S extends string>(sortFields: Partial<Record<string, S>>, sort: S): string | undefined {
  return Object.entries(sortFields).find(([, field]) => field === sort)?.[0];
}
