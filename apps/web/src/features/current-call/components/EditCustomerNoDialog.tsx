import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { BusyButton } from '../../../components/BusyButton';

export interface EditCustomerNoDialogProps {
  opened: boolean;
  /** Cancel, the close button or Escape: the page says 'Edit Customer No. Cancelled...'. */
  onCancel: () => void;
  stackId?: string;
  current: number;
  /** The number the lookup returned, filled in when it arrives. */
  looked: number | null;
  onLookup: () => void;
  onSave: (customerNumber: number) => Promise<void>;
}

/** The web-lead 'Edit Customer No.' dialog: the account this lead belongs to, typed or looked up. */
export function EditCustomerNoDialog({
  opened,
  onCancel,
  stackId,
  current,
  looked,
  onLookup,
  onSave,
}: EditCustomerNoDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      stackId={stackId}
      title="Edit Customer No."
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="edit-customer-no-dialog"
    >
      {opened ? (
        <CustomerNoForm
          key={looked ?? 'typed'}
          initial={looked ?? (current > 0 ? current : '')}
          onCancel={onCancel}
          onLookup={onLookup}
          onSave={onSave}
        />
      ) : null}
    </Modal>
  );
}

function CustomerNoForm({
  initial,
  onCancel,
  onLookup,
  onSave,
}: {
  initial: number | '';
  onCancel: () => void;
  onLookup: () => void;
  onSave: (customerNumber: number) => Promise<void>;
}) {
  const [value, setValue] = useState<number | string>(initial);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(n) || n <= 0) {
      setError('Enter a customer number.');
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave(n);
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Link this web lead to the customer&apos;s account.
        </Text>
        {failure ? (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <NumberInput
            label="Customer No."
            required
            allowDecimal={false}
            allowNegative={false}
            hideControls
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            error={error}
            data-autofocus
            style={{ flex: 1 }}
          />
          <Button variant="default" mt={25} leftSection={<IconSearch size={16} />} onClick={onLookup}>
            Look up
          </Button>
        </Group>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <BusyButton type="submit" busy={saving}>
            Save
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
