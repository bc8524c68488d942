import { Button, Group, Modal, Text } from '@mantine/core';
import { BusyButton } from '../../../components/BusyButton';

export interface DeleteUserDialogProps {
  opened: boolean;
  username: string;
  fullName: string;
  deleting: boolean;
  onDelete: () => void;
  onCancel: () => void;
}

/** Delete with a confirm: No (the default, and Escape) keeps the user. */
export function DeleteUserDialog({ opened, username, fullName, deleting, onDelete, onCancel }: DeleteUserDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Delete user"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="delete-user-dialog"
    >
      <Text size="sm">
        Delete <strong>{username}</strong> ({fullName})? The user is signed out at once and can no longer sign in.
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <BusyButton color="red.9" onClick={onDelete} busy={deleting}>
          Delete
        </BusyButton>
        <Button variant="default" onClick={onCancel} data-autofocus>
          Keep the user
        </Button>
      </Group>
    </Modal>
  );
}
