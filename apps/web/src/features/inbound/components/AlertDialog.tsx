import { Button, Group, Modal, Text } from '@mantine/core';

export interface AlertDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  onExitTransitionEnd?: () => void;
  title: string;
  message: string;
  'data-testid'?: string;
}

/** A one-button alert: the message quoted by the spec and OK, which takes the focus. */
export function AlertDialog({ title, message, 'data-testid': testId, ...modal }: AlertDialogProps) {
  return (
    <Modal {...modal} title={title} size="md" closeButtonProps={{ 'aria-label': 'Close' }} data-testid={testId}>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={modal.onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
