import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type {
  CellKeyDownEvent,
  ColDef,
  FilterChangedEvent,
  FullWidthCellKeyDownEvent,
  GridApi,
  RowClickedEvent,
  RowSelectionOptions,
  SelectionColumnDef,
  SortChangedEvent,
} from 'ag-grid-community';
import { DataGrid } from '../DataGrid';
import { useLatest } from '../../lib/use-latest';
import { filterModelOf, sameFilters, textFiltersOf, type TextFilters } from './server-filters';
import { columnOfSort, serverColumnDefs, sortOfColumns, type ServerSort } from './server-sort';

export type { ServerSort } from './server-sort';

/** Text filters the server applies, typed in boxes under the headers (server-filters.ts). */
export interface ServerFilters {
  /** The ids of the columns the server filters by a text they contain. */
  columns: readonly string[];
  /** Whether the boxes are shown; hidden, no column is filtered. */
  shown: boolean;
  /** The texts, as the screen keeps them: a text changed from outside shows in its box. */
  texts: TextFilters;
  onChange: (texts: Record<string, string>) => void;
}

export interface ServerSortedGridProps<T, S extends string> {
  label: string;
  'data-testid'?: string;
  rows: T[];
  loading: boolean;
  /** The columns; a column sorts (on the server) when `sortFields` maps its colId (or field) to a sort. */
  columns: ColDef<T>[];
  sortFields: Partial<Record<string, S>>;
  sort: ServerSort<S>;
  /** The sort to go back to when the user clears a column's sort. */
  defaultSort: ServerSort<S>;
  onSortChange: (sort: ServerSort<S>) => void;
  getRowId: (row: T) => string;
  /** Enter on a row, and a click on it (a double click with `openOnDoubleClick`). */
  onOpen?: (row: T) => void;
  /** Open a row on a double click: a grid whose single click selects or whose rows hold an Open button. */
  openOnDoubleClick?: boolean;
  noRowsText: string;
  /** Rows the user can select (checkboxes), and what is selected after each change. */
  rowSelection?: RowSelectionOptions<T>;
  selectionColumnDef?: SelectionColumnDef;
  onSelectionChange?: (rows: T[]) => void;
  /** Values the cell renderers read (a Select button's handler). */
  context?: unknown;
  /** The grid's API once ready (select a row from outside: a map's marker). */
  onApi?: (api: GridApi<T>) => void;
  /** Column filters, applied by the server. */
  filters?: ServerFilters;
}

/**
 * A grid whose rows come sorted and paged from the server: a header click asks the server for the new order, the
 * grid keeps the rows in the order they came, and a sort changed from outside (the back button, a shared link) shows
 * on the headers. Only the columns the server can sort are sortable. With `filters`, the columns the server filters
 * take a text box under their headers, whose texts go to the screen as they change (and come from it). The body of
 * every server-paged grid (PagedGrid).
 */
export function ServerSortedGrid<T, S extends string>(props: ServerSortedGridProps<T, S>) {
  const { rows, sort, sortFields, defaultSort, onSortChange, onOpen, filters } = props;
  const [initial] = useState(sort);
  const filtersShown = filters?.shown ?? false;
  const columnDefs = useMemo(
    () => serverColumnDefs(props.columns, { sortFields, initial, filterColumns: filters?.columns, filtersShown }),
    // The columns are fixed for a grid's life, their filters shown or not; the initial sort is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [initial, filtersShown],
  );
  const defaultColDef = useServerOrder(rows);
  const apiRef = useRef<GridApi<T> | null>(null);
  useShownSort(apiRef, sort, sortFields);
  const onFilterChanged = useFilterTexts(apiRef, filters);
  const onSortChanged = ({ api, source }: SortChangedEvent<T>) => {
    if (source === 'api') return;
    onSortChange(sortOfColumns(api.getColumnState(), sortFields, defaultSort));
  };

  return (
    <DataGrid<T>
      label={props.label}
      height="100%"
      data-testid={props['data-testid']}
      rowData={rows}
      columnDefs={columnDefs}
      defaultColDef={defaultColDef}
      getRowId={({ data }) => props.getRowId(data)}
      suppressColumnVirtualisation
      animateRows={false}
      loading={props.loading}
      onGridReady={({ api }) => {
        apiRef.current = api;
        if (filters) showFilterTexts(api, filters.texts);
        props.onApi?.(api);
      }}
      {...(props.rowSelection ? { rowSelection: props.rowSelection } : {})}
      {...(props.selectionColumnDef ? { selectionColumnDef: props.selectionColumnDef } : {})}
      {...(props.onSelectionChange
        ? {
            onSelectionChanged: ({ api }: { api: GridApi<T> }) => props.onSelectionChange?.(api.getSelectedRows()),
          }
        : {})}
      {...(props.context !== undefined ? { context: props.context } : {})}
      {...(filters ? { onFilterChanged } : {})}
      onSortChanged={onSortChanged}
      {...openingProps(onOpen, props.openOnDoubleClick ?? false)}
      noRowsText={props.noRowsText}
    />
  );
}

