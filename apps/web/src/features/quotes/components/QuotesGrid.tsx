import { useEffect, useMemo, useRef } from 'react';
import { Badge, Text } from '@mantine/core';
import type {
  CellKeyDownEvent,
  ColDef,
  FullWidthCellKeyDownEvent,
  GridApi,
  SortChangedEvent,
  SortDirection,
} from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { QuoteRow, QuoteSortField } from '@cc/contract';
import { DataGrid } from '../../../components/DataGrid';
import { customerName, DEFAULT_VIEW, money } from '../model';

export interface GridSort {
  sort: QuoteSortField;
  dir: 'asc' | 'desc';
}

/** Badge colours of the order statuses; dark text keeps every one readable (WCAG AA). */
export const STATUS_COLORS: Record<string, string> = { PENDING: 'yellow', SUBMITTED: 'teal', EXPIRED: 'gray' };

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'} c="dark.8" radius="sm" size="sm">
      {status}
    </Badge>
  );
}

function StatusCell({ value }: CustomCellRendererProps<QuoteRow, string>) {
  return value ? <StatusBadge status={value} /> : null;
}

function CustomerCell({ data }: CustomCellRendererProps<QuoteRow>) {
  if (!data) return null;
  return (
    <span>
      {customerName(data) || '—'}{' '}
      <Text span size="xs" c="gray.7">
        #{data.customerNo}
      </Text>
    </span>
  );
}

/** Column id → the server's sort. Columns not listed cannot be sorted (the server could not). */
const SORTS: Partial<Record<string, QuoteSortField>> = {
  customer: 'customer',
  orderStatus: 'status',
  total: 'total',
  updated: 'updated',
  created: 'created',
};

function columns(initial: GridSort): ColDef<QuoteRow>[] {
  const sortable = (def: ColDef<QuoteRow>): ColDef<QuoteRow> => {
    const field = SORTS[def.colId ?? def.field ?? ''];
    const initialSort: SortDirection = field !== undefined && field === initial.sort ? initial.dir : null;
    return { ...def, sortable: field !== undefined, initialSort };
  };
  return [
    sortable({ field: 'id', headerName: 'Order No.', width: 105 }),
    sortable({
      colId: 'customer',
      headerName: 'Customer',
      flex: 1,
      minWidth: 210,
      valueGetter: ({ data }) => (data ? customerName(data) : ''),
      cellRenderer: CustomerCell,
    }),
    sortable({ field: 'branchNo', headerName: 'Branch', width: 95 }),
    sortable({ field: 'orderType', headerName: 'Type', width: 95 }),
    sortable({ field: 'orderStatus', headerName: 'Status', width: 115, cellRenderer: StatusCell }),
    sortable({
      field: 'total',
      headerName: 'Total',
      width: 110,
      type: 'rightAligned',
      valueFormatter: ({ value }: { value: number | null | undefined }) =>
        typeof value === 'number' ? money(value) : '',
    }),
    sortable({ field: 'updated', headerName: 'Updated', width: 160 }),
    sortable({ field: 'created', headerName: 'Created', width: 160 }),
    sortable({ field: 'source', headerName: 'Source', width: 115 }),
  ];
}

export interface QuotesGridProps {
  rows: QuoteRow[];
  loading: boolean;
  sort: GridSort;
  onSortChange: (sort: GridSort) => void;
  onOpen: (row: QuoteRow) => void;
}

/**
 * One page of orders. Sorting and paging happen on the server: a header click asks for the new order, and the
 * grid keeps the rows in the order the server sent them. A click (or Enter) on a row opens the order.
 */
export function QuotesGrid({ rows, loading, sort, onSortChange, onOpen }: QuotesGridProps) {
  // The initial sort only: later changes come from the grid itself.
  const initial = useRef(sort).current;
  const columnDefs = useMemo(() => columns(initial), [initial]);
  const order = useMemo(() => new Map(rows.map((row, i) => [row, i])), [rows]);
  const orderRef = useRef(order);
  orderRef.current = order;
  const defaultColDef = useMemo<ColDef<QuoteRow>>(
    () => ({
      resizable: true,
      sortingOrder: ['asc', 'desc', null],
      comparator: (_a, _b, nodeA, nodeB, descending) => {
        const map = orderRef.current;
        const delta = (nodeA.data ? (map.get(nodeA.data) ?? 0) : 0) - (nodeB.data ? (map.get(nodeB.data) ?? 0) : 0);
        return descending ? -delta : delta;
      },
    }),
    [],
  );

  // A sort that changes from outside (the back button, a link) is shown on the headers too.
  const apiRef = useRef<GridApi<QuoteRow> | null>(null);
  useEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    const colId = Object.entries(SORTS).find(([, field]) => field === sort.sort)?.[0];
    const shown = api.getColumnState().find((c) => c.sort);
    if (shown?.colId === colId && shown?.sort === sort.dir) return;
    api.applyColumnState({ state: colId ? [{ colId, sort: sort.dir }] : [], defaultState: { sort: null } });
  }, [sort.sort, sort.dir]);

  const onSortChanged = ({ api, source }: SortChangedEvent<QuoteRow>) => {
    if (source === 'api') return;
    const sorted = api.getColumnState().find((c) => c.sort);
    const field = sorted ? SORTS[sorted.colId] : undefined;
    if (!sorted || !field) onSortChange({ sort: DEFAULT_VIEW.sort, dir: DEFAULT_VIEW.dir });
    else onSortChange({ sort: field, dir: sorted.sort === 'asc' ? 'asc' : 'desc' });
  };

  const onCellKeyDown = (event: CellKeyDownEvent<QuoteRow> | FullWidthCellKeyDownEvent<QuoteRow>) => {
    const key = event.event as KeyboardEvent | null | undefined;
    if (key?.key === 'Enter' && event.data) onOpen(event.data);
  };

  return (
    <DataGrid<QuoteRow>
      label="Orders"
      height="100%"
      data-testid="quotes-grid"
      rowData={rows}
      columnDefs={columnDefs}
      defaultColDef={defaultColDef}
      getRowId={({ data }) => String(data.id)}
      suppressColumnVirtualisation
      animateRows={false}
      loading={loading}
      onGridReady={({ api }) => {
        apiRef.current = api;
      }}
      onSortChanged={onSortChanged}
      onCellKeyDown={onCellKeyDown}
      onRowClicked={({ data }) => data && onOpen(data)}
      rowStyle={{ cursor: 'pointer' }}
      overlayNoRowsTemplate="<span>No orders match.</span>"
    />
  );
}
