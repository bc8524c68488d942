import { useEffect, useMemo, useRef } from 'react';
import { Button } from '@mantine/core';
import type {
  CellKeyDownEvent,
  ColDef,
  FullWidthCellKeyDownEvent,
  GridApi,
  IDatasource,
  PaginationChangedEvent,
  ValueFormatterParams,
} from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { INBOUND_PAGE_SIZES, type InboundRow, type InboundSearchResponse } from '@cc/contract';
import { displayZip, formatPhone, phoneDigits } from '@cc/domain';
import { DataGrid, openCallColumn } from '../../../components/DataGrid';
import { isFirstView, viewOf, type SearchView } from '../grid-view';
import { useLatest } from '../../../lib/use-latest';
import { markShown } from '../../../lib/shown';

/** What an empty result reads: an empty search, or column filters that let no row through. */
export const NO_CUSTOMERS = 'No customers found';

/** Page sizes of the inbound grid (call-handling.md §9). */
export const PAGE_SIZES: number[] = [...INBOUND_PAGE_SIZES];

interface GridContext {
  onOpen: (row: InboundRow) => void;
}

function OpenCell({ data, context }: CustomCellRendererProps<InboundRow, unknown, GridContext>) {
  if (!data) return null;
  return (
    <Button
      // The cell is the tab stop: Enter on the row opens it (one tab stop per grid).
      tabIndex={-1}
      size="compact-xs"
      variant="light"
      aria-label={`Open call for ${data.Name}`}
      onClick={() => context.onOpen(data)}
      data-testid="open-call"
    >
      Open
    </Button>
  );
}

const phone = ({ value }: ValueFormatterParams<InboundRow, string>) => formatPhone(phoneDigits(value ?? ''));
const zip = ({ value }: ValueFormatterParams<InboundRow, string>) => displayZip(value ?? '');

/** Text filters that the server applies: one 'contains' box per column (decision 015). */
const SERVER_FILTER = { filterOptions: ['contains'], maxNumConditions: 1 };

function columns(floatingFilter: boolean): ColDef<InboundRow>[] {
  // Filtering is on only with the filter toggle, as floating filters under the headers.
  const filtered = (def: ColDef<InboundRow>): ColDef<InboundRow> => ({
    ...def,
    filter: floatingFilter ? 'agTextColumnFilter' : false,
    filterParams: SERVER_FILTER,
    floatingFilter,
  });
  return [
    openCallColumn<InboundRow>(OpenCell),
    filtered({ field: 'Branch', headerName: 'Branch', width: 100, initialSort: 'asc' }),
    filtered({ field: 'AccountNo', headerName: 'Cust No', width: 105 }),
    filtered({ field: 'Name', headerName: 'Name', flex: 1.2, minWidth: 160 }),
    filtered({ field: 'Address', headerName: 'Address', flex: 1.5, minWidth: 180 }),
    filtered({ field: 'City', headerName: 'City', width: 130 }),
    filtered({ field: 'State', headerName: 'State', width: 80 }),
    filtered({ field: 'Zip', headerName: 'Zip', width: 100, valueFormatter: zip }),
    filtered({ field: 'Phone', headerName: 'Phone', width: 140, valueFormatter: phone }),
    filtered({ field: 'CustomerType', headerName: 'Customer Type', width: 150 }),
    { field: 'SQLDBID', hide: true, sortable: false },
    { field: 'CallOrigin', headerName: 'callOrigin', hide: true, sortable: false },
  ];
}

export interface PageFailure {
  error: Error;
  /** Ask the server again for the pages that failed. */
  retry: () => void;
}

export interface ResultsGridProps {
  /** The search's first answer: page 1 in the grid's first order. */
  first: InboundSearchResponse;
  /** Another page of the same search. */
  fetchPage: (view: SearchView) => Promise<InboundSearchResponse>;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
  /** Matches that pass the column filters, as each answer counts them. */
  onRowCount: (rowCount: number) => void;
  /** A page call failed (with a way to ask again), or a later one succeeded (null). */
  onPageError: (failure: PageFailure | null) => void;
  showFilters: boolean;
  loading: boolean;
  onOpen: (row: InboundRow) => void;
}

