import { useMemo } from 'react';
import type { ColDef, RowSelectionOptions, SelectionColumnDef } from 'ag-grid-community';
import type { PhoneLine } from '@cc/contract';
import { DataGrid } from '../../../components/DataGrid';
import { shownDnis } from './model';

const ROW_SELECTION: RowSelectionOptions<PhoneLine> = {
  mode: 'singleRow',
  checkboxes: true,
  enableClickSelection: true,
};
const SELECTION_COLUMN: SelectionColumnDef = { pinned: 'left', width: 44, minWidth: 44, maxWidth: 44 };

const COLUMNS: ColDef<PhoneLine>[] = [
  { field: 'dnis', headerName: 'Number dialled', width: 170, valueFormatter: ({ value }) => shownDnis(String(value)) },
  { field: 'branchNo', headerName: 'Branch', width: 110 },
  { field: 'compName', headerName: 'Franchise', flex: 1, minWidth: 180 },
  { field: 'description', headerName: 'Description', flex: 1, minWidth: 160 },
];

export interface PhoneLinesGridProps {
  rows: PhoneLine[];
  loading: boolean;
  onSelect: (row: PhoneLine | null) => void;
}

/** The phone lines of the caller's scope, sortable and filterable in the browser (one per number dialled). */
export function PhoneLinesGrid({ rows, loading, onSelect }: PhoneLinesGridProps) {
  const defaultColDef = useMemo<ColDef<PhoneLine>>(() => ({ sortable: true, resizable: true, filter: true }), []);
  return (
    <DataGrid<PhoneLine>
      label="Phone lines"
      height={300}
      rowData={rows}
      columnDefs={COLUMNS}
      defaultColDef={defaultColDef}
      getRowId={({ data }) => String(data.PhoneLineId)}
      rowSelection={ROW_SELECTION}
      selectionColumnDef={SELECTION_COLUMN}
      suppressColumnVirtualisation
      animateRows={false}
      loading={loading}
      noRowsText="No phone lines yet: add the numbers callers dial."
      onSelectionChanged={({ api }) => onSelect(api.getSelectedRows()[0] ?? null)}
      data-testid="phone-lines-grid"
    />
  );
}
