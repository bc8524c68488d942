/**
 * The parts of one call type's section that are not its layout: its grid's view and paging, and the deletion of the
 * selected calls with its confirmation.
 */
import { useCallback, useState } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboundCount } from '@cc/contract';
import type { OutboundCallTypeName } from '@cc/domain';
import { toast } from '../../../lib/toast';
import { useServerGrid } from '../../../components/grid/useServerGrid';
import { sectionListQuery, type OutboundScope } from '../api/outbound';
import { useDeleteOutbound } from '../api/deleteOutbound';
import { countsKey, listKey, type OutboundListArgs } from '../api/keys';
import { NO_RANGE, type DayRange } from './DateRangeFilter';
import { DEFAULT_SORT, type ListSort } from './OutboundGrid';

/** Outbound grid page size (call-handling.md §9). */
export const PAGE_SIZE = 25;

export const deletedText = (callType: string) => `Successfully Deleted Calls from ${callType}`;
export const deleteFailedText = (callType: string) => `ERROR Deleting Calls from ${callType}!`;

export interface SectionView {
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

/** A section's view (its sort, day filters and page), kept while the section is mounted, and its page of calls. */
export function useSectionGrid(scope: OutboundScope, name: OutboundCallTypeName) {
  const [view, setView] = useState<SectionView>(FIRST_VIEW);
  const change = useCallback((next: Partial<SectionView>) => setView((old) => ({ ...old, ...next })), []);
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
  return { view, grid };
}

/** Delete Selected: asked first, then the list's count drops at once and the list and the counts are read again. */
export function useDeleteCalls(scope: OutboundScope, name: OutboundCallTypeName, display: string) {
  const queryClient = useQueryClient();
  const remove = useDeleteOutbound();
  const doDelete = async (ids: number[], onDone: () => void) => {
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
    onDone();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey(scope.variant, name) }),
      queryClient.invalidateQueries({ queryKey: countsKey(scope.variant) }),
    ]);
  };

  const confirm = (ids: number[], onDone: () => void) => {
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
      onConfirm: () => void doDelete(ids, onDone),
    });
  };

  return { confirm, pending: remove.isPending };
}
