/**
 * What a bench run reads from its environment, and the names of its database scenarios.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_CUSTOMERS (1000000), BENCH_OUTBOUND (budgets.json: 500000), BENCH_DURATION (10 s), BENCH_WARMUP (2 s),
 * BENCH_CALL_SEARCH_ROWS (budgets.json: 2000000; outbound rows the call search runs over, worked calls added when short),
 * BENCH_CONNECTIONS (budgets.json; the end-call scenario uses end_call_connections), BENCH_PORT (3900), BENCH_PGLITE=1
 * (also the embedded database, at BENCH_PGLITE_CUSTOMERS customers: 100000, and BENCH_PGLITE_OUTBOUND outbound rows:
 * 50000, the size of a demo that `npm start` serves, topped up with worked calls to BENCH_PGLITE_CALL_SEARCH_ROWS:
 * 200000), BENCH_POSTGRES=0 (skip the PostgreSQL server: PGlite alone),
 * BENCH_FRANCHISE=0 (skip the csr.franchise searches), BENCH_ONLY (a regular expression on scenario names, the
 * engine's included; when it selects the engine scenario alone, e.g. BENCH_ONLY=engine, no database is touched).
 * BENCH_DURATION is also the engine's number of 1-second windows. BENCH_IMPORT_ROWS (budgets.json: 100000): the rows of
 * the CSV import scenario's file (PostgreSQL only). BENCH_POP_AGENTS (budgets.json: 200) and BENCH_POP_ROUNDS (3) and
 * BENCH_POP_RATE (20 a second): the screen pop scenario's agents with their streams open, answered events per agent
 * and their pace (PostgreSQL only). BENCH_REPORT_CALLS_PER_DAY (budgets.json: 80) and
 * BENCH_PGLITE_REPORT_CALLS_PER_DAY (8): the calls a weekday of each bench CSR over the report scenario's year.
 * BENCH_SCALE (1): a whole number that multiplies every size above that is not given (customers, outbound rows, the
 * call search's rows, the bench CSRs who worked the calls and the report's year of them; the MeasureIt properties follow
 * the customers), and the demo of the
 * first-start scenario; at a scale over 1 the database is cc_bench_x<scale> unless BENCH_DATABASE_URL names one, so
 * that both sizes stay loaded. BENCH_RESULTS: a file to write the run's figures to as JSON, for `npm run compare -w
 * @cc/bench -- <one.json> <other.json>` (compare.ts). BENCH_FIRST_START=0 skips the first-start scenario.
 */
import { BENCH_AGENTS } from './call-history.js';
import { FIRST_START_SCENARIO } from './first-start.js';
import { FLOOR_SCENARIO } from './floor.js';
import { IMPORT_SCENARIO } from './import.js';
import { POP_SCENARIO } from './pop.js';
import { REPORT_SCENARIO } from './reports.js';
import { BARE_REFERENCE, budgets, SESSION_REFERENCE } from './report.js';

