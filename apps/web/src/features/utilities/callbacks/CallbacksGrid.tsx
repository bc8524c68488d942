import type { ColDef, RowSelectionOptions, SelectionColumnDef, ValueFormatterParams } from 'ag-grid-community';
import type { Callback } from '@cc/contract';
import { formatPhone, phoneDigits } from '@cc/domain';
import { DataGrid } from '../../../components/DataGrid';

const ROW_SELECTION: RowSelectionOptions<Callback> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  enableClickSelection: false,
};
const SELECTION_COLUMN: SelectionColumnDef = { pinned: 'left', width: 44, minWidth: 44, maxWidth: 44 };

const COLUMNS: ColDef<Callback>[] = [
  { field: 'callBackDate', headerName: 'Callback Date', width: 170, sort: 'asc' },
  {
    field: 'callBackCSRName',
    headerName: 'CSR',
    width: 160,
    valueFormatter: ({ value }) => (value ? String(value) : '—'),
  },
  { field: 'branchNo', headerName: 'Branch', width: 95 },
  { field: 'cust_No', headerName: 'Cust No', width: 100 },
  { field: 'FirstName', headerName: 'First Name', width: 130 },
  { field: 'LastName', headerName: 'Last Name', width: 140 },
  {
    field: 'Phone',
    headerName: 'Phone',
    width: 130,
    // As every other screen shows a phone number.
    valueFormatter: ({ value }: ValueFormatterParams<Callback, string | null>) => formatPhone(phoneDigits(value ?? '')),
  },
  { field: 'Type', headerName: 'Type', flex: 1, minWidth: 130 },
];

const DEFAULT_COL: ColDef<Callback> = { sortable: true, resizable: true };

export interface CallbacksGridProps {
  rows: Callback[];
  loading: boolean;
  onSelectionChange: (rows: Callback[]) => void;
}

/** The open callbacks, many selectable at once. */
export function CallbacksGrid({ rows, loading, onSelectionChange }: CallbacksGridProps) {
  return (
    <DataGrid<Callback>
      label="Open callbacks"
      height={420}
      rowData={rows}
      columnDefs={COLUMNS}
      defaultColDef={DEFAULT_COL}
      getRowId={({ data }) => String(data.OutboundId)}
      rowSelection={ROW_SELECTION}
      selectionColumnDef={SELECTION_COLUMN}
      suppressColumnVirtualisation
      animateRows={false}
      loading={loading}
      noRowsText="No open callbacks."
      onSelectionChanged={({ api }) => onSelectionChange(api.getSelectedRows())}
      data-testid="callbacks-grid"
    />
  );
}
