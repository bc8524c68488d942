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

/**
 * A one-button alert: the message quoted by the spec and OK, which takes the focus. Closed, it leaves the focus to the
 * page (`onExitTransitionEnd`: back to the search): Mantine's own return of the focus, to what had it before (the
 * field Enter was pressed in), would race the page's and could win (with reduced motion the exit ends at once).
 */
export function AlertDialog({ title, message, 'data-testid': testId, ...modal }: AlertDialogProps) {
  return (
    <Modal
      {...modal}
      returnFocus={false}
      title={title}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid={testId}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={modal.onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
