import { useMemo } from 'react';
import { Button } from '@mantine/core';
import type { CellKeyDownEvent, ColDef, FullWidthCellKeyDownEvent, ValueFormatterParams } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { InboundRow } from '@cc/contract';
import { displayZip, formatPhone, phoneDigits } from '@cc/domain';
import { DataGrid, openCallColumn } from '../../../components/DataGrid';

/** Page sizes of the inbound grid (call-handling.md §9). */
export const PAGE_SIZES = [25, 50, 100];

interface GridContext {
  onOpen: (row: InboundRow) => void;
}

function OpenCell({ data, context }: CustomCellRendererProps<InboundRow, unknown, GridContext>) {
  if (!data) return null;
  return (
    <Button
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

function columns(floatingFilter: boolean): ColDef<InboundRow>[] {
  // Filtering is on only with the filter toggle, as floating filters under the headers.
  const filtered = (def: ColDef<InboundRow>): ColDef<InboundRow> => ({
    ...def,
    filter: floatingFilter ? ((def.filter as string | undefined) ?? true) : false,
    floatingFilter,
  });
  return [
    openCallColumn<InboundRow>(OpenCell),
    filtered({ field: 'Branch', headerName: 'Branch', width: 100, initialSort: 'asc' }),
    filtered({ field: 'AccountNo', headerName: 'Cust No', width: 105, filter: 'agNumberColumnFilter' }),
    filtered({ field: 'Name', headerName: 'Name', flex: 1.2, minWidth: 160 }),
    filtered({ field: 'Address', headerName: 'Address', flex: 1.5, minWidth: 180 }),
    filtered({ field: 'City', headerName: 'City', width: 130 }),
    filtered({ field: 'State', headerName: 'State', width: 80 }),
    filtered({ field: 'Zip', headerName: 'Zip', width: 100, valueFormatter: zip }),
    filtered({ field: 'Phone', headerName: 'Phone', width: 140, valueFormatter: phone }),
    filtered({ field: 'CustomerType', headerName: 'Customer Type', width: 150 }),
    { field: 'SQLDBID', hide: true },
    { field: 'CallOrigin', headerName: 'callOrigin', hide: true },
  ];
}

export interface ResultsGridProps {
  rows: InboundRow[];
  showFilters: boolean;
  loading: boolean;
  onOpen: (row: InboundRow) => void;
}

/** The inbound result grid: one row per customer, an Open button per row; Enter on a row opens it too. */
export function ResultsGrid({ rows, showFilters, loading, onOpen }: ResultsGridProps) {
  const columnDefs = useMemo(() => columns(showFilters), [showFilters]);
  const context = useMemo<GridContext>(() => ({ onOpen }), [onOpen]);

  const onCellKeyDown = (event: CellKeyDownEvent<InboundRow> | FullWidthCellKeyDownEvent<InboundRow>) => {
    const key = event.event as KeyboardEvent | null | undefined;
    if (!key || key.key !== 'Enter' || !event.data) return;
    // The Open button handles its own Enter; this covers a focused cell anywhere in the row.
    if (key.target instanceof HTMLElement && key.target.closest('button')) return;
    onOpen(event.data);
  };

  return (
    <DataGrid<InboundRow>
      label="Inbound search results"
      height="100%"
      data-testid="inbound-grid"
      rowData={rows}
      columnDefs={columnDefs}
      defaultColDef={{ sortable: true, resizable: true }}
      context={context}
      getRowId={({ data }) => `${data.SQLDBID}-${data.AccountNo}`}
      pagination
      paginationPageSize={PAGE_SIZES[0]}
      paginationPageSizeSelector={PAGE_SIZES}
      loading={loading}
      onCellKeyDown={onCellKeyDown}
      onRowDoubleClicked={({ data }) => data && onOpen(data)}
      overlayNoRowsTemplate="<span>No customers match the search.</span>"
    />
  );
}
