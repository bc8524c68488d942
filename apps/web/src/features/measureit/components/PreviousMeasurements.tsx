/**
 * A property's previous measurements (decision 040): date, size, who measured and how, newest first; each can be
 * copied into the editor after a confirmation ('Measurement Copied...' / 'Measurement Copy Cancelled...').
 */
import { Button, Loader, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { z } from 'zod';
import type { PreviousMeasurementsResponse } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import { usePreviousMeasurements } from '../api/queries';
import { formatSquareFeet } from '../map';
import { dayOf } from '../model';
import { MEASUREIT_TEXT } from '../texts';

export type PreviousMeasurement = z.infer<typeof PreviousMeasurementsResponse>['measurements'][number];

const what = (m: PreviousMeasurement) =>
  m.squareFeet !== null
    ? formatSquareFeet(m.squareFeet)
    : m.notMeasuredReason
      ? `Not measured: ${m.notMeasuredReason}`
      : 'Not measured';

const how = (m: PreviousMeasurement) => m.externalMeasurementSource ?? (m.shapes ? 'Drawn on the map' : '');

export function PreviousMeasurements({
  propertyId,
  onCopy,
}: {
  propertyId: number;
  onCopy: (measurement: PreviousMeasurement) => void;
}) {
  const previous = usePreviousMeasurements(propertyId);
  const rows = previous.data?.measurements ?? [];

  const confirmCopy = (m: PreviousMeasurement) =>
    modals.openConfirmModal({
      title: 'Copy Measurement',
      children: (
        <Text size="sm">
          Replace what is on the map with the measurement of {dayOf(m.measuredAt)} by {m.measuredBy} ({what(m)})?
        </Text>
      ),
      labels: { confirm: 'Copy', cancel: 'Cancel' },
      closeButtonProps: { 'aria-label': 'Close' },
      onCancel: () => adminToast.info(MEASUREIT_TEXT.copyCancelled),
      onConfirm: () => {
        onCopy(m);
        adminToast.success(MEASUREIT_TEXT.copied);
      },
    });

  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h5" mb="xs">
        Previous measurements
      </Title>
      {previous.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading previous measurements" />
      ) : previous.isError ? (
        <Text size="sm" c="red.8">
          The previous measurements could not be read.
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="gray.7">
          This property has not been measured before.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320} mah={240}>
          <Table verticalSpacing={4} fz="sm" data-testid="previous-measurements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Measured by</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Copy</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m) => (
                <Table.Tr key={m.measurementId}>
                  <Table.Td>{dayOf(m.measuredAt)}</Table.Td>
                  <Table.Td>
                    {what(m)}
                    {how(m) && (
                      <Text span size="xs" c="gray.7" display="block">
                        {how(m)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{m.measuredBy}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => confirmCopy(m)}
                      aria-label={`Copy the measurement of ${dayOf(m.measuredAt)}`}
                    >
                      Copy
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
