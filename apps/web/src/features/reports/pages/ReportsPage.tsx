import { BusyButton } from '../../../components/BusyButton';
import '@mantine/charts/styles.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { IconDownload } from '@tabler/icons-react';
import { REPORT_GROUPS, REPORT_INTERVALS } from '@cc/contract';
import { DayRangePicker, type DayRange } from '../../../components/DayRangePicker';
import { downloadReport, useReport } from '../api/reports';
import { ReportTable } from '../components/ReportTable';
import {
  chartPeriods,
  choiceOf,
  conversion,
  count,
  dollars,
  duration,
  GROUP_LABELS,
  INTERVAL_LABELS,
  paramsOf,
  type ReportChoice,
} from '../model';
import { PAGE_WIDTH } from '../../../components/page-width';

/** The table's heading: CSR stays in capitals. */
const BY_GROUP = { csr: 'By CSR', type: 'By call type', branch: 'By branch' } as const;

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

/**
 * /call-center/reports (docs/decisions/082-report-definitions.md): the supervisor's numbers over a range of the call
 * centre's days, in the user's scope, by CSR, call type or branch, per day or hour; a table, charts and the CSV.
 */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const choice = choiceOf(params);
  const report = useReport(choice);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // The range's first pick, until the second: the choice (and the address) takes whole ranges only, and a picker held
  // to the last whole range would begin again at every pick and never finish one.
  const [picking, setPicking] = useState<DayRange | null>(null);
  const choose = (change: Partial<ReportChoice>) => setParams(paramsOf({ ...choice, ...change }), { replace: true });
  const data = report.data;
  const chart = data ? chartPeriods(data) : [];

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadReport(choice);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : 'The CSV could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack maw={PAGE_WIDTH} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Reports
          </Title>
          <Text c="dimmed" size="sm">
            Calls ended and agent states in your scope; days and hours are call centre time (Central).
          </Text>
        </div>
        <BusyButton
          leftSection={<IconDownload size={16} />}
          variant="default"
          busy={downloading}
          disabled={!data}
          onClick={() => void download()}
        >
          Download CSV
        </BusyButton>
      </Group>
      <Group align="flex-end" gap="sm">
        <DayRangePicker
          label="Range"
          w={260}
          value={picking ?? [choice.from, choice.to]}
          onChange={([from, to]) => {
            setPicking(from && to ? null : [from, to]);
            if (from && to) choose({ from, to });
          }}
          data-testid="report-range"
        />
        <Select
          size="xs"
          w={160}
          label="Group by"
          allowDeselect={false}
          value={choice.groupBy}
          data={REPORT_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
          onChange={(value) => value && choose({ groupBy: value })}
        />
        <Select
          size="xs"
          w={140}
          label="Period"
          allowDeselect={false}
          value={choice.interval}
          data={REPORT_INTERVALS.map((i) => ({ value: i, label: INTERVAL_LABELS[i] }))}
          onChange={(value) => value && choose({ interval: value })}
        />
        {report.isFetching ? <Loader size="sm" role="status" aria-label="Loading the report" /> : null}
      </Group>
      {report.error ? (
        <Alert color="red" title="The report could not be read">
          {report.error.message}
        </Alert>
      ) : null}
      {downloadError ? (
        <Alert color="red" title="The CSV could not be downloaded">
          {downloadError}
        </Alert>
      ) : null}
      {!data ? null : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Stat label="Calls handled" value={count(data.total.calls)} testId="report-total-calls" />
            <Stat label="Avg handle time" value={duration(data.total.averageHandleSeconds)} testId="report-total-aht" />
            <Stat label="Avg wrap-up" value={duration(data.total.averageWrapUpSeconds)} testId="report-total-wrap" />
            <Stat label="Sales" value={count(data.total.sales)} testId="report-total-sales" />
            <Stat
              label="Conversion"
              value={conversion(data.total.calls, data.total.conversion)}
              testId="report-total-conversion"
            />
            <Stat label="Revenue sold" value={dollars(data.total.revenue)} testId="report-total-revenue" />
          </SimpleGrid>
          <Section title={BY_GROUP[data.groupBy]}>
            <ReportTable report={data} />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title={`Calls and sales ${data.interval === 'day' ? 'per day' : 'per hour'}`}>
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
            <Section title={`Hours in each state ${data.interval === 'day' ? 'per day' : 'per hour'}`}>
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
        </>
      )}
    </Stack>
  );
}
