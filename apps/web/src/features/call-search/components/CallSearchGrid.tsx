import type { ColDef } from 'ag-grid-community';
import type { CallSearchRow } from '@cc/contract';
import { callTypeDisplayName } from '@cc/domain';
import { PagedGrid, type PagedGridProps } from '../../../components/grid/PagedGrid';
import { DEFAULT_VIEW, type SortField } from '../model';

/** Column id → the server's sort field: every column of the grid sorts on the server. */
const SORTS: Partial<Record<string, SortField>> = {
  OutboundId: 'OutboundId',
  branchNo: 'branchNo',
  cust_No: 'cust_No',
  FirstName: 'FirstName',
  LastName: 'LastName',
  callComplete: 'callComplete',
  Type: 'Type',
  lastAccessDate: 'lastAccessDate',
  callBackCSRName: 'callBackCSRName',
  agentName: 'agentName',
};

/**
 * administration.md §2: outboundId, branchNo, cust_No, firstName, lastName, callComplete, type, last accessed, agent.
 * The agent is the call's callback CSR (§3, §7), then the CSR who worked it last; a type shows its one display name,
 * as the filter and the lists name it (decision 062).
 */
const COLUMNS: ColDef<CallSearchRow>[] = [
  { field: 'OutboundId', headerName: 'Outbound Id', width: 120 },
  { field: 'branchNo', headerName: 'Branch', width: 95 },
  { field: 'cust_No', headerName: 'Cust No', width: 105 },
  { field: 'FirstName', headerName: 'First Name', flex: 1, minWidth: 120 },
  { field: 'LastName', headerName: 'Last Name', flex: 1, minWidth: 120 },
  {
    colId: 'callComplete',
    headerName: 'Complete',
    width: 110,
    valueGetter: ({ data }) => (data?.callComplete ? 'Yes' : 'No'),
  },
  {
    field: 'Type',
    headerName: 'Type',
    width: 160,
    valueFormatter: ({ value }) => callTypeDisplayName(String(value ?? '')),
  },
  { field: 'lastAccessDate', headerName: 'Last Accessed', width: 170 },
  { field: 'callBackCSRName', headerName: 'Agent', flex: 1, minWidth: 140 },
  { field: 'agentName', headerName: 'Last Worked By', flex: 1, minWidth: 140 },
];

export type CallSearchGridProps = Pick<
  PagedGridProps<CallSearchRow, SortField>,
  'grid' | 'height' | 'sort' | 'onSortChange' | 'onOpen' | 'sizes' | 'summary'
>;

export function CallSearchGrid(props: CallSearchGridProps) {
  return (
    <PagedGrid<CallSearchRow, SortField>
      label="Calls found"
      data-testid="call-search-grid"
      shownMark="call-search"
      columns={COLUMNS}
      sortFields={SORTS}
      defaultSort={{ sort: DEFAULT_VIEW.sort, dir: DEFAULT_VIEW.dir }}
      getRowId={(row) => String(row.OutboundId)}
      noRowsText="No calls match."
      noun="calls"
      summaryTestId="call-search-summary"
      {...props}
    />
  );
}
