import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { CUSTOMER_TYPES, type CustomerEdit } from '../customer-edits';
import { BusyButton } from '../../../components/BusyButton';

export interface CustomerTypeDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  current: string;
  onSave: (customerType: CustomerEdit['customerType']) => Promise<void>;
}

/** The customer type dialog: Existing Customer, Former Customer or Prospect. */
export function CustomerTypeDialog({ opened, onClose, stackId, current, onSave }: CustomerTypeDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title="Customer Type"
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="customer-type-dialog"
    >
      {opened ? <CustomerTypeForm current={current} onSave={onSave} onCancel={onClose} /> : null}
    </Modal>
  );
}

function CustomerTypeForm({
  current,
  onSave,
  onCancel,
}: {
  current: string;
  onSave: CustomerTypeDialogProps['onSave'];
  onCancel: () => void;
}) {
  const [value, setValue] = useState(current);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = CUSTOMER_TYPES.find((t) => t === value);

  const submit = async () => {
    if (!chosen) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(chosen);
    } catch (error) {
      setFailure((error as Error).message);
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
    >
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
            {failure}
          </Alert>
        ) : null}
        <Radio.Group label="Customer type" value={value} onChange={setValue}>
          <Stack gap={8} mt={6}>
            {CUSTOMER_TYPES.map((type, i) => (
              <Radio key={type} value={type} label={type} data-autofocus={i === 0 ? true : undefined} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <BusyButton type="submit" busy={saving} disabled={!chosen || value === current}>
            Save
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}
