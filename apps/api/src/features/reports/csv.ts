/**
 * The report as CSV: one line per group over the whole range, then the total, then each group's periods; the same
 * figures as the screen, written by the one CSV writer (a cell a spreadsheet would read as a formula is text).
 */
import type { ReportCell, ReportFigures, ReportResponse } from '@cc/contract';
import { toCsv } from '../../lib/csv-import/index.js';

const GROUP_HEADER = { csr: 'CSR', type: 'Call type', branch: 'Branch' } as const;

const HEADER = [
  'Calls handled',
  'Average handle time (s)',
  'Average wrap-up (s)',
  'Ready (s)',
  'On call (s)',
  'Wrap-up (s)',
  'Away (s)',
  'Sales',
  'Conversion rate',
  'Revenue sold',
  'Quotes',
];

function values(f: ReportFigures): (string | number | null)[] {
  const s = f.stateSeconds;
  return [
    f.calls,
    f.averageHandleSeconds,
    f.averageWrapUpSeconds,
    s?.Ready ?? null,
    s?.['On call'] ?? null,
    s?.['Wrap-up'] ?? null,
    s?.Away ?? null,
    f.sales,
    f.conversion,
    f.revenue.toFixed(2),
    f.quotes,
  ];
}

export function reportCsv(report: ReportResponse & { cells: ReportCell[] }): string {
  const label = new Map(report.groups.map((g) => [g.key, g.label]));
  const period = `${report.interval === 'day' ? 'Day' : 'Hour'} (${report.timeZone})`;
  return toCsv([
    [GROUP_HEADER[report.groupBy], period, ...HEADER],
    ...report.groups.map((g) => [g.label, `${report.from} to ${report.to}`, ...values(g)]),
    ['All', `${report.from} to ${report.to}`, ...values(report.total)],
    ...report.cells.map((c) => [label.get(c.key) ?? c.key, c.period, ...values(c)]),
  ]);
}

/** The download's name: the grouping and the range. */
export const reportFileName = (report: Pick<ReportResponse, 'groupBy' | 'from' | 'to'>): string =>
  `report-${report.groupBy}-${report.from}-${report.to}.csv`;
