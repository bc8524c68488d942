import { Button, Group, Modal, Text } from '@mantine/core';

export const CONFIRM_NAVIGATION_TITLE = 'Please confirm navigation';
export const CONFIRM_NAVIGATION_MESSAGE = 'This call has not been saved. All changes will be lost.';

export interface ConfirmNavigationDialogProps {
  opened: boolean;
  onLeave: () => void;
  onStay: () => void;
  /** The going-on button's label: 'Leave' when leaving the screen, 'Cancel Call' for Cancel Call. */
  leaveLabel?: string;
  'data-testid'?: string;
}

/**
 * The abandon confirmation (call-handling.md §2, §8), asked before leaving the screen and before Cancel Call: the
 * going-on button goes on, Stay (the default, and Escape) keeps the call.
 */
export function ConfirmNavigationDialog({
  opened,
  onLeave,
  onStay,
  leaveLabel = 'Leave',
  'data-testid': testId = 'confirm-navigation-dialog',
}: ConfirmNavigationDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={CONFIRM_NAVIGATION_TITLE}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid={testId}
    >
      <Text size="sm">{CONFIRM_NAVIGATION_MESSAGE}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onLeave}>
          {leaveLabel}
        </Button>
        <Button onClick={onStay} data-autofocus>
          Stay
        </Button>
      </Group>
    </Modal>
  );
}
