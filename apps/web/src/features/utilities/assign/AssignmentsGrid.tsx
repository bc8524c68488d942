import { useMemo } from 'react';
import type { ColDef, RowSelectionOptions, SelectionColumnDef } from 'ag-grid-community';
import type { CsrAssignment } from '@cc/contract';
import { DataGrid } from '../../../components/DataGrid';

/** A group's stable key: branch, type and source (an unassigned group has no assignment id). */
export const groupKey = (row: Pick<CsrAssignment, 'branch' | 'type' | 'source'>) =>
  `${row.branch}|${row.type}|${row.source}`;

const ROW_SELECTION: RowSelectionOptions<CsrAssignment> = {
  mode: 'singleRow',
  checkboxes: true,
  enableClickSelection: true,
};
const SELECTION_COLUMN: SelectionColumnDef = { pinned: 'left', width: 44, minWidth: 44, maxWidth: 44 };

const COLUMNS: ColDef<CsrAssignment>[] = [
  { field: 'branch', headerName: 'Branch', width: 95 },
  { field: 'type', headerName: 'Type', width: 135 },
  { field: 'source', headerName: 'Source', flex: 1, minWidth: 140 },
  { field: 'callAttempts', headerName: 'Call Attempts', width: 130, type: 'numericColumn' },
  { field: 'callsWithoutAttempts', headerName: 'Calls Without Attempts', width: 190, type: 'numericColumn' },
  { field: 'openCalls', headerName: 'Open Calls', width: 115, type: 'numericColumn' },
  { field: 'csrName', headerName: 'CSR', width: 140, valueFormatter: ({ value }) => (value ? String(value) : '—') },
  {
    colId: 'callComplete',
    headerName: 'Complete',
    width: 100,
    // Text, not AG Grid's checkbox for booleans: nothing here is edited in the cell.
    cellDataType: 'text',
    valueGetter: ({ data }) => (data?.callComplete ? 'Yes' : 'No'),
  },
];

export interface AssignmentsGridProps {
  rows: CsrAssignment[];
  loading: boolean;
  onSelect: (row: CsrAssignment | null) => void;
}

/** The list groups with their CSR, sortable and filterable in the browser (a few hundred rows). */
export function AssignmentsGrid({ rows, loading, onSelect }: AssignmentsGridProps) {
  const defaultColDef = useMemo<ColDef<CsrAssignment>>(() => ({ sortable: true, resizable: true, filter: true }), []);
  return (
    <DataGrid<CsrAssignment>
      label="Assignments"
      height={420}
      rowData={rows}
      columnDefs={COLUMNS}
      defaultColDef={defaultColDef}
      getRowId={({ data }) => groupKey(data)}
      rowSelection={ROW_SELECTION}
      selectionColumnDef={SELECTION_COLUMN}
      suppressColumnVirtualisation
      animateRows={false}
      loading={loading}
      noRowsText="No call lists to assign."
      onSelectionChanged={({ api }) => onSelect(api.getSelectedRows()[0] ?? null)}
      data-testid="assignments-grid"
    />
  );
}
