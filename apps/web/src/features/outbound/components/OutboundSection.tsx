import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconPhoneOutgoing, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboundCount, OutboundRow } from '@cc/contract';
import type { OutboundCallTypeName } from '@cc/domain';
import { toast } from '../../../lib/toast';
import { countsQueryOf, type OutboundScope } from '../api/outbound';
import { DateRangeFilter } from './DateRangeFilter';
import { OutboundGrid } from './OutboundGrid';
import { useDeleteCalls, useSectionGrid } from './section-state';
import { BusyButton } from '../../../components/BusyButton';

/** Tall enough for about fourteen rows; shorter when a filtered list has fewer (room for three). */
const gridHeight = (rows: number) => Math.min(520, 36 + Math.max(rows, 3) * 34 + 4);

export const refreshedText = (callType: string) => `Refreshed ${callType}`;
export const refreshFailedText = (callType: string) => `ERROR Refreshing ${callType}!`;

export interface OutboundSectionProps {
  scope: OutboundScope;
  callType: OutboundCount;
  /** Open a row's call; `dial`: Next Call's, which dials the customer once the call is open. */
  onOpen: (row: OutboundRow, dial?: boolean) => void;
}

/**
 * The body of one call type's section: day filters, the actions (Refresh, Next Call, Delete Selected),
 * the grid of one page and the pager. Mounted when the section first opens, then kept.
 */
export function OutboundSection({ scope, callType, onOpen }: OutboundSectionProps) {
  const queryClient = useQueryClient();
  const name = callType.CallTypeName as OutboundCallTypeName;
  const display = callType.CallTypeDisplayName;
  const { view, grid } = useSectionGrid(scope, name);
  const [selected, setSelected] = useState<OutboundRow[]>([]);
  const list = grid.query;
  const { rows, total, first, last } = grid;
  const { callTarget, lastCalled } = view;

  const refresh = async () => {
    const [listAnswer, countsAnswer] = await Promise.all([
      list.refetch(),
      queryClient.fetchQuery({ ...countsQueryOf(scope), staleTime: 0 }).then(
        () => true,
        () => false,
      ),
    ]);
    if (listAnswer.isError || !countsAnswer) toast.error(refreshFailedText(display));
    else toast.success(refreshedText(display));
  };

  /**
   * The first selected row in the grid's order, otherwise the first row of the page; the call screen dials it when the
   * app can dial (docs/decisions/084-next-call-dials.md).
   */
  const nextCall = () => {
    const chosen = new Set(selected);
    const row = rows.find((r) => chosen.has(r)) ?? rows[0];
    if (row) onOpen(row, true);
  };

  const remove = useDeleteCalls(scope, name, display);
  const confirmDelete = () =>
    remove.confirm(
      selected.map((r) => r.OutboundId),
      () => setSelected([]),
    );

  const filtered = callTarget.some(Boolean) || lastCalled.some(Boolean);
  const testId = `outbound-${name}`;

  return (
    <Stack gap="xs" data-testid={`${testId}-body`}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <DateRangeFilter
            label="Call Target"
            value={callTarget}
            onChange={(range) => grid.refine({ callTarget: range })}
          />
          <DateRangeFilter
            label="Last Called"
            value={lastCalled}
            onChange={(range) => grid.refine({ lastCalled: range })}
          />
        </Group>
        <Group gap="xs" role="group" aria-label={`${display} actions`}>
          <BusyButton
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void refresh()}
            busy={list.isRefetching && !list.isPlaceholderData}
          >
            Refresh
          </BusyButton>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPhoneOutgoing size={16} />}
            onClick={nextCall}
            disabled={rows.length === 0}
          >
            Next Call
          </Button>
          <BusyButton
            size="xs"
            variant="default"
            c={selected.length === 0 ? undefined : 'red.9'}
            leftSection={<IconTrash size={16} />}
            onClick={confirmDelete}
            disabled={selected.length === 0}
            busy={remove.pending}
          >
            Delete Selected
          </BusyButton>
        </Group>
      </Group>

      {list.isError && !list.data ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={`Could not load ${display}`} role="alert">
          {list.error.message}
        </Alert>
      ) : null}

      <OutboundGrid
        label={`${display} calls`}
        grid={grid}
        height={gridHeight}
        sort={{ sort: view.sort, dir: view.dir }}
        onSortChange={grid.refine}
        onSelectionChange={setSelected}
        onOpen={onOpen}
        data-testid={`${testId}-grid`}
        summaryTestId={`${testId}-summary`}
        pagerLabel={`${display} pages`}
        summary={
          (total === 0
            ? filtered
              ? 'No calls match the dates'
              : 'No calls'
            : `${first}–${last} of ${total.toLocaleString()} ${filtered ? 'matching ' : ''}calls`) +
          (selected.length > 0 ? ` · ${selected.length} selected` : '')
        }
      />
    </Stack>
  );
}
