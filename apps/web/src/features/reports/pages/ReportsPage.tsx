import { BusyButton } from '../../../components/BusyButton';
import '@mantine/charts/styles.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { downloadReport, useReport } from '../api/reports';
import { ReportChoiceFields } from '../components/ReportChoiceFields';
import { ReportCharts, ReportTotals, Section } from '../components/ReportParts';
import { ReportTable } from '../components/ReportTable';
import { choiceOf, paramsOf, type ReportChoice } from '../model';
import { PAGE_WIDTH } from '../../../components/page-width';

/** The table's heading: CSR stays in capitals. */
const BY_GROUP = { csr: 'By CSR', type: 'By call type', branch: 'By branch' } as const;

/** The CSV of a choice, downloaded on demand; its failure said, not thrown. */
function useCsvDownload(choice: ReportChoice) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      await downloadReport(choice);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The CSV could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading, error };
}

/**
 * /call-center/reports (docs/decisions/082-report-definitions.md): the supervisor's numbers over a range of the call
 * centre's days, in the user's scope, by CSR, call type or branch, per day or hour; a table, charts and the CSV.
 */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const choice = choiceOf(params);
  const report = useReport(choice);
  const csv = useCsvDownload(choice);
  const choose = (change: Partial<ReportChoice>) => setParams(paramsOf({ ...choice, ...change }), { replace: true });
  const data = report.data;

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
          busy={csv.downloading}
          disabled={!data}
          onClick={() => void csv.download()}
        >
          Download CSV
        </BusyButton>
      </Group>
      <ReportChoiceFields choice={choice} choose={choose} loading={report.isFetching} />
      {report.error ? (
        <Alert color="red" title="The report could not be read">
          {report.error.message}
        </Alert>
      ) : null}
      {csv.error ? (
        <Alert color="red" title="The CSV could not be downloaded">
          {csv.error}
        </Alert>
      ) : null}
      {!data ? null : (
        <>
          <ReportTotals total={data.total} />
          <Section title={BY_GROUP[data.groupBy]}>
            <ReportTable report={data} />
          </Section>
          <ReportCharts report={data} />
        </>
      )}
    </Stack>
  );
}
