import { useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import type {
  CellKeyDownEvent,
  ColDef,
  FullWidthCellKeyDownEvent,
  GridApi,
  RowSelectionOptions,
  SelectionColumnDef,
  SortChangedEvent,
  SortDirection,
} from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { OUTBOUND_SORT_FIELDS, OutboundRow } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { DataGrid, openCallColumn } from '../../../components/DataGrid';
import { useLatest } from '../../../lib/use-latest';

export type SortField = (typeof OUTBOUND_SORT_FIELDS)[number];
export interface ListSort {
  sort: SortField;
  dir: 'asc' | 'desc';
}
/** The list's order when the user has not picked one: earliest call target first. */
export const DEFAULT_SORT: ListSort = { sort: 'callBackDate', dir: 'asc' };

interface GridContext {
  onOpen: (row: OutboundRow) => void;
}

function OpenCell({ data, context }: CustomCellRendererProps<OutboundRow, unknown, GridContext>) {
  if (!data) return null;
  return (
    <Button
      // The cell is the tab stop: Enter on the row opens it (one tab stop per grid).
      tabIndex={-1}
      size="compact-xs"
      variant="default"
      aria-label={`Open call for ${data.FirstName} ${data.LastName}`}
      onClick={() => context.onOpen(data)}
      data-testid="open-call"
    >
      Open
    </Button>
  );
}

/** Column id → the server's sort field. Columns not listed cannot be sorted (the server could not). */
const SORTS: Partial<Record<string, SortField>> = {
  cust_No: 'cust_No',
  callBackDate: 'callBackDate',
  LastCalled: 'lastAccessDate',
  branchNo: 'branchNo',
  CallStatus: 'CallStatus',
  FirstName: 'FirstName',
  LastName: 'LastName',
  City: 'City',
  Zip: 'Zip',
};

/** The hidden columns of the spec (call-handling.md §2), by their spec name, over the row's fields. */
const HIDDEN: [colId: string, field: keyof OutboundRow][] = [
  ['outboundid', 'OutboundId'],
  ['priceoffer', 'priceoffer'],
  ['service', 'service'],
  ['phone', 'Phone'],
  ['statusdate', 'statusdate'],
  ['callactive', 'callactive'],
  ['type', 'Type'],
  ['callbackcsr', 'callBackCSR'],
  ['callattempts', 'CallAttempts'],
  ['lastaccesscsr', 'lastaccesscsr'],
  ['propevalcode', 'PropEvalCode'],
  ['size', 'Size'],
  ['sqldbid', 'SQLDBID'],
  ['callorigin', 'callOrigin'],
  ['comments', 'comments'],
  ['id', 'Id'],
  ['webleadcallid', 'webleadcallid'],
  ['webleadtype', 'webleadtype'],
  ['enablepropeval', 'enablepropeval'],
];

function columns(sort: ListSort): ColDef<OutboundRow>[] {
  const sortable = (def: ColDef<OutboundRow>): ColDef<OutboundRow> => {
    const field = SORTS[def.colId ?? def.field ?? ''];
    const initialSort: SortDirection = field === sort.sort ? sort.dir : null;
    return { ...def, sortable: field !== undefined, initialSort };
  };
  return [
    openCallColumn<OutboundRow>(OpenCell),
    // Widths for a call-centre desk's 1366 px screen (docs/decisions/070-screens-at-1366.md): who, when and where
    // (Account to Zip) are in view without scrolling sideways; Name, Customer Type and CustStatus follow.
    sortable({ field: 'cust_No', headerName: 'Account', width: 86 }),
    sortable({ field: 'callBackDate', headerName: 'Call Target', width: 145 }),
    sortable({ field: 'LastCalled', headerName: 'Last Called', width: 145 }),
    sortable({ field: 'branchNo', headerName: 'Branch No', width: 100 }),
    sortable({ field: 'CallStatus', headerName: 'Status', width: 84 }),
    sortable({ field: 'FirstName', headerName: 'First Name', width: 100 }),
    sortable({ field: 'LastName', headerName: 'Last Name', width: 105 }),
    sortable({ field: 'Street', headerName: 'Street', width: 150 }),
    sortable({ field: 'City', headerName: 'City', width: 105 }),
    sortable({ field: 'State', headerName: 'State', width: 62 }),
    sortable({
      field: 'Zip',
      headerName: 'Zip',
      width: 86,
      valueFormatter: ({ value }: { value: string | null | undefined }) => displayZip(value ?? ''),
    }),
    sortable({ field: 'Name', headerName: 'Name', width: 200 }),
    sortable({ field: 'CustomerType', headerName: 'Customer Type', width: 135 }),
    sortable({ field: 'Status', headerName: 'CustStatus', width: 105 }),
    ...HIDDEN.map(([colId, field]): ColDef<OutboundRow> => ({ colId, field, headerName: colId, hide: true })),
  ];
}

const ROW_SELECTION: RowSelectionOptions<OutboundRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  enableClickSelection: false,
};
const SELECTION_COLUMN: SelectionColumnDef = { pinned: 'left', width: 44, minWidth: 44, maxWidth: 44 };

