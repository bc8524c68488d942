import { Table, Text } from '@mantine/core';
import type { FloorSnapshot } from '@cc/contract';
import { callCentreTime, duration, listTable, percent } from '../model';
import { callTypeDisplayName } from '@cc/domain';

export function OpenCallsTable({ calls }: { calls: FloorSnapshot['openCalls'] }) {
  if (calls.length === 0) return <Text c="dimmed">No call is open right now.</Text>;
  return (
    <Table striped withTableBorder data-testid="floor-open-calls">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>CSR</Table.Th>
          <Table.Th>Customer</Table.Th>
          <Table.Th>Branch</Table.Th>
          <Table.Th>Call type</Table.Th>
          <Table.Th>Since</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {calls.map((c) => (
          <Table.Tr key={`${c.sqldbid}-${c.customerNo}`}>
            <Table.Td>{c.csr}</Table.Td>
            <Table.Td>{c.customer || (c.customerNo === 0 ? 'New prospect' : 'Unknown customer')}</Table.Td>
            <Table.Td>{c.branchNo}</Table.Td>
            <Table.Td>{callTypeDisplayName(c.callType)}</Table.Td>
            <Table.Td>{callCentreTime(c.since)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function CsrTable({ csrs }: { csrs: FloorSnapshot['csrs'] }) {
  if (csrs.length === 0) return <Text c="dimmed">No call has ended this week.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder withColumnBorders data-testid="floor-csrs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th rowSpan={2}>CSR</Table.Th>
            <Table.Th colSpan={4}>Today</Table.Th>
            <Table.Th colSpan={4}>This week</Table.Th>
          </Table.Tr>
          <Table.Tr>
            {['today', 'week'].flatMap((period) =>
              ['Calls', 'Sales', 'Conversion', 'Avg length'].map((label) => (
                <Table.Th key={`${period}-${label}`}>{label}</Table.Th>
              )),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {csrs.map((c) => (
            <Table.Tr key={`${c.userId ?? ''}-${c.csr}`} data-csr={c.csr}>
              <Table.Td>{c.csr}</Table.Td>
              {[c.today, c.week].flatMap((t, i) => [
                <Table.Td key={`${i}-calls`} data-testid={i === 0 ? 'today-calls' : 'week-calls'}>
                  {t.calls}
                </Table.Td>,
                <Table.Td key={`${i}-sales`}>{t.sales}</Table.Td>,
                <Table.Td key={`${i}-rate`}>{t.calls === 0 ? '–' : percent(t.conversion)}</Table.Td>,
                <Table.Td key={`${i}-avg`}>{duration(t.averageSeconds)}</Table.Td>,
              ])}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ListCountsTable({ lists }: { lists: FloorSnapshot['lists'] }) {
  const { types, rows } = listTable(lists);
  if (rows.length === 0) return <Text c="dimmed">The outbound lists are empty.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder data-testid="floor-lists">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Branch</Table.Th>
            {types.map((t) => (
              <Table.Th key={t}>{callTypeDisplayName(t)}</Table.Th>
            ))}
            <Table.Th>All lists</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.branchNo}>
              <Table.Td>{r.branchNo}</Table.Td>
              {types.map((t) => (
                <Table.Td key={t}>{r.counts[t] ?? 0}</Table.Td>
              ))}
              <Table.Td fw={600}>{r.total}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
