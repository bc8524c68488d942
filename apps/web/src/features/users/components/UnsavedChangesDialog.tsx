import { Button, Group, Modal, Text } from '@mantine/core';

export const UNSAVED_TITLE = 'Leave without saving?';

export interface UnsavedChangesDialogProps {
  opened: boolean;
  username: string | null;
  onLeave: () => void;
  onStay: () => void;
}

/** Asked before the form is left with changes not saved: Stay (the default, and Escape) keeps them on screen. */
export function UnsavedChangesDialog({ opened, username, onLeave, onStay }: UnsavedChangesDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={UNSAVED_TITLE}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="unsaved-changes-dialog"
    >
      <Text size="sm">
        {username ? (
          <>
            Your changes to <strong>{username}</strong> are not saved. Leaving now discards them.
          </>
        ) : (
          'The new user is not created yet. Leaving now discards what you entered.'
        )}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onLeave}>
          Leave and discard
        </Button>
        <Button onClick={onStay} data-autofocus>
          Stay
        </Button>
      </Group>
    </Modal>
  );
}
