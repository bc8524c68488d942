/** What the Reports screen shows of a report (docs/decisions/082-report-definitions.md): its query and its figures. */
import { addDays, floorPeriods } from '@cc/domain';
import {
  REPORT_GROUPS,
  REPORT_INTERVALS,
  type ReportGroup,
  type ReportInterval,
  type ReportResponse,
} from '@cc/contract';

export interface ReportChoice {
  from: string;
  to: string;
  groupBy: ReportGroup;
  interval: ReportInterval;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/**
 * The choice in the address (so a report can be linked and reloaded), else the last seven days (today in the call
 * centre's clock among them), by CSR, per day. The server says what is wrong with a range the address holds.
 */
export function choiceOf(params: URLSearchParams, now: Date = new Date()): ReportChoice {
  const today = floorPeriods(now).today;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    from: DAY.test(from) ? from : addDays(today, -6),
    to: DAY.test(to) ? to : today,
    groupBy: oneOf(REPORT_GROUPS, params.get('groupBy'), 'csr'),
    interval: oneOf(REPORT_INTERVALS, params.get('interval'), 'day'),
  };
}

export const paramsOf = (choice: ReportChoice): URLSearchParams =>
  new URLSearchParams({ from: choice.from, to: choice.to, groupBy: choice.groupBy, interval: choice.interval });

export const GROUP_LABELS: Record<ReportGroup, string> = { csr: 'CSR', type: 'Call type', branch: 'Branch' };
export const INTERVAL_LABELS: Record<ReportInterval, string> = { day: 'Per day', hour: 'Per hour' };

/** Seconds as 'm:ss' or 'h:mm:ss'; a dash for none. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Hours of a state, one place: '12.5 h'; a dash where states have no group. */
export const hours = (seconds: number | null | undefined): string =>
  seconds === null || seconds === undefined ? '–' : `${(seconds / 3600).toFixed(1)} h`;

export const percent = (rate: number): string => `${(rate * 100).toFixed(1)}%`;

/** A conversion rate, or '–' with no call to convert: 0 % would say no call sold. */
export const conversion = (calls: number, rate: number): string => (calls === 0 ? '–' : percent(rate));

/** A count as the other figures read, with its thousands separated. */
export const count = (n: number): string => n.toLocaleString('en-US');

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const dollars = (value: number): string => money.format(value);

/** The period as the chart's axis reads it: 'Nov 3' per day, 'Nov 3 14:00' per hour. */
export function periodLabel(period: string): string {
  const [day, hour] = period.split(' ');
  const [, m, d] = (day ?? '').split('-').map(Number);
  const month = new Date(Date.UTC(2000, (m ?? 1) - 1, 1)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return hour ? `${month} ${d} ${hour}` : `${month} ${d}`;
}

/** The chart's rows: calls and sales per period; hours of each state per period. */
export function chartPeriods(report: ReportResponse) {
  return report.periods.map((p) => ({
    label: periodLabel(p.period),
    calls: p.calls,
    sales: p.sales,
    ready: round1((p.stateSeconds?.Ready ?? 0) / 3600),
    onCall: round1((p.stateSeconds?.['On call'] ?? 0) / 3600),
    wrapUp: round1((p.stateSeconds?.['Wrap-up'] ?? 0) / 3600),
    away: round1((p.stateSeconds?.Away ?? 0) / 3600),
  }));
}

const round1 = (n: number) => Math.round(n * 10) / 10;
