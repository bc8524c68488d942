import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { BusyButton } from '../../../components/BusyButton';

/**
 * The dialog that renames a custom search list: opened with the list's name, answered with the trimmed new one.
 * Shown only while a list is being renamed, so it starts with that list's name each time.
 */
export function RenameListModal({
  name: current,
  busy,
  onRename,
  onClose,
}: {
  name: string;
  busy: boolean;
  onRename: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(current);
  return (
    <Modal opened onClose={onClose} title="Rename the list">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) onRename(name.trim());
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            required
            data-autofocus
            data-testid="rename-list-name"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={busy} disabled={!name.trim()}>
              Rename
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
