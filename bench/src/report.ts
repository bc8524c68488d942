/**
 * Budgets and the report. A database scenario is judged by the API's throughput as a share of its own
 * statements' throughput driven straight at the database in the same run (ceiling.ts), and the signed-in reference
 * route by its throughput as a share of the bare route's, each ceiling measured just before and after the API's run
 * (measure.ts): both sides share the machine, so the verdict holds on a slower or busier one. Absolute p95 figures
 * are printed beside the bare route's p95 of the same run, and beside the p95 targets, for reading: they fail
 * nothing.
 */
import fs from 'node:fs';
import type { SqlLoad } from './ceiling.js';
import type { LoadResult } from './load.js';
import type { Kind, Scenario } from './scenarios.js';

export interface Budgets {
  connections: number;
  /** API requests per second at least this share of the raw statements' (every search, list, count, pricing). */
  api_share_of_sql: number;
  /** The signed-in no-op route's requests per second at least this share of the bare route's. */
  session_share_of_bare: number;
  /** The absolute p95 targets, printed for reading. */
  p95_targets_ms: Partial<Record<Kind, number>>;
  outbound_calls: number;
  end_call_connections: number;
  engine_quotes_per_second: number;
  import_rows: number;
  import_seconds: number;
  call_search_outbound_calls: number;
  report_calls_per_day: number;
  /** The supervisor's floor view: streams held open, their quiet CPU as a share of one core, refresh after an end call. */
  floor_streams: number;
  floor_quiet_cpu_share: number;
  floor_refresh_ms: number;
  /** The screen pop: agents with their pop stream open, and the p95 from an answered event to its pop. */
  pop_agents: number;
  pop_p95_ms: number;
}

export const budgets = JSON.parse(fs.readFileSync(new URL('../budgets.json', import.meta.url), 'utf8')) as Budgets;

export const BARE_REFERENCE = 'reference: client config (no database)';
export const SESSION_REFERENCE = 'reference: format address (sign-in check only)';

/** Scenarios held to the API's share of the raw SQL throughput. */
const RATIO_KINDS: Kind[] = [
  'search',
  'call_search',
  'measureit_search',
  'measureit_large_page',
  'autocomplete',
  'zip_validation',
  'outbound',
  'pricing',
  'report',
];

export interface Measured {
  scenario: Scenario;
  /**
   * The scenario's ceiling: its statements driven straight at the database (for the signed-in reference route, the
   * bare route), or null (no statements of its own).
   */
  sql: SqlLoad | null;
  load: LoadResult;
  /** The API process's CPU time per request over the measured run (user + system), in ms. */
  cpuMsPerRequest: number;
  /** The machine's 1-minute load average when the scenario ended: other work shares these cores. */
  loadAverage: number;
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');
const pct = (v: number) => (Number.isFinite(v) ? `${(v * 100).toFixed(0)} %` : '-');

/** The share a scenario is held to, its measured share and whether it meets it; null when none applies. */
function verdict(m: Measured, all: Measured[]): { share: number; budget: number; ok: boolean; of: string } | null {
  if (m.sql && RATIO_KINDS.includes(m.scenario.kind)) {
    const share = m.load.requestsPerSecond / m.sql.requestsPerSecond;
    return { share, budget: budgets.api_share_of_sql, ok: share >= budgets.api_share_of_sql, of: 'of its SQL' };
  }
  if (m.scenario.name === SESSION_REFERENCE) {
    // Its ceiling is the bare route measured around it (measure.ts); without one, the bare route's own row.
    const bare = m.sql ?? all.find((o) => o.scenario.name === BARE_REFERENCE)?.load;
    if (!bare) return null;
    const share = m.load.requestsPerSecond / bare.requestsPerSecond;
    return {
      share,
      budget: budgets.session_share_of_bare,
      ok: share >= budgets.session_share_of_bare,
      of: 'of the bare route',
    };
  }
  return null;
}

/** Print a target's table; answer the budgets it misses (when checked). */
export function table(label: string, measured: Measured[], checkBudgets: boolean): string[] {
  const misses: string[] = [];
  const bare = measured.find((m) => m.scenario.name === BARE_REFERENCE);
  const head = [
    'scenario',
    'p50 ms',
    'p95 ms',
    'req/s',
    'ceiling req/s',
    'ceiling p95',
    'share',
    'budget',
    'CPU ms/req',
    'non-2xx',
    'p95 target',
    'load avg',
  ];
  const rows = measured.map((m) => {
    const v = verdict(m, measured);
    if (checkBudgets && v && !v.ok) {
      misses.push(`${m.scenario.name}: ${pct(v.share)} ${v.of} < ${pct(v.budget)}`);
    }
    const target = budgets.p95_targets_ms[m.scenario.kind];
    return [
      m.scenario.name,
      ms(m.load.p50),
      ms(m.load.p95),
      m.load.requestsPerSecond.toFixed(0),
      m.sql ? m.sql.requestsPerSecond.toFixed(0) : '-',
      m.sql ? ms(m.sql.p95) : '-',
      v ? pct(v.share) : '-',
      v ? `${pct(v.budget)} ${v.ok ? 'ok' : checkBudgets ? 'MISSED' : 'under'}` : '-',
      ms(m.cpuMsPerRequest),
      String(m.load.non2xx),
      target === undefined ? '-' : `${target} ${m.load.p95 <= target ? 'within' : 'over'}`,
      m.loadAverage.toFixed(1),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ') + ' |';
  console.log(`\n${label}`);
  if (bare) {
    console.log(
      `The bare reference route of this run: p95 ${ms(bare.load.p95)} ms, ${bare.load.requestsPerSecond.toFixed(0)} req/s.`,
    );
  }
  console.log(line(head));
  console.log(
    '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 1) + '-' : '-'.repeat(w + 1) + ':')).join('|') + '|',
  );
  for (const row of rows) console.log(line(row));
  return misses;
}
