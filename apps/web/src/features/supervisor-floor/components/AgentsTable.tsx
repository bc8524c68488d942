import { Badge, Group, Table, Text } from '@mantine/core';
import { IconCircleFilled } from '@tabler/icons-react';
import { AGENT_STATES, formatTimeInState, secondsInState } from '@cc/domain';
import type { FloorSnapshot } from '@cc/contract';
import { STATE_COLOURS, stateLabel, useTicker } from '../../agent-states';
import { callCentreTime } from '../model';

/**
 * Each signed-in CSR's agent state (decision 076): how many are in each state, then one row per CSR with the state,
 * its away reason, the time in it (counting on between snapshots) and since when.
 */
export function AgentsTable({ snapshot, receivedAt }: { snapshot: FloorSnapshot; receivedAt: number }) {
  const now = useTicker();
  // The server's clock decides; the browser counts on from the snapshot it was sent.
  const skew = receivedAt - new Date(snapshot.asOf).getTime();
  const agents = snapshot.agents;
  if (agents.length === 0) return <Text c="dimmed">No CSR is signed in.</Text>;
  const counts = AGENT_STATES.map((state) => ({ state, n: agents.filter((a) => a.state === state).length })).filter(
    (c) => c.n > 0,
  );
  return (
    <>
      <Group gap="xs" mb="sm" data-testid="floor-state-counts">
        {counts.map((c) => (
          <Badge key={c.state} variant="dot" color={STATE_COLOURS[c.state]} size="lg">
            {c.state}: {c.n}
          </Badge>
        ))}
      </Group>
      <Table striped withTableBorder data-testid="floor-agents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>CSR</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Time in state</Table.Th>
            <Table.Th>Since</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agents.map((a) => (
            <Table.Tr key={a.userId} data-agent={a.csr} data-state={a.state}>
              <Table.Td>{a.csr}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <IconCircleFilled size={10} color={`var(--mantine-color-${STATE_COLOURS[a.state]}-7)`} aria-hidden />
                  <span data-testid="agent-state-label">{stateLabel(a.state, a.reason)}</span>
                </Group>
              </Table.Td>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatTimeInState(secondsInState(new Date(a.since), new Date(now - skew)))}
              </Table.Td>
              <Table.Td>{callCentreTime(a.since)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
