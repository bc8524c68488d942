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
import { nextCallRow, sectionSummary } from './section-summary';

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
  const name = callType.CallTypeName as OutboundCallTypeName;
  const display = callType.CallTypeDisplayName;
  const { view, grid } = useSectionGrid(scope, name);
  const [selected, setSelected] = useState<OutboundRow[]>([]);
  const list = grid.query;
  const { rows, total, first, last } = grid;
  const { callTarget, lastCalled } = view;
  const refresh = useRefresh(scope, display, () => list.refetch());
  const remove = useDeleteCalls(scope, name, display);
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
        <SectionActions
          display={display}
          refresh={{ run: () => void refresh(), busy: list.isRefetching && !list.isPlaceholderData }}
          nextCall={{
            run: () => {
              const row = nextCallRow(rows, selected);
              if (row) onOpen(row, true);
            },
            disabled: rows.length === 0,
          }}
          remove={{
            run: () =>
              remove.confirm(
                selected.map((r) => r.OutboundId),
                () => setSelected([]),
              ),
            selected: selected.length,
            busy: remove.pending,
          }}
        />
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
        summary={sectionSummary({ total, first, last, filtered, selected: selected.length })}
      />
    </Stack>
  );
}

/** Refresh: the list and the counts again, and a toast that says whether both came. */
function useRefresh(scope: OutboundScope, display: string, refetchList: () => Promise<{ isError: boolean }>) {
  const queryClient = useQueryClient();
  return async () => {
    const [listAnswer, countsAnswer] = await Promise.all([
      refetchList(),
      queryClient.fetchQuery({ ...countsQueryOf(scope), staleTime: 0 }).then(
        () => true,
        () => false,
      ),
    ]);
    if (listAnswer.isError || !countsAnswer) toast.error(refreshFailedText(display));
    else toast.success(refreshedText(display));
  };
}

/**
 * Refresh, Next Call and Delete Selected. Next Call opens the first selected row in the grid's order, otherwise the
 * first row of the page; the call screen dials it when the app can dial (docs/decisions/084-next-call-dials.md).
 */
function SectionActions({
  display,
  refresh,
  nextCall,
  remove,
}: {
  display: string;
  refresh: { run: () => void; busy: boolean };
  nextCall: { run: () => void; disabled: boolean };
  remove: { run: () => void; selected: number; busy: boolean };
}) {
  return (
    <Group gap="xs" role="group" aria-label={`${display} actions`}>
      <BusyButton
        size="xs"
        variant="default"
        leftSection={<IconRefresh size={16} />}
        onClick={refresh.run}
        busy={refresh.busy}
      >
        Refresh
      </BusyButton>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPhoneOutgoing size={16} />}
        onClick={nextCall.run}
        disabled={nextCall.disabled}
      >
        Next Call
      </Button>
      <BusyButton
        size="xs"
        variant="default"
        c={remove.selected === 0 ? undefined : 'red.9'}
        leftSection={<IconTrash size={16} />}
        onClick={remove.run}
        disabled={remove.selected === 0}
        busy={remove.busy}
      >
        Delete Selected
      </BusyButton>
    </Group>
  );
}
