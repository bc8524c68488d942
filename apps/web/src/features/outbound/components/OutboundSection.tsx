import { useCallback, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconPhoneOutgoing, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboundCount, OutboundRow } from '@cc/contract';
import type { OutboundCallTypeName } from '@cc/domain';
import { toast } from '../../../lib/toast';
import { countsQueryOf, sectionListQuery, type OutboundScope } from '../api/outbound';
import { useDeleteOutbound } from '../api/deleteOutbound';
import { countsKey, listKey, type OutboundListArgs } from '../api/keys';
import { useServerGrid } from '../../../components/grid/useServerGrid';
import { DateRangeFilter, NO_RANGE, type DayRange } from './DateRangeFilter';
import { DEFAULT_SORT, OutboundGrid, type ListSort } from './OutboundGrid';

/** Outbound grid page size (call-handling.md §9). */
export const PAGE_SIZE = 25;

/** Tall enough for about fourteen rows; shorter when a filtered list has fewer (room for three). */
const gridHeight = (rows: number) => Math.min(520, 36 + Math.max(rows, 3) * 34 + 4);

export const refreshedText = (callType: string) => `Refreshed ${callType}`;
export const refreshFailedText = (callType: string) => `ERROR Refreshing ${callType}!`;
export const deletedText = (callType: string) => `Successfully Deleted Calls from ${callType}`;
export const deleteFailedText = (callType: string) => `ERROR Deleting Calls from ${callType}!`;

interface SectionView {
  page: number;
  size: number;
  sort: ListSort['sort'];
  dir: ListSort['dir'];
  callTarget: DayRange;
  lastCalled: DayRange;
}
const FIRST_VIEW: SectionView = {
  page: 1,
  size: PAGE_SIZE,
  ...DEFAULT_SORT,
  callTarget: NO_RANGE,
  lastCalled: NO_RANGE,
};

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
  const [view, setView] = useState<SectionView>(FIRST_VIEW);
  const change = useCallback((next: Partial<SectionView>) => setView((old) => ({ ...old, ...next })), []);
  const [selected, setSelected] = useState<OutboundRow[]>([]);
  const remove = useDeleteOutbound();
  // The next page (and one passed before) by key, a jump by number (decision 034).
  const grid = useServerGrid({
    view,
    change,
    queryOf: (v: SectionView, after): { scope: OutboundScope; args: OutboundListArgs } => ({
      scope,
      args: {
        callType: name,
        query: {
          page: v.page,
          after,
          pageSize: v.size,
          sort: v.sort,
          dir: v.dir,
          callTargetFrom: v.callTarget[0] ?? undefined,
          callTargetTo: v.callTarget[1] ?? undefined,
          lastCalledFrom: v.lastCalled[0] ?? undefined,
          lastCalledTo: v.lastCalled[1] ?? undefined,
        },
      },
    }),
    options: ({ scope: s, args }) => sectionListQuery(s, args),
    pageOf: (answer) => ({ rows: answer.data, total: answer.total, next: answer.next }),
  });
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

  const doDelete = async (ids: number[]) => {
    try {
      await remove.mutateAsync({ ids });
    } catch {
      toast.error(deleteFailedText(display));
      return;
    }
    toast.success(deletedText(display));
    // The count drops at once; the server's answer follows.
    queryClient.setQueriesData<OutboundCount[]>({ queryKey: countsKey(scope.variant) }, (old) =>
      old?.map((c) => (c.CallTypeName === name ? { ...c, count: Math.max(0, c.count - ids.length) } : c)),
    );
    setSelected([]);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey(scope.variant, name) }),
      queryClient.invalidateQueries({ queryKey: countsKey(scope.variant) }),
    ]);
  };

  const confirmDelete = () => {
    const ids = selected.map((r) => r.OutboundId);
    const n = ids.length;
    modals.openConfirmModal({
      title: 'Delete Selected Calls',
      children: (
        <Text size="sm">
          Delete {n} selected {n === 1 ? 'call' : 'calls'} from {display}? They will no longer appear in the list.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => void doDelete(ids),
    });
  };

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
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void refresh()}
            loading={list.isRefetching && !list.isPlaceholderData}
          >
            Refresh
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPhoneOutgoing size={16} />}
            onClick={nextCall}
            disabled={rows.length === 0}
          >
            Next Call
          </Button>
          <Button
            size="xs"
            variant="default"
            c={selected.length === 0 ? undefined : 'red.9'}
            leftSection={<IconTrash size={16} />}
            onClick={confirmDelete}
            disabled={selected.length === 0}
            loading={remove.isPending}
          >
            Delete Selected
          </Button>
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
