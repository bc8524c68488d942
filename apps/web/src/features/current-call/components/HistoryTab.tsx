import { useState } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { CellKeyDownEvent, ColDef, FullWidthCellKeyDownEvent } from 'ag-grid-community';
import type { HistoryRow, RouteResponse } from '@cc/contract';
import { DataGrid } from '../../../components/DataGrid';
import { useCustomerHistory } from '../api/customerHistory';
import { useCustomerTouchpoints } from '../api/customerTouchpoints';
import { money } from '../model';
import { DayRangeInput, defaultHistoryRange, type DayRange } from './DayRangeInput';

type Touchpoint = RouteResponse<'customerTouchpoints'>[number];

/**
 * What a CSR reads of a past call first (when, what, how it ended, who, how much) comes first, so that at a desk's
 * 1366 px the Total is in view beside the customer panel (docs/decisions/070-screens-at-1366.md).
 */
const HISTORY_COLUMNS: ColDef<HistoryRow>[] = [
  { field: 'call_start', headerName: 'Date', width: 150, sort: 'desc' },
  { field: 'call_type', headerName: 'Type', width: 135 },
  { field: 'call_result', headerName: 'Result', flex: 1, minWidth: 120 },
  { field: 'csagent', headerName: 'Agent', width: 125 },
  {
    field: 'totalcost',
    headerName: 'Total',
    width: 90,
    type: 'rightAligned',
    valueFormatter: ({ value }) => (typeof value === 'number' && value ? money(value) : ''),
  },
  { field: 'call_reason', headerName: 'Reason', flex: 1, minWidth: 120 },
  { field: 'call_direction', headerName: 'Direction', width: 95 },
  { field: 'package', headerName: 'Package', width: 140 },
];

const TOUCHPOINT_COLUMNS: ColDef<Touchpoint>[] = [
  { field: 'touchDate', headerName: 'Date', width: 150, sort: 'desc' },
  { field: 'kind', headerName: 'Kind', width: 130 },
  { field: 'description', headerName: 'Description', flex: 1, minWidth: 200 },
  { field: 'employee', headerName: 'Employee', width: 130 },
  {
    field: 'amount',
    headerName: 'Amount',
    width: 100,
    type: 'rightAligned',
    valueFormatter: ({ value }) => (typeof value === 'number' ? money(value) : ''),
  },
];

export interface HistoryTabProps {
  sqldbid: number;
  customerNo: number;
  onOpenLog: (call: HistoryRow) => void;
}

/** Call history and touchpoints, each with its own date range; a history row opens its call log. */
export function HistoryTab({ sqldbid, customerNo, onOpenLog }: HistoryTabProps) {
  const [historyRange, setHistoryRange] = useState<DayRange>(defaultHistoryRange);
  const [touchRange, setTouchRange] = useState<DayRange>(defaultHistoryRange);
  const known = customerNo >= 0;
  const [hStart, hEnd] = historyRange;
  const [tStart, tEnd] = touchRange;
  const history = useCustomerHistory(
    { sqldbid, customerNo, start: hStart ?? '', end: hEnd ?? '' },
    known && hStart !== null && hEnd !== null,
  );
  const touchpoints = useCustomerTouchpoints(
    { sqldbid, customerNo, start: tStart ?? '', end: tEnd ?? '' },
    known && tStart !== null && tEnd !== null,
  );

  const onCellKeyDown = (event: CellKeyDownEvent<HistoryRow> | FullWidthCellKeyDownEvent<HistoryRow>) => {
    const key = event.event as KeyboardEvent | null | undefined;
    if (key?.key === 'Enter' && event.data) onOpenLog(event.data);
  };

  if (!known) {
    return (
      <Text size="sm" c="gray.7">
        The customer is not known yet, so there is no history to show.
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={3} size="h5">
            Call history
          </Title>
          <Text size="xs" c="gray.7">
            Click a call, or press Enter on it, to read its call log.
          </Text>
        </div>
        <DayRangeInput
          label="Call history dates"
          value={historyRange}
          onChange={setHistoryRange}
          data-testid="history-range"
        />
      </Group>
      {history.error ? (
        <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
          {history.error.message}
        </Alert>
      ) : null}
      <DataGrid<HistoryRow>
        label="Call history"
        height={300}
        data-testid="history-grid"
        rowData={history.data ?? []}
        columnDefs={HISTORY_COLUMNS}
        defaultColDef={{ sortable: true, resizable: true }}
        getRowId={({ data }) => String(data.call_id)}
        loading={history.isFetching}
        onRowClicked={({ data }) => data && onOpenLog(data)}
        onCellKeyDown={onCellKeyDown}
        rowStyle={{ cursor: 'pointer' }}
        overlayNoRowsTemplate="<span>No calls in these dates.</span>"
      />
      <Group justify="space-between" align="flex-end" gap="sm" mt="xs">
        <Title order={3} size="h5">
          Touchpoints
        </Title>
        <DayRangeInput
          label="Touchpoint dates"
          value={touchRange}
          onChange={setTouchRange}
          data-testid="touchpoint-range"
        />
      </Group>
      {touchpoints.error ? (
        <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
          {touchpoints.error.message}
        </Alert>
      ) : null}
      <DataGrid<Touchpoint>
        label="Touchpoints"
        height={260}
        data-testid="touchpoints-grid"
        rowData={touchpoints.data ?? []}
        columnDefs={TOUCHPOINT_COLUMNS}
        defaultColDef={{ sortable: true, resizable: true }}
        getRowId={({ data }) => String(data.touchpointId)}
        loading={touchpoints.isFetching}
        overlayNoRowsTemplate="<span>No touchpoints in these dates.</span>"
      />
    </Stack>
  );
}
