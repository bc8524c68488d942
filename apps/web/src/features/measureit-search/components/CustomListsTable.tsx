import { ActionIcon, Group, Table, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { RouteResponse } from '@cc/contract';

export type CustomList = RouteResponse<'measureItCustomSearchLists'>['lists'][number];

/** The custom search lists, one row each: name, customers, who imported it and when, and its rename and delete. */
export function CustomListsTable({
  lists,
  onRename,
  onDelete,
}: {
  lists: readonly CustomList[];
  onRename: (list: CustomList) => void;
  onDelete: (list: CustomList) => void;
}) {
  return (
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
        {lists.map((list) => (
          <Table.Tr key={list.listId} data-testid={`custom-list-${list.listId}`}>
            <Table.Td>{list.name}</Table.Td>
            <Table.Td>{list.rows.toLocaleString('en-US')}</Table.Td>
            <Table.Td>{list.ownerName}</Table.Td>
            <Table.Td>{list.createdAt}</Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Rename ${list.name}`} onClick={() => onRename(list)}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${list.name}`}
                  onClick={() => onDelete(list)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
