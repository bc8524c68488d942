/**
 * The supervisor's numbers (docs/decisions/082-report-definitions.md): the call history's and the state history's
 * figures, read by three statements at once and put together per group and period. States are a person's, so they
 * are given per CSR, and in the total and per period whatever the grouping; by call type or branch a group has none.
 */
import {
  addDays,
  CALL_TIME_ZONE,
  callTypeDisplayName,
  conversionRate,
  formatLocalDateTime,
  instantOfWallTime,
  type Scope,
} from '@cc/domain';
import type { ReportCell, ReportFigures, ReportQuery, ReportResponse, ReportStateSeconds } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { callFigures, stateFigures, type ReportRange } from './sql.js';

interface CallRow {
  key: string | null;
  label: string | null;
  period: string | null;
  g_key: number;
  g_period: number;
  calls: number;
  handle: string | number | null;
  sales: number;
  revenue: number | string;
  quotes: number;
}
interface StateRow {
  key: string | null;
  label: string | null;
  period: string | null;
  g_key: number;
  g_period: number;
  ready: number | string;
  on_call: number | string;
  wrap_up: number | string;
  away: number | string;
  wrap_up_avg: number | string | null;
}

const seconds = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value));
const cents = (value: number | string): number => Math.round(Number(value) * 100) / 100;

/** Which level of the grouping sets a row is, as one key: group and period, '*' where the row is over all. */
const slot = (row: { key: string | null; period: string | null; g_key: number; g_period: number }) =>
  `${Number(row.g_key) ? '*' : row.key}\u0000${Number(row.g_period) ? '*' : row.period}`;

function figures(call: CallRow | undefined, state: StateRow | undefined, withStates: boolean): ReportFigures {
  const calls = Number(call?.calls ?? 0);
  const sales = Number(call?.sales ?? 0);
  const stateSeconds: ReportStateSeconds | null = withStates
    ? {
        Ready: seconds(state?.ready) ?? 0,
        'On call': seconds(state?.on_call) ?? 0,
        'Wrap-up': seconds(state?.wrap_up) ?? 0,
        Away: seconds(state?.away) ?? 0,
      }
    : null;
  return {
    calls,
    averageHandleSeconds: seconds(call?.handle),
    averageWrapUpSeconds: withStates ? seconds(state?.wrap_up_avg) : null,
    stateSeconds,
    sales,
    conversion: conversionRate(sales, calls),
    revenue: cents(call?.revenue ?? 0),
    quotes: Number(call?.quotes ?? 0),
  };
}

/**
 * The range's periods in time order, as the statements label them: each day, or each hour of the call centre's
 * clock (a day the clock goes forward has 23, one it goes back 24 labels, its repeated hour counted once).
 */
export function periodLabels(range: Pick<ReportRange, 'from' | 'to' | 'interval'>): string[] {
  const out: string[] = [];
  if (range.interval === 'day') {
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) out.push(day);
    return out;
  }
  const start = instantOfWallTime(`${range.from} 00:00:00`, CALL_TIME_ZONE).getTime();
  const end = instantOfWallTime(`${addDays(range.to, 1)} 00:00:00`, CALL_TIME_ZONE).getTime();
  for (let at = start; at < end; at += 3_600_000) {
    const label = `${formatLocalDateTime(new Date(at), CALL_TIME_ZONE).slice(0, 13)}:00`;
    if (out.at(-1) !== label) out.push(label);
  }
  return out;
}

/** The report; with `cells`, each group's figures per period too (the CSV's lines; the screen does not show them). */
export async function readReport(
  ctx: AppContext,
  scope: Scope,
  query: ReportQuery,
  options: { cells?: boolean } = {},
): Promise<ReportResponse & { cells: ReportCell[] }> {
  const now = ctx.now();
  const range: ReportRange = query;
  const withCells = options.cells === true;
  const [callRows, stateRows] = await Promise.all([
    ctx.db.execute(callFigures(scope, range, withCells)).then((r) => rowsOf<CallRow>(r)),
    ctx.db.execute(stateFigures(scope, range, now, withCells)).then((r) => rowsOf<StateRow>(r)),
  ]);
  const calls = new Map(callRows.map((r) => [slot(r), r]));
  const states = new Map(stateRows.map((r) => [slot(r), r]));
  const byCsr = query.groupBy === 'csr';

  // Groups: every key with calls, and by CSR every CSR with time in a state too.
  const labels = new Map<string, string>();
  for (const r of callRows) if (!Number(r.g_key) && Number(r.g_period)) labels.set(r.key!, r.label ?? '');
  if (byCsr) {
    for (const r of stateRows) {
      if (!Number(r.g_key) && Number(r.g_period) && !labels.has(r.key!)) labels.set(r.key!, r.label ?? '');
    }
  }
  const labelOf = (key: string, stored: string) => (query.groupBy === 'type' ? callTypeDisplayName(key) : stored);
  const groups = [...labels]
    .map(([key, stored]) => ({
      key,
      label: labelOf(key, stored),
      ...figures(calls.get(`${key}\u0000*`), states.get(`${key}\u0000*`), byCsr),
    }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));

  const cellKeys = new Set<string>();
  for (const r of callRows) if (!Number(r.g_key) && !Number(r.g_period)) cellKeys.add(slot(r));
  if (byCsr) for (const r of stateRows) if (!Number(r.g_key) && !Number(r.g_period)) cellKeys.add(slot(r));
  const order = new Map(groups.map((g, i) => [g.key, i]));
  const cells = [...cellKeys]
    .map((k) => {
      const [key, period] = k.split('\u0000') as [string, string];
      return { key, period, ...figures(calls.get(k), states.get(k), byCsr) };
    })
    .sort((a, b) => a.period.localeCompare(b.period) || (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));

  const periodNames = periodLabels(range);
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    interval: query.interval,
    timeZone: CALL_TIME_ZONE,
    asOf: now.toISOString(),
    groups,
    periods: periodNames.map((period) => ({
      period,
      ...figures(calls.get(`*\u0000${period}`), states.get(`*\u0000${period}`), true),
    })),
    cells,
    total: figures(calls.get('*\u0000*'), states.get('*\u0000*'), true),
  };
}
