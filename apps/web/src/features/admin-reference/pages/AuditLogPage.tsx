import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconDatabaseCog } from '@tabler/icons-react';
import type { AuditEntry } from '@cc/contract';
import { api } from '../../../lib/api';
import { auditQuery } from '../api/reference';
import { GridFooter } from '../../../components/grid/GridFooter';
import { useServerGrid } from '../../../components/grid/useServerGrid';
import { AuditDiff } from '../components/AuditDiff';
import { entityLabel, formatWhen, REFERENCE_PATH } from '../model';
import { PAGE_WIDTH } from '../../../components/page-width';

const PAGE_SIZES = [25, 50, 100];

interface AuditView {
  page: number;
  size: number;
  userId: number | undefined;
}

function auditViewOf(params: URLSearchParams): AuditView {
  const size = Number(params.get('pageSize'));
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    size: PAGE_SIZES.includes(size) ? size : 50,
    userId: Number(params.get('userId')) || undefined,
  };
}

/** Only what differs from the first view goes into the URL. */
function auditParamsOf(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.userId !== undefined) params.set('userId', String(view.userId));
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.size !== 50) params.set('pageSize', String(view.size));
  return params;
}
const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  grant: 'teal',
  revoke: 'orange',
  password: 'grape',
};

/** The user an entry changed, by username (the server's, else the name its before or after holds) and id. */
function targetOf(entry: AuditEntry): string {
  if (entry.targetUserId === null) return '';
  const named = [entry.after, entry.before].find(
    (v): v is { Username: string } =>
      typeof v === 'object' && v !== null && typeof (v as { Username?: unknown }).Username === 'string',
  );
  const username = entry.targetUsername ?? named?.Username;
  return username ? `${username} (#${entry.targetUserId})` : `#${entry.targetUserId}`;
}

/**
 * The audit log (decision 026), read-only and for administrators: every administrative change, newest first, a page
 * at a time from the server, optionally only the changes to one user (?userId=).
 */
export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const view = auditViewOf(params);
  const change = useCallback(
    (next: Partial<AuditView>) => setParams(auditParamsOf({ ...auditViewOf(params), ...next })),
    [params, setParams],
  );
  const grid = useServerGrid({
    view,
    change,
    queryOf: (v: AuditView) => ({ page: v.page, pageSize: v.size, ...(v.userId ? { userId: v.userId } : {}) }),
    options: auditQuery,
    pageOf: (answer) => ({ rows: answer.data, total: answer.total }),
  });
  const log = grid.query;
  const { userId } = view;

  return (
    <Stack maw={PAGE_WIDTH} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Audit log
          </Title>
          <Text c="gray.7" size="sm">
            Every change to users and reference data: who made it, when, and what it was before and after.
          </Text>
        </div>
        <Button component={Link} to={REFERENCE_PATH} variant="default" leftSection={<IconDatabaseCog size={16} />}>
          Reference data
        </Button>
      </Group>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <UserFilter userId={userId} onChange={(id) => grid.refine({ userId: id })} />
          <Group gap="sm">
            {log.isFetching ? <Loader size="xs" role="status" aria-label="Loading the audit log" /> : null}
            <Text size="sm" c="gray.7" aria-live="polite">
              {log.data ? `${log.data.total} ${log.data.total === 1 ? 'change' : 'changes'}` : ''}
            </Text>
          </Group>
        </Group>
        {log.error ? <Alert color="red">{log.error.message}</Alert> : null}
        <>
          <Table
            striped
            withTableBorder
            stickyHeader
            stickyHeaderOffset={60}
            aria-label="Audit log"
            verticalSpacing={6}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={170}>When (America/Chicago)</Table.Th>
                <Table.Th w={130}>Who</Table.Th>
                <Table.Th w={120}>Action</Table.Th>
                <Table.Th w={190}>Entity</Table.Th>
                <Table.Th w={170}>User</Table.Th>
                <Table.Th>Before and after</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grid.rows.map((entry) => (
                <Table.Tr key={entry.auditId} data-testid="audit-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWhen(entry.at)}</Table.Td>
                  <Table.Td>{entry.actorUsername}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={ACTION_COLORS[entry.action] ?? 'gray'}
                      c="dark.8"
                      radius="sm"
                      style={{ flexShrink: 0, maxWidth: 'none' }}
                    >
                      {entry.action}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {entityLabel(entry.entity)}{' '}
                    <Text span size="xs" c="gray.7">
                      {entry.entityId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{targetOf(entry)}</Table.Td>
                  <Table.Td>
                    <AuditDiff before={entry.before} after={entry.after} names={log.data?.names} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {log.data && log.data.data.length === 0 ? (
            <Text size="sm" c="gray.7" mt="sm">
              No changes recorded{userId ? ' for this user' : ''}.
            </Text>
          ) : null}
        </>
        <Stack mt="md">
          <GridFooter
            noun="changes"
            summary={grid.total === 0 ? '' : `${grid.first}–${grid.last} of ${grid.total}`}
            summaryTestId="audit-summary"
            sizes={PAGE_SIZES}
            size={view.size}
            onSize={grid.onSize}
            pages={grid.pages}
            page={grid.page}
            onPage={grid.onPage}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Only the changes to one user: the user found by name as typed (the user grid's own search). */
function UserFilter({ userId, onChange }: { userId: number | undefined; onChange: (id: number | undefined) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const users = useQuery({
    queryKey: ['users-audit-filter', debounced],
    queryFn: () => api('listUsers', { body: { search: debounced, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
  const options = (users.data?.data ?? []).map((u) => ({
    value: String(u.UserId),
    label: `${u.Username} (${u.FirstName} ${u.LastName})`,
  }));
  const current = userId === undefined ? null : String(userId);
  if (current && !options.some((o) => o.value === current)) {
    options.unshift(chosen?.value === current ? chosen : { value: current, label: `User #${current}` });
  }
  return (
    <Select
      label="Changes to user"
      placeholder="All users"
      searchable
      clearable
      w={320}
      data={options}
      value={current}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage="No user found"
      onChange={(value, option) => {
        setChosen(value ? option : null);
        onChange(value ? Number(value) : undefined);
      }}
    />
  );
}
