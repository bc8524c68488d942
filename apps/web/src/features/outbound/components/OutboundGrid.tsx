import { useMemo } from 'react';
import { Button } from '@mantine/core';
import type { ColDef, RowSelectionOptions, SelectionColumnDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { OUTBOUND_SORT_FIELDS, OutboundRow } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { openCallColumn } from '../../../components/DataGrid';
import { PagedGrid, type PagedGridProps } from '../../../components/grid/PagedGrid';

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

const COLUMNS: ColDef<OutboundRow>[] = [
  openCallColumn<OutboundRow>(OpenCell),
  // Widths for a call-centre desk's 1366 px screen (docs/decisions/070-screens-at-1366.md): who, when and where
  // (Account to Zip) are in view without scrolling sideways; Name, Customer Type and CustStatus follow.
  { field: 'cust_No', headerName: 'Account', width: 86 },
  { field: 'callBackDate', headerName: 'Call Target', width: 145 },
  { field: 'LastCalled', headerName: 'Last Called', width: 145 },
  { field: 'branchNo', headerName: 'Branch No', width: 100 },
  { field: 'CallStatus', headerName: 'Status', width: 84 },
  { field: 'FirstName', headerName: 'First Name', width: 100 },
  { field: 'LastName', headerName: 'Last Name', width: 105 },
  { field: 'Street', headerName: 'Street', width: 150 },
  { field: 'City', headerName: 'City', width: 105 },
  { field: 'State', headerName: 'State', width: 62 },
  {
    field: 'Zip',
    headerName: 'Zip',
    width: 86,
    valueFormatter: ({ value }: { value: string | null | undefined }) => displayZip(value ?? ''),
  },
  { field: 'Name', headerName: 'Name', width: 200 },
  { field: 'CustomerType', headerName: 'Customer Type', width: 135 },
  { field: 'Status', headerName: 'CustStatus', width: 105 },
  ...HIDDEN.map(([colId, field]): ColDef<OutboundRow> => ({ colId, field, headerName: colId, hide: true })),
];

const ROW_SELECTION: RowSelectionOptions<OutboundRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  enableClickSelection: false,
};
const SELECTION_COLUMN: SelectionColumnDef = { pinned: 'left', width: 44, minWidth: 44, maxWidth: 44 };

export type OutboundGridProps = Pick<
  PagedGridProps<OutboundRow, SortField>,
  | 'label'
  | 'grid'
  | 'height'
  | 'sort'
  | 'onSortChange'
  | 'onSelectionChange'
  | 'summary'
  | 'summaryTestId'
  | 'pagerLabel'
> & {
  onOpen: (row: OutboundRow) => void;
  'data-testid'?: string;
};

/**
 * One call type's page of calls. Paging and sorting happen on the server: a header click asks the
 * server for the new order, and the grid keeps the rows in the order the server sent them. A row's Open button, Enter
 * on the row or a double click opens its call; a single click is left to the selection's checkbox.
 */
export function OutboundGrid({ onOpen, ...props }: OutboundGridProps) {
  const context = useMemo<GridContext>(() => ({ onOpen }), [onOpen]);
  return (
    <PagedGrid<OutboundRow, SortField>
      {...props}
      shownMark="outbound"
      columns={COLUMNS}
      sortFields={SORTS}
      defaultSort={DEFAULT_SORT}
      getRowId={(row) => String(row.OutboundId)}
      rowSelection={ROW_SELECTION}
      selectionColumnDef={SELECTION_COLUMN}
      context={context}
      onOpen={onOpen}
      openOnDoubleClick
      noRowsText="No calls in this list."
      noun="calls"
      gap="xs"
    />
  );
}