/** The columns' settings shared by all: resizable, and kept in the order the server sorted the page. */
function useServerOrder<T>(rows: T[]): ColDef<T> {
  const order = useMemo(() => new Map(rows.map((row, i) => [row, i])), [rows]);
  const orderRef = useLatest(order);
  return useMemo<ColDef<T>>(
    () => ({
      resizable: true,
      sortingOrder: ['asc', 'desc', null],
      // The server sorted the page: keep its order whatever the header shows.
      comparator: (_a, _b, nodeA, nodeB, descending) => {
        const map = orderRef.current;
        const delta = (nodeA.data ? (map.get(nodeA.data) ?? 0) : 0) - (nodeB.data ? (map.get(nodeB.data) ?? 0) : 0);
        return descending ? -delta : delta;
      },
    }),
    [orderRef],
  );
}

/** A sort changed from outside (the back button, a shared link) shows on the headers. */
function useShownSort<T, S extends string>(
  apiRef: RefObject<GridApi<T> | null>,
  sort: ServerSort<S>,
  sortFields: Partial<Record<string, S>>,
): void {
  useEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    const colId = columnOfSort(sortFields, sort.sort);
    const shown = api.getColumnState().find((c) => c.sort);
    if (shown?.colId === colId && shown?.sort === sort.dir) return;
    api.applyColumnState({ state: colId ? [{ colId, sort: sort.dir }] : [], defaultState: { sort: null } });
  }, [apiRef, sort.sort, sort.dir, sortFields]);
}

/**
 * The filter texts both ways: the screen's texts shown in the boxes when they change, and the handler that gives the
 * screen a text typed in a box.
 */
function useFilterTexts<T>(apiRef: RefObject<GridApi<T> | null>, filters: ServerFilters | undefined) {
  const filterTexts = filters?.texts;
  useEffect(() => {
    const api = apiRef.current;
    if (api && filterTexts) showFilterTexts(api, filterTexts);
  }, [apiRef, filterTexts]);
  const filtersRef = useLatest(filters);
  return ({ api, source }: FilterChangedEvent<T>) => {
    const now = filtersRef.current;
    if (source === 'api' || !now) return;
    const texts = textFiltersOf(api.getFilterModel(), now.columns);
    if (!sameFilters(texts, now.texts)) now.onChange(texts);
  };
}

/**
 * How a row opens: Enter on it, and a click (a double click with `openOnDoubleClick`); a button or link inside the
 * row does its own thing.
 */
function openingProps<T>(onOpen: ((row: T) => void) | undefined, openOnDoubleClick: boolean) {
  const onCellKeyDown = (event: CellKeyDownEvent<T> | FullWidthCellKeyDownEvent<T>) => {
    const key = event.event as KeyboardEvent | null | undefined;
    if (key?.key !== 'Enter' || !event.data || !onOpen) return;
    // A button or checkbox in the row answers its own Enter; this covers a focused cell anywhere else in the row.
    if (key.target instanceof Element && key.target.closest('button, input')) return;
    onOpen(event.data);
  };
  if (!onOpen) return { onCellKeyDown };
  if (openOnDoubleClick) {
    return { onCellKeyDown, onRowDoubleClicked: ({ data }: { data: T | undefined }) => data && onOpen(data) };
  }
  return {
    onCellKeyDown,
    onRowClicked: ({ data, event }: RowClickedEvent<T>) => {
      // A link or button inside the row (the user grid's Edit) does its own thing, once.
      const target = event?.target;
      if (target instanceof Element && target.closest('a, button')) return;
      if (data) onOpen(data);
    },
    rowStyle: { cursor: 'pointer' },
  };
}

/** The screen's filter texts in the grid's boxes, when the boxes say otherwise (a search returned to, filters off). */
function showFilterTexts<T>(api: GridApi<T>, texts: TextFilters): void {
  const columns = Object.keys({ ...texts, ...api.getFilterModel() });
  if (!sameFilters(textFiltersOf(api.getFilterModel(), columns), texts)) api.setFilterModel(filterModelOf(texts));
}
