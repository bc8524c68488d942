import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';

export interface RefColumn<T> {
  header: string;
  /** The cell; also what the filter box searches unless `text` says otherwise. */
  value: (row: T) => ReactNode;
  text?: (row: T) => string;
  width?: number | string;
}

export interface RefTableProps<T> {
  /** The grid's accessible name and heading, e.g. 'Brands'. */
  title: string;
  /** What one row is, for the buttons' names: 'brand' → 'Add brand', 'Edit brand Lawn Stars'. */
  noun: string;
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  rowName: (row: T) => string;
  columns: RefColumn<T>[];
  loading?: boolean;
  error?: Error | null;
  onAdd: () => void;
  onEdit: (row: T) => void;
  /** More controls beside the filter (the templates' company and role). */
  toolbar?: ReactNode;
  /** More buttons of a row, after Edit. */
  rowActions?: (row: T) => ReactNode;
}

const cellText = (node: ReactNode): string =>
  typeof node === 'string' || typeof node === 'number' ? String(node) : '';

/**
 * One grid of reference data: a heading with Add, a filter over every column, and a row per item with its Edit
 * button first (as the user grid's Edit column). Lists are short (tens of rows), so all are shown and filtered here.
 */
export function RefTable<T>(props: RefTableProps<T>) {
  const { title, noun, rows, columns, rowKey, rowName, loading, error, onAdd, onEdit, toolbar, rowActions } = props;
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle || !rows) return rows ?? [];
    return rows.filter((row) =>
      columns.some((c) => (c.text ? c.text(row) : cellText(c.value(row))).toLowerCase().includes(needle)),
    );
  }, [rows, columns, filter]);

  return (
    <section aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label={`Filter ${title.toLowerCase()}`}
            placeholder="Filter"
            leftSection={<IconSearch size={16} />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            w={240}
          />
          {toolbar}
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
          Add {noun}
        </Button>
      </Group>
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {loading ? <Loader role="status" aria-label={`Loading ${title.toLowerCase()}`} /> : null}
      {rows ? (
        <>
          <Table
            striped
            highlightOnHover
            withTableBorder
            stickyHeader
            stickyHeaderOffset={60}
            aria-label={title}
            data-testid="ref-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={rowActions ? 170 : 80}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.header} w={c.width}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconPencil size={14} />}
                        aria-label={`Edit ${noun} ${rowName(row)}`}
                        onClick={() => onEdit(row)}
                      >
                        Edit
                      </Button>
                      {rowActions?.(row)}
                    </Group>
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.header}>{c.value(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {shown.length === 0 ? (
            <Text c="gray.7" size="sm" mt="sm">
              {rows.length === 0 ? `No ${title.toLowerCase()} yet.` : 'Nothing matches the filter.'}
            </Text>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
