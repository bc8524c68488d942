import { useEffect } from 'react';
import { Button, Group, Loader, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconCircleFilled, IconClockPause, IconPlayerPlay } from '@tabler/icons-react';
import { formatTimeInState, secondsInState } from '@cc/domain';
import { adminToast } from '../../../lib/toast';
import { agentStateQuery, useAgentState, useAwayReasons, useChooseAgentState } from '../api/agentState';
import { queryClient } from '../../../lib/query-client';
import { msUntilWrapUpEnds, STATE_COLOURS, stateLabel } from '../model';
import { useTicker } from './useTicker';

/**
 * The CSR's agent state in the header (decision 076): the state, its away reason and the time in it, and a menu to
 * go Ready or Away — Away lists the reasons to pick from, so it is never without one. On call and Wrap-up follow the
 * calls and are not offered.
 */
export function AgentStateMenu() {
  const state = useAgentState(true);
  const reasons = useAwayReasons(true);
  const choose = useChooseAgentState();
  const now = useTicker();
  const data = state.data;

  // A Wrap-up ends by itself on the server: read the state again when it is due.
  useEffect(() => {
    const wait = data ? msUntilWrapUpEnds(data) : null;
    if (wait === null) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: agentStateQuery.queryKey }), wait);
    return () => clearTimeout(timer);
  }, [data]);

  if (!data) return null;
  const label = stateLabel(data.state, data.reason);
  // The server's clock decides the time in state; the browser's only counts on from its answer.
  const skew = state.dataUpdatedAt - new Date(data.asOf).getTime();
  const seconds = data.since ? secondsInState(new Date(data.since), new Date(now - skew)) : null;
  const colour = STATE_COLOURS[data.state];
  const pick = (body: Parameters<typeof choose.mutate>[0]) =>
    choose.mutate(body, {
      onError: (error) => adminToast.error(`Your state was not changed: ${error.message}`),
    });

  return (
    // No initial-focus placeholder (a role=presentation child of role=menu fails axe): opened from the keyboard, the
    // focus trap puts the focus on the first item that is not disabled, the arrows move, Escape or a pick closes
    // it and the focus goes back to the button.
    <Menu position="bottom-end" width={240} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          px="xs"
          // Its name is what it shows (the state, the time in it), as a screen reader user hears it.
          title="Your agent state: change it here"
          data-testid="agent-state"
          data-state={data.state}
          // Not Button's `loading`: it disables the button, which drops the keyboard focus the menu has just given
          // back to it onto the page body. A spinner in place of the chevron says the change is saving.
          rightSection={choose.isPending ? <Loader size={14} aria-hidden /> : <IconChevronDown size={14} />}
          aria-busy={choose.isPending || undefined}
        >
          <Group gap={6} wrap="nowrap">
            <IconCircleFilled size={10} color={`var(--mantine-color-${colour}-7)`} aria-hidden />
            <Text size="sm" fw={600} span maw={150} truncate>
              {label}
            </Text>
            {seconds !== null && (
              <Text
                size="xs"
                c="gray.7"
                span
                style={{ fontVariantNumeric: 'tabular-nums' }}
                data-testid="agent-state-time"
              >
                {formatTimeInState(seconds)}
              </Text>
            )}
          </Group>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPlayerPlay size={16} />}
          disabled={data.state === 'Ready'}
          onClick={() => pick({ state: 'Ready' })}
        >
          Ready
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>Away: pick a reason</Menu.Label>
        {(reasons.data ?? []).map((r) => (
          <Menu.Item
            key={r.AwayReasonId}
            leftSection={<IconClockPause size={16} />}
            disabled={data.state === 'Away' && data.reasonId === r.AwayReasonId}
            onClick={() => pick({ state: 'Away', reasonId: r.AwayReasonId })}
          >
            {r.Description}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
