import { Button, Group, Modal, Text } from '@mantine/core';

export const CONFIRM_NAVIGATION_TITLE = 'Please confirm navigation';
/** The spec's abandon text (§8), asked before Cancel Call, which records a cancelled call and keeps none of the work. */
export const CONFIRM_NAVIGATION_MESSAGE = 'This call has not been saved. All changes will be lost.';
/**
 * Asked before leaving the screen, which keeps the call saved with its work (§2: saved so it can be resumed): the
 * spec's words would say the opposite of what happens (docs/decisions/067-leaving-a-call.md).
 */
export const CONFIRM_LEAVE_MESSAGE =
  'This call has not been ended. If you leave, it stays saved with your work, and you can resume it from the Dashboard.';

export interface ConfirmNavigationDialogProps {
  opened: boolean;
  onLeave: () => void;
  onStay: () => void;
  /** The going-on button's label: 'Leave' when leaving the screen, 'Cancel Call' for Cancel Call. */
  leaveLabel?: string;
  /** What going on does: leaving keeps the call ({@link CONFIRM_LEAVE_MESSAGE}), cancelling loses it. */
  message?: string;
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
  message = CONFIRM_NAVIGATION_MESSAGE,
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
      <Text size="sm">{message}</Text>
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