export const env = process.env;
const int = (name: string, fallback: number) => {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number`);
  return n;
};
/**
 * BENCH_SMOKE=1 (`npm run test:bench`, part of `npm test`): every scenario once over, small and
 * short — 10,000 customers, 2 s per scenario — failing only on an error, a non-2xx answer or a plan without its
 * index (EXPLAINed with sequential scans discouraged, since at this size a scan may rightly be cheaper), never on
 * time. Its database is BENCH_DATABASE_URL, else cc_bench_smoke on TEST_DATABASE_URL's server; with neither it is
 * skipped, as the other tests that need a PostgreSQL server are.
 */
export const smoke = env.BENCH_SMOKE === '1';
const smokeDatabase = () => {
  if (!env.TEST_DATABASE_URL) return '';
  const url = new URL(env.TEST_DATABASE_URL);
  url.pathname = '/cc_bench_smoke';
  return url.toString();
};
/** How a database URL reaches its server, for the report: a socket directory, or host:port. */
export function transportOf(url: string): string {
  if (!url) return 'embedded';
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? decodeURIComponent(parsed.hostname);
  return host.startsWith('/') ? `Unix-domain socket in ${host}` : `TCP ${host}:${parsed.port || 5432}`;
}

const scale = int('BENCH_SCALE', 1);
if (!Number.isInteger(scale) || scale < 1) throw new Error('BENCH_SCALE must be a whole number, 1 or more');

export const config = {
  scale,
  databaseUrl:
    env.BENCH_DATABASE_URL ||
    (smoke ? smokeDatabase() : `postgres://postgres@127.0.0.1:5432/cc_bench${scale === 1 ? '' : `_x${scale}`}`),
  customers: int('BENCH_CUSTOMERS', (smoke ? 10_000 : 1_000_000) * scale),
  outboundCalls: int('BENCH_OUTBOUND', (smoke ? 5_000 : budgets.outbound_calls) * scale),
  callSearchRows: int('BENCH_CALL_SEARCH_ROWS', (smoke ? 20_000 : budgets.call_search_outbound_calls) * scale),
  duration: int('BENCH_DURATION', smoke ? 2 : 10),
  warmup: int('BENCH_WARMUP', smoke ? 1 : 2),
  connections: int('BENCH_CONNECTIONS', budgets.connections),
  port: int('BENCH_PORT', 3900),
  pglite: env.BENCH_PGLITE === '1',
  pgliteCustomers: int('BENCH_PGLITE_CUSTOMERS', (smoke ? 10_000 : 100_000) * scale),
  pgliteOutboundCalls: int('BENCH_PGLITE_OUTBOUND', (smoke ? 5_000 : 50_000) * scale),
  // The server's ratio of calls to customers (2,000,000 to 1,000,000).
  pgliteCallSearchRows: int('BENCH_PGLITE_CALL_SEARCH_ROWS', (smoke ? 20_000 : 200_000) * scale),
  postgres: env.BENCH_POSTGRES !== '0',
  franchise: env.BENCH_FRANCHISE !== '0',
  only: env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : null,
  importRows: int('BENCH_IMPORT_ROWS', smoke ? 2_000 : budgets.import_rows),
  floorStreams: int('BENCH_FLOOR_STREAMS', smoke ? 5 : budgets.floor_streams),
  floorQuietSeconds: int('BENCH_FLOOR_QUIET', smoke ? 2 : 30),
  popAgents: int('BENCH_POP_AGENTS', smoke ? 5 : budgets.pop_agents),
  popRounds: int('BENCH_POP_ROUNDS', smoke ? 1 : 3),
  popRate: int('BENCH_POP_RATE', 20),
  // Calls a weekday of each of the 48 bench CSRs over a year, with their agent states (report-history.ts).
  reportCallsPerDay: int('BENCH_REPORT_CALLS_PER_DAY', smoke ? 4 : budgets.report_calls_per_day),
  pgliteReportCallsPerDay: int('BENCH_PGLITE_REPORT_CALLS_PER_DAY', smoke ? 2 : 8),
  // The bench CSRs who worked the calls: a CSR's day stays a day's work, so the report's year grows with them.
  agents: BENCH_AGENTS * scale,
  // The first start's demo: 20,000 generated customers (a smoke run, a tenth), times the scale.
  firstStartCustomers: (smoke ? 2_000 : 20_000) * scale,
  firstStart: env.BENCH_FIRST_START !== '0',
  results: env.BENCH_RESULTS ?? '',
};

const SEARCHES = [
  'search: phone',
  'search: last-name prefix, rare',
  'search: last-name prefix, common',
  'search: first + last name',
  'search: street fragment',
  'search: zip + last name',
  'search: customer number',
];
/**
 * The names of the database scenarios (scenarios.ts), so that a BENCH_ONLY that selects the engine scenario alone
 * runs without a database. Consulted only when BENCH_ONLY matches the engine scenario; a scenario built with a
 * name not listed here is reported in the run's log.
 */
export const DATABASE_SCENARIOS = [
  BARE_REFERENCE,
  SESSION_REFERENCE,
  ...['admin', 'csr.cof', 'csr.franchise'].flatMap((u) => [
    `outbound: list page of 25 [${u}]`,
    `outbound: all counts [${u}]`,
  ]),
  ...SEARCHES.flatMap((s) => [s, `${s} [csr.franchise]`]),
  'autocomplete',
  'zip validation',
  'pricing: customer price list',
  'call search: date range + type',
  'call search: agent',
  'call search: branch',
  'measureit search: pages of 25, mode, zips, New Neighbor dates, any sort',
  'measureit search: pages of 500, mode, zips or none, any sort',
  'measureit statistics: a franchise',
  REPORT_SCENARIO,
  `end call: five-line sale (${budgets.end_call_connections} connections)`,
  IMPORT_SCENARIO,
  FLOOR_SCENARIO,
  POP_SCENARIO,
  FIRST_START_SCENARIO,
];
