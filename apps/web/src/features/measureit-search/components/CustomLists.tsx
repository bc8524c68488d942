import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { RouteResponse } from '@cc/contract';
import { api } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { customListsKey, useCustomSearchLists } from '../api';
import { BusyButton } from '../../../components/BusyButton';

type CustomList = RouteResponse<'measureItCustomSearchLists'>['lists'][number];

/** The custom search lists the user can see, each counted in the user's scope: rename or delete one. */
export function CustomLists() {
  const queryClient = useQueryClient();
  const lists = useCustomSearchLists();
  const [renaming, setRenaming] = useState<CustomList | null>(null);
  const [name, setName] = useState('');
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
          <Table striped withTableBorder data-testid="custom-lists">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Customers</Table.Th>
                <Table.Th>Imported by</Table.Th>
                <Table.Th>Imported</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lists.data.lists.map((list) => (
                <Table.Tr key={list.listId} data-testid={`custom-list-${list.listId}`}>
                  <Table.Td>{list.name}</Table.Td>
                  <Table.Td>{list.rows.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>{list.ownerName}</Table.Td>
                  <Table.Td>{list.createdAt}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Rename ${list.name}`}
                        onClick={() => {
                          setRenaming(list);
                          setName(list.name);
                        }}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${list.name}`}
                        onClick={() => confirmDelete(list)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title="Rename the list">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (renaming && name.trim()) rename.mutate({ listId: renaming.listId, name: name.trim() });
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
              <Button variant="default" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <BusyButton type="submit" busy={rename.isPending} disabled={!name.trim()}>
                Rename
              </BusyButton>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
