import { useState } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { SERVICE_CALL_REASONS } from '@cc/domain';

export interface ServiceCallReasonDialogProps {
  opened: boolean;
  /** Cancel, the close button or Escape: the page says 'Service Call Reason Cancelled...'. */
  onCancel: () => void;
  stackId?: string;
  value: string | null;
  onSave: (reason: string) => void;
}

/** The service-call reason picker: one of the 35 fixed reasons (call-handling.md §9). */
export function ServiceCallReasonDialog({ opened, onCancel, stackId, value, onSave }: ServiceCallReasonDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      stackId={stackId}
      title="Service Call Reason"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="service-call-reason-dialog"
    >
      {opened ? <ReasonForm value={value} onSave={onSave} onCancel={onCancel} /> : null}
    </Modal>
  );
}

function ReasonForm({
  value,
  onSave,
  onCancel,
}: {
  value: string | null;
  onSave: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<string | null>(value);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) setError('Choose the reason for the service call.');
        else onSave(reason);
      }}
      noValidate
    >
      <Stack gap="sm">
        <Select
          label="Reason"
          placeholder="Type to filter the reasons"
          data={[...SERVICE_CALL_REASONS]}
          searchable
          // Focus first, list on typing or click: the CSR usually types a few letters of the reason.
          openOnFocus={false}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setError(null);
          }}
          maxDropdownHeight={280}
          comboboxProps={{ withinPortal: true }}
          error={error}
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">OK</Button>
        </Group>
      </Stack>
    </form>
  );
}
