/**
 * What stands between opening a measurement and editing it (§4): another user measuring it (refused), or a recent
 * measurement (asks first). Shared by every kind.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { MEASUREMENT_BUSY_MESSAGE } from '@cc/contract';
import { ApiError } from '../../../lib/api';
import { formatSquareFeet } from '../map';
import { dayOf } from '../model';

/** The refusal or failure of a get-for-edit, as the page shows it. */
export function OpenFailed({ error, onBack }: { error: Error; onBack: () => void }) {
  const busy = error instanceof ApiError && error.status === 409;
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Stack gap="sm" maw={640}>
      <Alert
        color={busy ? 'orange' : 'red'}
        icon={busy ? <IconLock size={18} /> : <IconAlertCircle size={18} />}
        title={busy ? 'Being measured' : missing ? 'Not found' : 'This measurement cannot be opened'}
        role="alert"
        data-testid="measure-open-failed"
      >
        {busy ? MEASUREMENT_BUSY_MESSAGE : error.message}
      </Alert>
      <Group>
        <Button variant="default" onClick={onBack}>
          Back to MeasureIt search
        </Button>
      </Group>
    </Stack>
  );
}

/** A measurement of the last 30 days: measure it again? */
export function RecentlyMeasuredDialog({
  measuredAt,
  measuredBy,
  squareFeet,
  onConfirm,
  onDecline,
}: {
  measuredAt: string | null;
  measuredBy: string | null;
  squareFeet: number | null;
  onConfirm: () => void;
  onDecline: () => void;
}) {
  return (
    <Modal opened onClose={onDecline} title="Measured recently" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">
          This property was measured on {dayOf(measuredAt)}
          {measuredBy ? ` by ${measuredBy}` : ''}
          {squareFeet !== null ? ` (${formatSquareFeet(squareFeet)})` : ''}. Measure it again?
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDecline}>
            No, leave it
          </Button>
          <Button onClick={onConfirm}>Measure again</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