export interface OutboundGridProps {
  /** Accessible name of the grid region. */
  label: string;
  rows: OutboundRow[];
  loading: boolean;
  sort: ListSort;
  onSortChange: (sort: ListSort) => void;
  onSelectionChange: (rows: OutboundRow[]) => void;
  onOpen: (row: OutboundRow) => void;
  onGridReady?: (api: GridApi<OutboundRow>) => void;
  'data-testid'?: string;
}

/**
 * One call type's page of calls. Paging and sorting happen on the server: a header click asks the
 * server for the new order, and the grid keeps the rows in the order the server sent them.
 */
export function OutboundGrid({
  label,
  rows,
  loading,
  sort,
  onSortChange,
  onSelectionChange,
  onOpen,
  onGridReady,
  'data-testid': testId,
}: OutboundGridProps) {
  // The initial sort only: later changes come from the grid itself.
  const [initialSort] = useState(sort);
  const columnDefs = useMemo(() => columns(initialSort), [initialSort]);
  const context = useMemo<GridContext>(() => ({ onOpen }), [onOpen]);

  // The server's order, whatever column the grid shows as sorted: compare positions in this page.
  const order = useMemo(() => new Map(rows.map((row, i) => [row, i])), [rows]);
  const orderRef = useLatest(order);
  const defaultColDef = useMemo<ColDef<OutboundRow>>(
    () => ({
      resizable: true,
      sortingOrder: ['asc', 'desc', null],
      comparator: (_a, _b, nodeA, nodeB, descending) => {
        const map = orderRef.current;
        const delta = (nodeA.data ? (map.get(nodeA.data) ?? 0) : 0) - (nodeB.data ? (map.get(nodeB.data) ?? 0) : 0);
        return descending ? -delta : delta;
      },
    }),
    [orderRef],
  );

  const onSortChanged = ({ api }: SortChangedEvent<OutboundRow>) => {
    const sorted = api.getColumnState().find((c) => c.sort);
    const field = sorted ? SORTS[sorted.colId] : undefined;
    if (!sorted || !field) onSortChange(DEFAULT_SORT);
    else onSortChange({ sort: field, dir: sorted.sort === 'desc' ? 'desc' : 'asc' });
  };

  const onCellKeyDown = (event: CellKeyDownEvent<OutboundRow> | FullWidthCellKeyDownEvent<OutboundRow>) => {
    const key = event.event as KeyboardEvent | null | undefined;
    if (!key || key.key !== 'Enter' || !event.data) return;
    // Buttons and checkboxes handle their own keys; this covers a focused cell anywhere else in the row.
    if (key.target instanceof HTMLElement && key.target.closest('button, input')) return;
    onOpen(event.data);
  };

  return (
    <DataGrid<OutboundRow>
      label={label}
      height="100%"
      data-testid={testId}
      rowData={rows}
      columnDefs={columnDefs}
      defaultColDef={defaultColDef}
      context={context}
      getRowId={({ data }) => String(data.OutboundId)}
      rowSelection={ROW_SELECTION}
      selectionColumnDef={SELECTION_COLUMN}
      // Fifteen columns: render them all, so every header is there for assistive technology.
      suppressColumnVirtualisation
      // A new page or order replaces the rows: no fading of rows that belonged to the last one.
      animateRows={false}
      loading={loading}
      onGridReady={({ api }) => onGridReady?.(api)}
      onSortChanged={onSortChanged}
      onSelectionChanged={({ api }) => onSelectionChange(api.getSelectedRows())}
      onCellKeyDown={onCellKeyDown}
      onRowDoubleClicked={({ data }) => data && onOpen(data)}
      overlayNoRowsTemplate="<span>No calls in this list.</span>"
    />
  );
}
