import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import type { CellKeyDownEvent, ColDef, FullWidthCellKeyDownEvent, GridApi, SortChangedEvent } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { UserListRow } from '@cc/contract';
import { DataGrid } from '../../../components/DataGrid';
import { DEFAULT_USERS_VIEW, type UserSort } from '../grid-view';
import { editUserPath } from '../model';

export interface UsersGridSort {
  sort: UserSort;
  dir: 'asc' | 'desc';
}

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

function columns(initial: UsersGridSort): ColDef<UserListRow>[] {
  const col = (field: UserSort, headerName: string, extra: ColDef<UserListRow> = {}): ColDef<UserListRow> => ({
    field,
    headerName,
    sortable: true,
    initialSort: initial.sort === field ? initial.dir : null,
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
      sortable: false,
      resizable: false,
      suppressMovable: true,
      cellRenderer: EditCell,
      cellStyle: { display: 'flex', alignItems: 'center' },
    },
    col('Username', 'Username', { minWidth: 150 }),
    col('FirstName', 'First Name'),
    col('LastName', 'Last Name'),
    col('Brand', 'Brand', { minWidth: 170 }),
    col('Company', 'Company', { minWidth: 160 }),
    col('Role', 'Role', { minWidth: 150 }),
  ];
}

export interface UsersGridProps {
  rows: UserListRow[];
  loading: boolean;
  sort: UsersGridSort;
  onSortChange: (sort: UsersGridSort) => void;
  onOpen: (row: UserListRow) => void;
}

/** One page of users, in the order the server sent it; a header click asks the server for another order. */
export function UsersGrid({ rows, loading, sort, onSortChange, onOpen }: UsersGridProps) {
  const initial = useRef(sort).current;
  const columnDefs = useMemo(() => columns(initial), [initial]);
  const order = useMemo(() => new Map(rows.map((row, i) => [row, i])), [rows]);
  const orderRef = useRef(order);
  orderRef.current = order;
  const defaultColDef = useMemo<ColDef<UserListRow>>(
    () => ({
      resizable: true,
      sortingOrder: ['asc', 'desc'],
      // The server sorted the page: keep its order whatever the header shows.
      comparator: (_a, _b, nodeA, nodeB, descending) => {
        const map = orderRef.current;
        const delta = (nodeA.data ? (map.get(nodeA.data) ?? 0) : 0) - (nodeB.data ? (map.get(nodeB.data) ?? 0) : 0);
        return descending ? -delta : delta;
      },
    }),
    [],
  );

  const apiRef = useRef<GridApi<UserListRow> | null>(null);
  useEffect(() => {
    const api = apiRef.current;
    if (!api) return;
    const shown = api.getColumnState().find((c) => c.sort);
    if (shown?.colId === sort.sort && shown?.sort === sort.dir) return;
    api.applyColumnState({ state: [{ colId: sort.sort, sort: sort.dir }], defaultState: { sort: null } });
  }, [sort.sort, sort.dir]);

  const onSortChanged = ({ api, source }: SortChangedEvent<UserListRow>) => {
    if (source === 'api') return;
    const sorted = api.getColumnState().find((c) => c.sort);
    const field = sorted ? SORTS[sorted.colId] : undefined;
    if (!sorted || !field) onSortChange({ sort: DEFAULT_USERS_VIEW.sort, dir: DEFAULT_USERS_VIEW.dir });
    else onSortChange({ sort: field, dir: sorted.sort === 'desc' ? 'desc' : 'asc' });
  };

  const onCellKeyDown = (event: CellKeyDownEvent<UserListRow> | FullWidthCellKeyDownEvent<UserListRow>) => {
    const key = event.event as KeyboardEvent | null | undefined;
    if (key?.key === 'Enter' && event.data) onOpen(event.data);
  };

  return (
    <DataGrid<UserListRow>
      label="Users"
      height="100%"
      data-testid="users-grid"
      rowData={rows}
      columnDefs={columnDefs}
      defaultColDef={defaultColDef}
      getRowId={({ data }) => String(data.UserId)}
      suppressColumnVirtualisation
      animateRows={false}
      loading={loading}
      onGridReady={({ api }) => {
        apiRef.current = api;
      }}
      onSortChanged={onSortChanged}
      onCellKeyDown={onCellKeyDown}
      overlayNoRowsTemplate="<span>No users match.</span>"
    />
  );
}
