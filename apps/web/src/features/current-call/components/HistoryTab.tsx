import { useState } from 'react';
import { Alert, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import type { CellKeyDownEvent, ColDef, FullWidthCellKeyDownEvent } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { HistoryRow, RouteResponse } from '@cc/contract';
import { useShownMark } from '../../../lib/shown';
import { DataGrid } from '../../../components/DataGrid';
import { useCustomerHistory } from '../api/customerHistory';
import { useCustomerTouchpoints } from '../api/customerTouchpoints';
import { money } from '../model';
import { DayRangeInput, type DayRange } from './DayRangeInput';
import { defaultHistoryRange } from '../history-range';
import { callTypeDisplayName } from '@cc/domain';

type Touchpoint = RouteResponse<'customerTouchpoints'>[number];

/**
 * Whether a past call came in or went out, beside its type: an arrow to see, the word for a screen reader and in
 * the tooltip. The direction follows from the type for every call this app makes, so it needs no column of its own.
 */
function TypeCell({ data }: CustomCellRendererProps<HistoryRow>) {
  if (!data) return null;
  const incoming = data.call_direction === 'Incoming';
  const Arrow = incoming ? IconArrowDownLeft : IconArrowUpRight;
  return (
    <Group gap={4} wrap="nowrap" component="span" data-direction={data.call_direction}>
      <span>{callTypeDisplayName(data.call_type)}</span>
      <Arrow size={14} aria-hidden style={{ flex: 'none', color: 'var(--mantine-color-gray-7)' }} />
      <VisuallyHidden>({data.call_direction})</VisuallyHidden>
    </Group>
  );
}

/**
 * What a CSR reads of a past call first (when, what, how it ended, who, how much) comes first, and every column fits
 * a desk's 1366 px beside the customer panel without scrolling sideways: the direction rides in the Type cell, the
 * widths are those of their contents, and a long reason or package reads whole in its tooltip and in the call's log
 * (docs/decisions/070-screens-at-1366.md, docs/decisions/089-screens-fill-the-desk-and-the-floor-shows-who-is-in.md).
 */
const HISTORY_COLUMNS: ColDef<HistoryRow>[] = [
  { field: 'call_start', headerName: 'Date', width: 146, sort: 'desc' },
  {
    field: 'call_type',
    headerName: 'Type',
    width: 136,
    cellRenderer: TypeCell,
    tooltipValueGetter: ({ data }) =>
      data ? `${callTypeDisplayName(data.call_type)} (${data.call_direction})` : undefined,
  },
  { field: 'call_result', headerName: 'Result', flex: 1, minWidth: 110, tooltipField: 'call_result' },
  { field: 'csagent', headerName: 'Agent', width: 112, tooltipField: 'csagent' },
  {
    field: 'totalcost',
    headerName: 'Total',
    width: 84,
    type: 'rightAligned',
    valueFormatter: ({ value }) => (typeof value === 'number' && value ? money(value) : ''),
  },
  { field: 'call_reason', headerName: 'Reason', flex: 1, minWidth: 100, tooltipField: 'call_reason' },
  { field: 'package', headerName: 'Package', flex: 1, minWidth: 100, tooltipField: 'package' },
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
  /** The tab is the one in view: its mark is set when the history is (lib/shown.ts). */
  shown?: boolean;
}

/** Call history and touchpoints, each with its own date range; a history row opens its call log. */
export function HistoryTab({ sqldbid, customerNo, onOpenLog, shown = false }: HistoryTabProps) {
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
  useShownMark('call-tab:history', shown && (!known || !history.isPending), history.data);

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
