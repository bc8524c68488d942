import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PitStatistics } from '@cc/contract';
import { statisticsChart, statisticsRows } from '../model';

/** §3's measurement statistics of the chosen franchise and zips: the eight figures and a chart of them by state. */
export function StatisticsPanel({ stats, error }: { stats: PitStatistics | undefined; error: string | null }) {
  return (
    <Paper withBorder p="sm" data-testid="measureit-statistics">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Measurement statistics
        </Title>
        {error ? <Alert color="red">{error}</Alert> : null}
        {stats ? (
          <Group align="flex-start" gap="lg" wrap="wrap">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" style={{ flex: '1 1 520px' }}>
              {statisticsRows(stats).map((row) => (
                <Stack key={row.testId} gap={0}>
                  <Text size="xs" c="gray.7">
                    {row.label}
                  </Text>
                  <Text fw={700} data-testid={row.testId}>
                    {row.value.toLocaleString('en-US')}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            <BarChart
              h={160}
              w={360}
              data={statisticsChart(stats)}
              dataKey="label"
              type="stacked"
              orientation="vertical"
              yAxisProps={{ width: 80 }}
              series={[
                { name: 'measured', label: 'Measured', color: 'green.7' },
                { name: 'notMeasured', label: 'Not Measured', color: 'gray.6' },
                { name: 'unmeasured', label: 'Unmeasured', color: 'blue.6' },
              ]}
              withLegend
              aria-label="Properties and neighbors by measurement state"
            />
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            Loading…
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
