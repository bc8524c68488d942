import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch, IconUserPlus, IconX } from '@tabler/icons-react';
import { USER_PAGE_SIZES, type UserListRow } from '@cc/contract';
import { AdminLinks } from '../../admin-reference';
import { userListQuery } from '../api/users';
import { useServerGrid } from '../../../components/grid/useServerGrid';
import { UsersGrid } from '../components/UsersGrid';
import { usersParamsOf, usersViewOf, type UsersView } from '../grid-view';
import { ADD_USER_PATH, editUserPath } from '../model';
import { PAGE_WIDTH } from '../../../components/page-width';

/** As many rows as the window has room for, and at least the room a desk's 768 px gave (decision 089). */
const FILL = { fill: { min: 520 } };

/**
 * /UserManagement and /searchUsers (administration.md §2): the users the signed-in manager may see, searched over
 * every column as the text is typed, sorted and paged on the server (POST /api/users/).
 */
export default function UsersPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = usersViewOf(params);
  const [text, setText] = useState(view.q);
  const [debounced] = useDebouncedValue(text.trim(), 300);

  const change = useCallback(
    (next: Partial<UsersView>, options: { replace?: boolean } = {}) =>
      setParams(usersParamsOf({ ...usersViewOf(params), ...next }), options),
    [params, setParams],
  );

  // The search follows the text as it is typed (one request per pause), back on the first page.
  useEffect(() => {
    if (debounced !== view.q) change({ q: debounced, page: 1 }, { replace: true });
  }, [debounced, view.q, change]);

  const grid = useServerGrid({
    view,
    change,
    queryOf: (v: UsersView) => ({ page: v.page, pageSize: v.size, sort: v.sort, dir: v.dir, search: v.q }),
    options: userListQuery,
    pageOf: (answer) => ({ rows: answer.data, total: answer.total }),
  });
  const list = grid.query;
  const { total, first, last } = grid;

  const onOpen = useCallback((row: UserListRow) => void navigate(editUserPath(row.UserId)), [navigate]);

  return (
    <Stack gap="sm" maw={PAGE_WIDTH} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h3">
            User Management
          </Title>
          <Text size="sm" c="gray.7">
            Users you manage: search, sort, open one to edit it.
          </Text>
        </div>
        <Group gap="xs">
          <AdminLinks />
          <Button component={Link} to={ADD_USER_PATH} leftSection={<IconUserPlus size={16} />} data-testid="add-user">
            Add user
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="sm">
        <TextInput
          role="searchbox"
          aria-label="Search users"
          placeholder="Username, first or last name, brand, company or role"
          maw={480}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          rightSection={
            text ? (
              <ActionIcon variant="subtle" color="gray" aria-label="Clear the search" onClick={() => setText('')}>
                <IconX size={16} />
              </ActionIcon>
            ) : null
          }
          data-testid="users-search"
        />
      </Paper>

      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="The users could not be loaded">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}

      <UsersGrid
        grid={grid}
        height={FILL}
        sort={{ sort: view.sort, dir: view.dir }}
        onSortChange={grid.refine}
        onOpen={onOpen}
        sizes={USER_PAGE_SIZES}
        summary={
          total === 0 ? 'No users' : `${first}–${last} of ${total.toLocaleString()} user${total === 1 ? '' : 's'}`
        }
      />
    </Stack>
  );
}
