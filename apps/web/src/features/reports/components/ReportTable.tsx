import { Table, Text } from '@mantine/core';
import type { ReportFigures, ReportResponse } from '@cc/contract';
import { conversion, count, dollars, duration, GROUP_LABELS, hours } from '../model';

const HEADERS = [
  'Calls handled',
  'Avg handle time',
  'Avg wrap-up',
  'Ready',
  'On call',
  'Wrap-up',
  'Away',
  'Sales',
  'Conversion',
  'Revenue sold',
  'Quotes',
];

function Figures({ f }: { f: ReportFigures }) {
  const s = f.stateSeconds;
  const cells = [
    count(f.calls),
    duration(f.averageHandleSeconds),
    duration(f.averageWrapUpSeconds),
    hours(s?.Ready),
    hours(s?.['On call']),
    hours(s?.['Wrap-up']),
    hours(s?.Away),
    count(f.sales),
    conversion(f.calls, f.conversion),
    dollars(f.revenue),
    count(f.quotes),
  ];
  return cells.map((text, i) => (
    <Table.Td key={HEADERS[i]} ta="right" data-column={HEADERS[i]}>
      {text}
    </Table.Td>
  ));
}

/** One row per group over the whole range, then the total of every group. */
export function ReportTable({ report }: { report: ReportResponse }) {
  if (report.groups.length === 0) {
    return <Text c="dimmed">Nothing in this range: no call ended and no agent state was recorded in your scope.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover withTableBorder stickyHeader data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{GROUP_LABELS[report.groupBy]}</Table.Th>
            {HEADERS.map((h) => (
              <Table.Th key={h} scope="col" ta="right">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.groups.map((g) => (
            <Table.Tr key={g.key} data-group={g.label}>
              <Table.Th scope="row" fw={500}>
                {g.label}
              </Table.Th>
              <Figures f={g} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-group="All">
            <Table.Th scope="row">All</Table.Th>
            <Figures f={report.total} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
