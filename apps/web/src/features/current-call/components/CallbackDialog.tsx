import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { CALL_TIME_ZONE } from '@cc/domain';
import { CALENDAR_ARIA_LABELS } from '../../../components/DayRangePicker';
import { callTimeOf } from '../end-call';

export const CALLBACK_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface CallbackDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  value: string | null;
  onSave: (value: string | null) => void;
}

/**
 * The callback date and time. Call times are America/Chicago wall times (call-handling.md §9): what is
 * picked is stored as 'YYYY-MM-DD HH:mm:ss' in that zone, as the label says.
 */
export function CallbackDialog({ opened, onClose, stackId, value, onSave }: CallbackDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title="Callback Date and Time"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="callback-dialog"
    >
      {opened ? <CallbackForm value={value} onSave={onSave} onCancel={onClose} /> : null}
    </Modal>
  );
}

function CallbackForm({
  value,
  onSave,
  onCancel,
}: {
  value: string | null;
  onSave: (value: string | null) => void;
  onCancel: () => void;
}) {
  const [picked, setPicked] = useState<string | null>(value);
  const [error, setError] = useState<string | null>(null);
  // Now on the call centre's clock, not the browser's: the picker works in Chicago wall time.
  const now = callTimeOf(new Date());

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!picked) {
          setError('Choose the date and time of the callback.');
          return;
        }
        const at = dayjs(picked).format(CALLBACK_FORMAT);
        if (at < callTimeOf(new Date())) {
          setError(`Choose a time after now (${CALL_TIME_ZONE}).`);
          return;
        }
        onSave(at);
      }}
      noValidate
    >
      <Stack gap="sm">
        <DateTimePicker
          label={`Callback date and time (${CALL_TIME_ZONE})`}
          placeholder="Pick a date and time"
          // The picker is a button, so its placeholder is text that must read at 4.5:1.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          value={picked}
          onChange={(v) => {
            setPicked(v);
            setError(null);
          }}
          minDate={now}
          ariaLabels={CALENDAR_ARIA_LABELS}
          valueFormat="ddd MMM D, YYYY h:mm A"
          timePickerProps={{ format: '12h', 'aria-label': 'Callback time' } as object}
          submitButtonProps={{ 'aria-label': 'Confirm the callback time' }}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the callback time' }}
          popoverProps={{ withinPortal: true }}
          error={error}
          data-autofocus
          data-testid="callback-input"
        />
        <Text size="xs" c="gray.7">
          The time is the call centre&apos;s time, {CALL_TIME_ZONE}.
        </Text>
        <Group justify="space-between" gap="sm" mt="xs">
          <Button variant="default" onClick={() => onSave(null)} disabled={value === null}>
            Remove callback
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Set Callback</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
