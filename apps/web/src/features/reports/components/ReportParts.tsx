import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { ReportResponse } from '@cc/contract';
import { chartPeriods, conversion, count, dollars, duration } from '../model';

/** A titled part of the page, named for assistive technology by its title. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fz={24} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The range's totals, one figure a card. */
export function ReportTotals({ total }: { total: ReportResponse['total'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      <Stat label="Calls handled" value={count(total.calls)} testId="report-total-calls" />
      <Stat label="Avg handle time" value={duration(total.averageHandleSeconds)} testId="report-total-aht" />
      <Stat label="Avg wrap-up" value={duration(total.averageWrapUpSeconds)} testId="report-total-wrap" />
      <Stat label="Sales" value={count(total.sales)} testId="report-total-sales" />
      <Stat label="Conversion" value={conversion(total.calls, total.conversion)} testId="report-total-conversion" />
      <Stat label="Revenue sold" value={dollars(total.revenue)} testId="report-total-revenue" />
    </SimpleGrid>
  );
}

/** Calls and sales, and hours in each state, per period of the range. */
export function ReportCharts({ report }: { report: ReportResponse }) {
  const chart = chartPeriods(report);
  const per = report.interval === 'day' ? 'per day' : 'per hour';
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section title={`Calls and sales ${per}`}>
        <BarChart
          h={260}
          data={chart}
          dataKey="label"
          series={[
            { name: 'calls', label: 'Calls', color: 'blue.6' },
            { name: 'sales', label: 'Sales', color: 'teal.6' },
          ]}
          withLegend
          tickLine="y"
          aria-label="Calls and sales per period"
        />
      </Section>
      <Section title={`Hours in each state ${per}`}>
        <BarChart
          h={260}
          data={chart}
          dataKey="label"
          type="stacked"
          series={[
            { name: 'onCall', label: 'On call', color: 'blue.6' },
            { name: 'wrapUp', label: 'Wrap-up', color: 'grape.6' },
            { name: 'ready', label: 'Ready', color: 'teal.6' },
            { name: 'away', label: 'Away', color: 'orange.6' },
          ]}
          withLegend
          tickLine="y"
          aria-label="Hours in each state per period"
        />
      </Section>
    </SimpleGrid>
  );
}
