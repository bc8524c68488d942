import { Link } from 'react-router';
import { Button } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { UserListRow } from '@cc/contract';
import { PagedGrid, type PagedGridProps } from '../../../components/grid/PagedGrid';
import { DEFAULT_USERS_VIEW, type UserSort } from '../grid-view';
import { editUserPath } from '../model';
import { SIGN_IN_LABELS } from '../sign-in';

function EditCell({ data }: CustomCellRendererProps<UserListRow>) {
  if (!data) return null;
  return (
    <Button
      component={Link}
      to={editUserPath(data.UserId)}
      // The row is the grid's one tab stop: Enter on it opens the user.
      tabIndex={-1}
      size="compact-xs"
      variant="default"
      aria-label={`Edit ${data.Username}`}
      data-testid="edit-user"
    >
      Edit
    </Button>
  );
}

/** Column id → the server's sort column; every column but Edit sorts on the server. */
const SORTS: Record<string, UserSort> = {
  Username: 'Username',
  FirstName: 'FirstName',
  LastName: 'LastName',
  Brand: 'Brand',
  Company: 'Company',
  Role: 'Role',
};

function columns(): ColDef<UserListRow>[] {
  const col = (field: UserSort, headerName: string, extra: ColDef<UserListRow> = {}): ColDef<UserListRow> => ({
    field,
    headerName,
    flex: 1,
    minWidth: 120,
    ...extra,
  });
  return [
    {
      colId: 'edit',
      headerName: 'Edit',
      width: 72,
      minWidth: 72,
      maxWidth: 72,
      pinned: 'left',
      resizable: false,
      suppressMovable: true,
      cellRenderer: EditCell,
      cellStyle: { display: 'flex', alignItems: 'center' },
    },
    // Sized to what they hold, so that at 1366 px (beside a vertical scroll bar) every column shows whole, the longest
    // role and sign-in included (decision 079).
    col('Username', 'Username', { minWidth: 130 }),
    col('FirstName', 'First Name', { minWidth: 100, flex: 0.7 }),
    col('LastName', 'Last Name', { minWidth: 100, flex: 0.7 }),
    col('Brand', 'Brand', { minWidth: 160, flex: 1.1 }),
    col('Company', 'Company', { minWidth: 140 }),
    col('Role', 'Role', { minWidth: 225, flex: 1.4 }),
    {
      colId: 'signIn',
      headerName: 'Sign-in',
      minWidth: 210,
      flex: 1.3,
      sortable: false,
      valueGetter: ({ data }) => (data ? SIGN_IN_LABELS[data.SignIn] : ''),
    },
  ];
}

export type UsersGridProps = Pick<
  PagedGridProps<UserListRow, UserSort>,
  'grid' | 'height' | 'sort' | 'onSortChange' | 'onOpen' | 'sizes' | 'summary'
>;

/** One page of users, in the order the server sent it; a header click asks the server for another order. */
const COLUMNS = columns();

export function UsersGrid(props: UsersGridProps) {
  return (
    <PagedGrid<UserListRow, UserSort>
      label="Users"
      data-testid="users-grid"
      shownMark="users"
      columns={COLUMNS}
      sortFields={SORTS}
      defaultSort={{ sort: DEFAULT_USERS_VIEW.sort, dir: DEFAULT_USERS_VIEW.dir }}
      getRowId={(row) => String(row.UserId)}
      noRowsText="No users match."
      noun="users"
      summaryTestId="users-summary"
      {...props}
    />
  );
}
