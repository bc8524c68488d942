/**
 * What every CSV import shows before it writes anything (decision 030): how many rows will be added, how many are
 * already there, which are dropped and why, with the whole problems list to download; and the progress of the
 * upload and of the server's work. Shared by the utilities' outbound-call import and, later, MeasureIt's custom
 * search list import.
 */
import { Badge, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { BusyButton } from './BusyButton';

export interface CsvPreviewCounts {
  fileName: string;
  encoding: string;
  totalRows: number;
  toAdd: number;
  alreadyImported: number;
  dropped: number;
  problems: { line: number; reason: string; branchNo: string; custNo: number | null; name: string }[];
}

const n = (value: number) => value.toLocaleString('en-US');

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {n(value)}
      </Text>
    </Stack>
  );
}

export interface CsvPreviewFigure {
  label: string;
  value: number;
  testId: string;
}

export function CsvImportPreview({
  preview,
  onDownloadProblems,
  downloading = false,
  figures,
}: {
  preview: CsvPreviewCounts;
  /** Absent: the server lists only the first problems and offers no file of them. */
  onDownloadProblems?: () => void;
  downloading?: boolean;
  /** The figures shown in place of to add / already imported / dropped (MeasureIt's found / not found / …). */
  figures?: CsvPreviewFigure[];
}) {
  const shown = preview.problems.length;
  const counts = figures ?? [
    { label: 'To add', value: preview.toAdd, testId: 'preview-to-add' },
    { label: 'Already imported', value: preview.alreadyImported, testId: 'preview-already' },
    { label: 'Dropped', value: preview.dropped, testId: 'preview-dropped' },
  ];
  return (
    <Stack gap="sm" data-testid="csv-preview">
      <Group gap="xs">
        <Text size="sm">
          <strong>{preview.fileName || 'The file'}</strong>: {n(preview.totalRows)} rows
        </Text>
        <Badge variant="outline" color="dark">
          {preview.encoding}
        </Badge>
      </Group>
      <SimpleGrid cols={Math.min(counts.length, 4)}>
        {counts.map((c) => (
          <Count key={c.testId} label={c.label} value={c.value} testId={c.testId} />
        ))}
      </SimpleGrid>
      {preview.problems.length > 0 && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={600} id="csv-problems-title">
              {figures ? 'Rows not imported' : 'Dropped rows'}
            </Text>
            {onDownloadProblems ? (
              <BusyButton size="xs" variant="light" onClick={onDownloadProblems} busy={downloading}>
                Download problems (CSV)
              </BusyButton>
            ) : null}
          </Group>
          <div
            style={{ maxHeight: 240, overflow: 'auto' }}
            tabIndex={0}
            role="region"
            aria-labelledby="csv-problems-title"
          >
            <Table striped withTableBorder stickyHeader fz="xs" aria-labelledby="csv-problems-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Branch</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Name</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.problems.map((p) => (
                  <Table.Tr key={p.line}>
                    <Table.Td>{p.line}</Table.Td>
                    <Table.Td>{p.reason}</Table.Td>
                    <Table.Td>{p.branchNo}</Table.Td>
                    <Table.Td>{p.custNo ?? ''}</Table.Td>
                    <Table.Td>{p.name}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          {shown < preview.dropped && onDownloadProblems && (
            <Text size="xs" c="gray.7">
              The first {n(shown)} of {n(preview.dropped)} dropped rows; the download has them all.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** A labelled progress bar: the upload, then the server's phases. */
export function CsvImportProgress({ label, percent }: { label: string; percent: number }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Stack gap={4} data-testid="csv-progress">
      <Text size="sm" id="csv-progress-label">
        {label}
      </Text>
      <Progress.Root size="lg">
        <Progress.Section value={value} animated striped aria-labelledby="csv-progress-label" />
      </Progress.Root>
    </Stack>
  );
}
