import '@mantine/charts/styles.css';
import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useFloorStream, type FloorStatus } from '../api/floor-stream';
import { useShownMark } from '../../../lib/shown';
import { AgentsTable } from '../components/AgentsTable';
import { CsrTable, ListCountsTable, OpenCallsTable } from '../components/FloorTables';
import { callCentreTime, chartHours } from '../model';
import { PAGE_WIDTH } from '../../../components/page-width';

const STATUS: Record<FloorStatus, { label: string; color: string }> = {
  // The dot variant: the colour is the dot's, the text stays the body's (AA contrast).
  connecting: { label: 'Connecting…', color: 'gray' },
  live: { label: 'Live', color: 'green' },
  reconnecting: { label: 'Reconnecting…', color: 'orange' },
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * /call-center/floor (decision 035): the supervisor's live view of the floor in the user's scope — each signed-in
 * CSR's agent state (decision 076), calls open now, the outbound lists per branch, the calls ended today and this week
 * per CSR, and today's calls and sales per hour. The server pushes a new snapshot whenever a call opens or ends, a list
 * count moves or an agent state changes.
 */
export default function SupervisorFloorPage() {
  const { snapshot, status, receivedAt } = useFloorStream();
  const { label, color } = STATUS[status];
  useShownMark('floor', snapshot !== null && snapshot !== undefined, snapshot);
  const totals = snapshot?.csrs.reduce(
    (sum, c) => ({ calls: sum.calls + c.today.calls, sales: sum.sales + c.today.sales }),
    { calls: 0, sales: 0 },
  );
  return (
    <Stack maw={PAGE_WIDTH} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Floor
          </Title>
          {snapshot ? (
            <Text c="dimmed" size="sm">
              {snapshot.today} · as of {callCentreTime(snapshot.asOf)} (call centre time)
            </Text>
          ) : null}
        </div>
        <Badge color={color} variant="dot" size="lg" role="status" data-testid="floor-status">
          {label}
        </Badge>
      </Group>
      {!snapshot ? (
        <Loader role="status" aria-label="Loading the floor" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Paper withBorder p="md">
              <Text c="dimmed" size="sm">
                Open calls
              </Text>
              <Text fz={28} fw={700} data-testid="floor-open-count">
                {snapshot.openCalls.length}
              </Text>
            </Paper>
            <Paper withBorder p="md">
              <Text c="dimmed" size="sm">
                Calls ended today
              </Text>
              <Text fz={28} fw={700} data-testid="floor-today-calls">
                {totals?.calls ?? 0}
              </Text>
            </Paper>
            <Paper withBorder p="md">
              <Text c="dimmed" size="sm">
                Sales today
              </Text>
              <Text fz={28} fw={700} data-testid="floor-today-sales">
                {totals?.sales ?? 0}
              </Text>
            </Paper>
          </SimpleGrid>
          <Section title="Agent states">
            <AgentsTable snapshot={snapshot} receivedAt={receivedAt} />
          </Section>
          <Section title="Open calls">
            <OpenCallsTable calls={snapshot.openCalls} />
          </Section>
          <Section title="Calls and sales per hour today">
            <BarChart
              h={240}
              data={chartHours(snapshot.hours)}
              dataKey="label"
              series={[
                { name: 'calls', label: 'Calls', color: 'blue.6' },
                { name: 'sales', label: 'Sales', color: 'teal.6' },
              ]}
              withLegend
              tickLine="y"
              aria-label="Calls and sales per hour today"
            />
          </Section>
          <Section title="Calls per CSR">
            <CsrTable csrs={snapshot.csrs} />
          </Section>
          <Section title="Outbound lists per branch">
            <ListCountsTable lists={snapshot.lists} />
          </Section>
        </>
      )}
    </Stack>
  );
}
