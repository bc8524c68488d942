import { useMemo } from 'react';
import { Button } from '@mantine/core';
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { INBOUND_PAGE_SIZES, type InboundGridColumn, type InboundRow } from '@cc/contract';
import { displayZip, formatPhone, phoneDigits } from '@cc/domain';
import { openCallColumn } from '../../../components/DataGrid';
import { PagedGrid, type GridPaging } from '../../../components/grid/PagedGrid';
import type { ServerSort } from '../../../components/grid/ServerSortedGrid';
import { firstView, GRID_COLUMNS, type InboundView } from '../grid-view';

/** What an empty result reads: an empty search, or column filters that let no row through. */
export const NO_CUSTOMERS = 'No customers found';

/** Page sizes of the inbound grid (call-handling.md §9). */
export const PAGE_SIZES: readonly number[] = INBOUND_PAGE_SIZES;

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

const COLUMNS: ColDef<InboundRow>[] = [
  openCallColumn<InboundRow>(OpenCell),
  { field: 'Branch', headerName: 'Branch', width: 100 },
  { field: 'AccountNo', headerName: 'Cust No', width: 105 },
  { field: 'Name', headerName: 'Name', flex: 1.2, minWidth: 160 },
  { field: 'Address', headerName: 'Address', flex: 1.5, minWidth: 180 },
  { field: 'City', headerName: 'City', width: 130 },
  { field: 'State', headerName: 'State', width: 80 },
  { field: 'Zip', headerName: 'Zip', width: 100, valueFormatter: zip },
  { field: 'Phone', headerName: 'Phone', width: 140, valueFormatter: phone },
  { field: 'CustomerType', headerName: 'Customer Type', width: 150 },
  { field: 'SQLDBID', hide: true },
  { field: 'CallOrigin', headerName: 'callOrigin', hide: true },
];

/** Every grid column sorts on the server, by the column of its name. */
const SORTS: Partial<Record<string, InboundGridColumn>> = Object.fromEntries(GRID_COLUMNS.map((c) => [c, c]));
const FIRST = firstView(PAGE_SIZES[0] ?? 25);
const DEFAULT_SORT: ServerSort<InboundGridColumn> = { sort: FIRST.sort, dir: FIRST.dir };

export interface ResultsGridProps {
  /** The screen's `useServerGrid` of the search shown. */
  grid: GridPaging<InboundRow> & { first: number; last: number; total: number };
  view: InboundView;
  /** A new sort or filters: back to the first page. */
  refine: (next: Partial<InboundView>) => void;
  /** The boxes of the column filters are shown (the screen's toggle). */
  showFilters: boolean;
  onOpen: (row: InboundRow) => void;
}

/**
 * The inbound result grid: one row per customer, an Open button per row; Enter or a double click on a row opens it
 * too. Pages, sorting and column filters are the server's: the browser holds the page shown, never all the matches.
 */
export function ResultsGrid({ grid, view, refine, showFilters, onOpen }: ResultsGridProps) {
  const context = useMemo<GridContext>(() => ({ onOpen }), [onOpen]);
  const { first, last, total } = grid;
  return (
    <PagedGrid<InboundRow, InboundGridColumn>
      label="Inbound search results"
      data-testid="inbound-grid"
      shownMark="inbound"
      height="parent"
      grid={grid}
      columns={COLUMNS}
      sortFields={SORTS}
      sort={{ sort: view.sort, dir: view.dir }}
      defaultSort={DEFAULT_SORT}
      onSortChange={refine}
      filters={{
        columns: GRID_COLUMNS,
        shown: showFilters,
        texts: view.filters,
        onChange: (filters) => refine({ filters }),
      }}
      context={context}
      getRowId={(row) => `${row.SQLDBID}-${row.AccountNo}`}
      onOpen={onOpen}
      // A single click is the Open button's.
      openOnDoubleClick
      noRowsText={NO_CUSTOMERS}
      noun="customers"
      sizes={PAGE_SIZES}
      summary={total === 0 ? NO_CUSTOMERS : `${first}–${last} of ${total.toLocaleString()}`}
      summaryTestId="inbound-page-summary"
    />
  );
}
