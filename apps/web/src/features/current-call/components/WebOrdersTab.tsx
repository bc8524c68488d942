import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ColDef } from 'ag-grid-community';
import type { RouteResponse } from '@cc/contract';
import { useShownMark } from '../../../lib/shown';
import { DataGrid } from '../../../components/DataGrid';
import { useWebOrders } from '../api/webOrders';
import { money } from '../model';

type WebOrder = RouteResponse<'webOrders'>[number];

/** Widths chosen so that all eight columns fit beside the customer column at 1280 px. */
const COLUMNS: ColDef<WebOrder>[] = [
  { field: 'orderNo', headerName: 'Order No.', width: 95 },
  { field: 'type', headerName: 'Type', width: 80 },
  { field: 'status', headerName: 'Status', width: 100 },
  { field: 'title', headerName: 'Title', flex: 1, minWidth: 100 },
  { field: 'rounds', headerName: 'Rds', width: 60, type: 'rightAligned' },
  {
    field: 'unitPrice',
    headerName: 'Unit Price',
    width: 100,
    type: 'rightAligned',
    valueFormatter: ({ value }) => (typeof value === 'number' ? money(value) : ''),
  },
  { field: 'updated', headerName: 'Updated', width: 160 },
  { field: 'source', headerName: 'Source', width: 95 },
];

/** This service year's orders of the customer, one row per order line. */
export function WebOrdersTab({
  sqldbid,
  customerNo,
  shown = false,
}: {
  sqldbid: number;
  customerNo: number;
  /** The tab is the one in view: its mark is set when the orders are (lib/shown.ts). */
  shown?: boolean;
}) {
  const orders = useWebOrders(sqldbid, customerNo, customerNo > 0);
  useShownMark('call-tab:web-orders', shown && (customerNo <= 0 || !orders.isPending), orders.data);
  if (customerNo <= 0) {
    return (
      <Text size="sm" c="gray.7">
        A new or unknown customer has no orders yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="xs" c="gray.7">
        Orders of the current service year.
      </Text>
      {orders.error ? (
        <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
          {orders.error.message}
        </Alert>
      ) : null}
      <DataGrid<WebOrder>
        label="Web orders"
        height={360}
        data-testid="web-orders-grid"
        rowData={orders.data ?? []}
        columnDefs={COLUMNS}
        defaultColDef={{ sortable: true, resizable: true }}
        getRowId={({ data }) => `${data.orderNo}-${data.orderItemId}`}
        loading={orders.isFetching}
        overlayNoRowsTemplate="<span>No orders this service year.</span>"
      />
    </Stack>
  );
}
