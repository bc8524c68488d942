import { useState } from 'react';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { customListsKey, useCustomSearchLists } from '../api';
import { CustomListsTable, type CustomList } from './CustomListsTable';
import { RenameListModal } from './RenameListModal';

/** The custom search lists the user can see, each counted in the user's scope: rename or delete one. */
export function CustomLists() {
  const queryClient = useQueryClient();
  const lists = useCustomSearchLists();
  const [renaming, setRenaming] = useState<CustomList | null>(null);
  const changed = () => void queryClient.invalidateQueries({ queryKey: customListsKey });

  const rename = useMutation({
    mutationFn: (body: { listId: number; name: string }) => api('measureItRenameCustomSearchList', { body }),
    onSuccess: (list) => {
      adminToast.success(`The list is now named ${list.name}.`);
      setRenaming(null);
      changed();
    },
    onError: (e: Error) => adminToast.error(e.message, e),
  });
  const remove = useMutation({
    mutationFn: (listId: number) => api('measureItDeleteCustomSearchList', { body: { listId } }),
    onSuccess: () => {
      adminToast.success('The list was deleted.');
      changed();
    },
    onError: (e: Error) => adminToast.error(e.message, e),
  });

  const confirmDelete = (list: CustomList) =>
    modals.openConfirmModal({
      title: 'Delete the list',
      children: <Text size="sm">Delete the customer search list “{list.name}”? Searches can no longer use it.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => remove.mutate(list.listId),
    });

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Customer Search Lists
        </Title>
        {lists.isError ? <Alert color="red">{lists.error.message}</Alert> : null}
        {lists.data && lists.data.lists.length === 0 ? (
          <Text size="sm" c="gray.7">
            No lists yet.
          </Text>
        ) : null}
        {lists.data && lists.data.lists.length > 0 ? (
          <CustomListsTable lists={lists.data.lists} onRename={setRenaming} onDelete={confirmDelete} />
        ) : null}
      </Stack>
      {renaming ? (
        <RenameListModal
          key={renaming.listId}
          name={renaming.name}
          busy={rename.isPending}
          onRename={(name) => rename.mutate({ listId: renaming.listId, name })}
          onClose={() => setRenaming(null)}
        />
      ) : null}
    </Paper>
  );
}
