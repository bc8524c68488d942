import { Badge, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { QuoteRow, QuoteSortField } from '@cc/contract';
import { PagedGrid, type PagedGridProps } from '../../../components/grid/PagedGrid';
import { customerName, DEFAULT_VIEW, money } from '../model';

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

const COLUMNS: ColDef<QuoteRow>[] = [
  { field: 'id', headerName: 'Order No.', width: 105 },
  {
    colId: 'customer',
    headerName: 'Customer',
    flex: 1,
    minWidth: 210,
    valueGetter: ({ data }) => (data ? customerName(data) : ''),
    cellRenderer: CustomerCell,
  },
  { field: 'branchNo', headerName: 'Branch', width: 95 },
  { field: 'orderType', headerName: 'Type', width: 95 },
  { field: 'orderStatus', headerName: 'Status', width: 115, cellRenderer: StatusCell },
  {
    field: 'total',
    headerName: 'Total',
    width: 110,
    type: 'rightAligned',
    valueFormatter: ({ value }: { value: number | null | undefined }) =>
      typeof value === 'number' ? money(value) : '',
  },
  { field: 'updated', headerName: 'Updated', width: 160 },
  { field: 'created', headerName: 'Created', width: 160 },
  { field: 'source', headerName: 'Source', width: 115 },
];

export type QuotesGridProps = Pick<
  PagedGridProps<QuoteRow, QuoteSortField>,
  'grid' | 'height' | 'sort' | 'onSortChange' | 'onOpen' | 'summary'
>;

/**
 * One page of orders. Sorting and paging happen on the server: a header click asks for the new order, and the
 * grid keeps the rows in the order the server sent them. A click (or Enter) on a row opens the order.
 */
export function QuotesGrid(props: QuotesGridProps) {
  return (
    <PagedGrid<QuoteRow, QuoteSortField>
      label="Orders"
      data-testid="quotes-grid"
      shownMark="quotes"
      columns={COLUMNS}
      sortFields={SORTS}
      defaultSort={{ sort: DEFAULT_VIEW.sort, dir: DEFAULT_VIEW.dir }}
      getRowId={(row) => String(row.id)}
      noRowsText="No orders match."
      noun="orders"
      summaryTestId="quotes-summary"
      {...props}
    />
  );
}
