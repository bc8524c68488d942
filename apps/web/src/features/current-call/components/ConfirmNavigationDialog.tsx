import { Button, Group, Modal, Text } from '@mantine/core';

export const CONFIRM_NAVIGATION_TITLE = 'Please confirm navigation';
export const CONFIRM_NAVIGATION_MESSAGE = 'This call has not been saved. All changes will be lost.';

export interface ConfirmNavigationDialogProps {
  opened: boolean;
  onLeave: () => void;
  onStay: () => void;
}

/** The abandon confirmation (call-handling.md §8): Leave goes on, Stay (the default) keeps the call. */
export function ConfirmNavigationDialog({ opened, onLeave, onStay }: ConfirmNavigationDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={CONFIRM_NAVIGATION_TITLE}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="confirm-navigation-dialog"
    >
      <Text size="sm">{CONFIRM_NAVIGATION_MESSAGE}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onLeave}>
          Leave
        </Button>
        <Button onClick={onStay} data-autofocus>
          Stay
        </Button>
      </Group>
    </Modal>
  );
}