/**
 * The inbound result grid: one row per customer, an Open button per row; Enter on a row opens it too. Pages,
 * sorting and column filters are the server's (AG Grid's infinite row model, a block per page): the browser holds
 * the pages it has seen, never all the matches. Mount one per search.
 */
export function ResultsGrid({
  first,
  fetchPage,
  pageSize,
  onPageSizeChange,
  onRowCount,
  onPageError,
  showFilters,
  loading,
  onOpen,
}: ResultsGridProps) {
  const columnDefs = useMemo(() => columns(showFilters), [showFilters]);
  const context = useMemo<GridContext>(() => ({ onOpen }), [onOpen]);
  const calls = useLatest({ fetchPage, onRowCount, onPageError });
  const grid = useRef<GridApi<InboundRow> | null>(null);
  // The page size the grid pages by now: a block of another size was asked before the size changed.
  const currentPageSize = useRef(pageSize);
  // Answers that arrive after the grid has gone (a new search) are dropped.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The first answer, until the grid's first block has used it (or asked for something else).
  const seed = useRef<InboundSearchResponse | null>(first);
  const datasource = useMemo<IDatasource>(() => {
    return {
      getRows(params) {
        const view = viewOf(params);
        if (view.pageSize !== currentPageSize.current) {
          // Asked in the old block size just before the size changed; the cache starts again at the new size.
          params.failCallback();
          return;
        }
        const unused = seed.current;
        seed.current = null;
        const answer = unused && isFirstView(view, unused) ? Promise.resolve(unused) : calls.current.fetchPage(view);
        answer.then(
          (found) => {
            if (!mounted.current) return;
            params.successCallback(found.rows, found.rowCount);
            markShown('inbound');
            calls.current.onRowCount(found.rowCount);
            calls.current.onPageError(null);
          },
          (error: unknown) => {
            if (!mounted.current) return;
            params.failCallback();
            calls.current.onPageError({
              error: error instanceof Error ? error : new Error(String(error)),
              // A failed block is not asked for again by itself.
              retry: () => grid.current?.refreshInfiniteCache(),
            });
          },
        );
      },
    };
  }, [calls]);

  const onCellKeyDown = (event: CellKeyDownEvent<InboundRow> | FullWidthCellKeyDownEvent<InboundRow>) => {
    const key = event.event as KeyboardEvent | null | undefined;
    if (!key || key.key !== 'Enter' || !event.data) return;
    // The Open button handles its own Enter; this covers a focused cell anywhere in the row.
    if (key.target instanceof HTMLElement && key.target.closest('button')) return;
    onOpen(event.data);
  };

  const onPaginationChanged = ({ api, newPageSize }: PaginationChangedEvent<InboundRow>) => {
    if (!newPageSize) return;
    currentPageSize.current = api.paginationGetPageSize();
    onPageSizeChange(currentPageSize.current);
  };

  return (
    <DataGrid<InboundRow>
      label="Inbound search results"
      height="100%"
      data-testid="inbound-grid"
      rowModelType="infinite"
      datasource={datasource}
      // One block is one page: a page is one call.
      cacheBlockSize={pageSize}
      columnDefs={columnDefs}
      // One sort at a time (the server sorts by one column), always shown: no unsorted step.
      defaultColDef={{ sortable: true, resizable: true, sortingOrder: ['asc', 'desc'] }}
      suppressMultiSort
      context={context}
      getRowId={({ data }) => `${data.SQLDBID}-${data.AccountNo}`}
      pagination
      paginationPageSize={pageSize}
      paginationPageSizeSelector={PAGE_SIZES}
      onPaginationChanged={onPaginationChanged}
      onGridReady={({ api }) => (grid.current = api)}
      loading={loading}
      onCellKeyDown={onCellKeyDown}
      onRowDoubleClicked={({ data }) => data && onOpen(data)}
      // Column filters that let no match through: said in words, in the grid and where its pager was.
      noRowsText={NO_CUSTOMERS}
    />
  );
}
