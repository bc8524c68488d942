/**
 * `npm run bench`: first the pricing engine alone (quotes per second on one core, no database; engine.ts), then a
 * million customers in PostgreSQL (and optionally PGlite), the real server, autocannon.
 * For each scenario: p50/p95/p99, requests per second, the median of the same SQL run directly and the
 * ratio of the two; EXPLAIN of every search statement (each must use an index); budgets checked last.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_CUSTOMERS (1000000), BENCH_OUTBOUND (budgets.json: 500000), BENCH_DURATION (10 s), BENCH_WARMUP (2 s),
 * BENCH_CALL_SEARCH_ROWS (budgets.json: 2000000; outbound rows the call search runs over, worked calls added when short),
 * BENCH_CONNECTIONS (budgets.json; the end-call scenario uses end_call_connections), BENCH_SQL_RUNS (50), BENCH_PORT (3900), BENCH_PGLITE=1,
 * BENCH_FRANCHISE=0 (skip the csr.franchise searches), BENCH_ONLY (a regular expression on scenario names, the
 * engine's included; when it selects the engine scenario alone, e.g. BENCH_ONLY=engine, no database is touched).
 * BENCH_DURATION is also the engine's number of 1-second windows. BENCH_IMPORT_ROWS (budgets.json: 100000): the rows of
 * the CSV import scenario's file (PostgreSQL only).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preparePglite, preparePostgres, type Runner } from './database.js';
import { ENGINE_SCENARIO, measureEngine } from './engine.js';
import { drive, median, type LoadResult } from './load.js';
import { FLOOR_SCENARIO, measureFloor } from './floor.js';
import { IMPORT_SCENARIO, measureImport } from './import.js';
import { buildScenarios, type Kind, type Query, type Scenario } from './scenarios.js';
import { signIn, startServer } from './server.js';

interface Budgets {
  connections: number;
  search_p95_ms: number;
  autocomplete_p95_ms: number;
  zip_validation_p95_ms: number;
  outbound_p95_ms: number;
  outbound_calls: number;
  pricing_p95_ms: number;
  end_call_p95_ms: number;
  end_call_connections: number;
  engine_quotes_per_second: number;
  import_rows: number;
  import_seconds: number;
  call_search_p95_ms: number;
  call_search_outbound_calls: number;
  /** The supervisor's floor view: streams held open, their quiet CPU as a share of one core, refresh after an end call. */
  floor_streams: number;
  floor_quiet_cpu_share: number;
  floor_refresh_ms: number;
}

const budgets = JSON.parse(fs.readFileSync(new URL('../budgets.json', import.meta.url), 'utf8')) as Budgets;
const env = process.env;
const int = (name: string, fallback: number) => {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number`);
  return n;
};
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cc_bench',
  customers: int('BENCH_CUSTOMERS', 1_000_000),
  outboundCalls: int('BENCH_OUTBOUND', budgets.outbound_calls),
  callSearchRows: int('BENCH_CALL_SEARCH_ROWS', budgets.call_search_outbound_calls),
  duration: int('BENCH_DURATION', 10),
  warmup: int('BENCH_WARMUP', 2),
  connections: int('BENCH_CONNECTIONS', budgets.connections),
  sqlRuns: int('BENCH_SQL_RUNS', 50),
  port: int('BENCH_PORT', 3900),
  pglite: env.BENCH_PGLITE === '1',
  franchise: env.BENCH_FRANCHISE !== '0',
  only: env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : null,
  importRows: int('BENCH_IMPORT_ROWS', budgets.import_rows),
  floorStreams: int('BENCH_FLOOR_STREAMS', budgets.floor_streams),
  floorQuietSeconds: int('BENCH_FLOOR_QUIET', 30),
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
const DATABASE_SCENARIOS = [
  'reference: client config (no database)',
  'reference: format address (sign-in check only)',
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
  `end call: five-line sale (${budgets.end_call_connections} connections)`,
  IMPORT_SCENARIO,
  FLOOR_SCENARIO,
];

const selected = (name: string) => config.only === null || config.only.test(name);

function budgetOf(kind: Kind): number | null {
  switch (kind) {
    case 'search':
      return budgets.search_p95_ms;
    case 'call_search':
      return budgets.call_search_p95_ms;
    case 'autocomplete':
      return budgets.autocomplete_p95_ms;
    case 'zip_validation':
      return budgets.zip_validation_p95_ms;
    case 'outbound':
      return budgets.outbound_p95_ms;
    case 'pricing':
      return budgets.pricing_p95_ms;
    case 'end_call':
      return budgets.end_call_p95_ms;
    case 'reference':
      return null;
  }
}

interface Measured {
  scenario: Scenario;
  sqlMedian: number;
  load: LoadResult;
  /** The machine's 1-minute load average when the scenario ended: other work shares these cores. */
  loadAverage: number;
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');

/** An input as the log shows it: its body, or its path when it has none (a GET). */
const inputLabel = (scenario: Scenario, i: number) => {
  const input = scenario.inputs[i];
  return input?.body === null && input.path ? decodeURIComponent(input.path) : JSON.stringify(input?.body);
};

/** Scenarios whose every statement must be planned with an index and no Seq Scan of customers or outbound_calls. */
const indexed = (scenario: Scenario) => scenario.kind === 'search' || scenario.kind === 'call_search';

/** EXPLAIN every statement of every search input; print the first input's plans; fail on a Seq Scan. */
async function explain(run: Runner, scenario: Scenario, statements: Query[][]): Promise<string[]> {
  const problems: string[] = [];
  let printed = false;
  for (const [i, list] of statements.entries()) {
    for (const statement of list) {
      const { rows } = await run.query(`explain ${statement.sql}`, statement.params);
      const plan = rows.map((r) => String(r['QUERY PLAN']));
      const text = plan.join('\n');
      const usesIndex = /Index Scan|Index Only Scan|Bitmap Index Scan/.test(text);
      const seqScan = /Seq Scan on (customers|outbound_calls)\b/.test(text);
      if (indexed(scenario) && (!usesIndex || seqScan)) {
        problems.push(`${scenario.name}: input ${inputLabel(scenario, i)} is planned without an index`);
        console.log(plan.map((l) => `      ${l}`).join('\n'));
      }
      if (!printed || (i === 0 && list.length > 1)) {
        // The count statements answer one column named total; the rows statement has a count(*) of its own
        // (`matched`), so looking for count(*) labelled every rows plan as a count.
        const what =
          /\bas total\b/i.test(statement.sql) || /^select count\(\*\)/i.test(statement.sql) ? 'count' : 'rows';
        console.log(`    EXPLAIN (${what}) ${inputLabel(scenario, i)}`);
        // The top node and every scan with its index condition: enough to see which index answers.
        const shown = plan.filter((l, n) => n === 0 || /Scan|Index Cond/.test(l)).slice(0, 10);
        console.log(shown.map((l) => `      ${l}`).join('\n'));
      }
    }
    printed = true;
  }
  const total = statements.reduce((n, l) => n + l.length, 0);
  if (indexed(scenario) && problems.length === 0) console.log(`    index used by all ${total} statements`);
  return problems;
}

/** Time the statements of the scenario's inputs, round robin, run directly; median in ms. */
async function timeSql(run: Runner, scenario: Scenario): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < config.sqlRuns; i++) {
    const input = scenario.inputs[i % scenario.inputs.length];
    if (!input) break;
    const started = performance.now();
    await input.execute(run);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** POST a JSON body to the API and answer the parsed answer (a scenario's check before the load). */
async function postJson(url: string, token: string | null, route: string, body: unknown): Promise<unknown> {
  const response = await fetch(url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${route}: ${JSON.stringify(body)} answered ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** One request per input before the load, to check the answers and show what the inputs return. */
async function preflight(url: string, token: string | null, scenario: Scenario): Promise<string> {
  const outcomes: string[] = [];
  for (const input of scenario.inputs) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (scenario.before && input.body !== null) {
      await postJson(url, token, scenario.before.path, scenario.before.body(input.body));
    }
    const sent =
      input.body !== null && scenario.newKeyPerRequest ? { ...input.body, idempotencyKey: randomUUID() } : input.body;
    const response = await fetch(url + (input.path ?? scenario.path), {
      method: scenario.method,
      ...(sent === null
        ? { headers }
        : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(sent) }),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${scenario.name}: ${JSON.stringify(input.body)} answered ${response.status} ${text}`);
    const body = JSON.parse(text) as {
      rows?: unknown[];
      total?: number;
      overLimit?: boolean;
      suggestions?: unknown[];
      isValid?: boolean;
      data?: unknown[];
      orderStatus?: string | null;
      repeated?: boolean;
      value?: unknown[];
      '@odata.count'?: number;
    };
    if (Array.isArray(body)) {
      outcomes.push(String((body as { count?: number }[]).reduce((n, c) => n + (c.count ?? 0), 0)));
      continue;
    }
    if (body.value && body['@odata.count'] !== undefined) {
      outcomes.push(`${body.value.length}/${body['@odata.count']}`);
      continue;
    }
    if (body.data && body.total !== undefined) {
      outcomes.push(`${body.data.length}/${body.total}`);
      continue;
    }
    if (body.overLimit) outcomes.push(`>${body.total}`);
    // A search answers a page of its matches: rows of the page / matches.
    else if (body.rows && body.total !== undefined) outcomes.push(`${body.rows.length}/${body.total}`);
    else if (body.rows) outcomes.push(String(body.rows.length));
    else if (body.suggestions) outcomes.push(String(body.suggestions.length));
    else if (body.isValid !== undefined) outcomes.push(body.isValid ? 'valid' : 'invalid');
    else if (body.orderStatus !== undefined) {
      if (body.repeated) throw new Error(`${scenario.name}: a new idempotency key answered as a repeat`);
      outcomes.push(body.orderStatus ?? 'no order');
    } else outcomes.push('ok');
  }
  return outcomes.join(' ');
}

async function benchTarget(
  label: string,
  prepare: () => Promise<{ runner: Runner; serverEnv: Record<string, string>; cleanup?: () => void }>,
  /** The database the server runs on, for the import scenario (PostgreSQL only). */
  importDatabaseUrl?: string,
): Promise<{ measured: Measured[]; problems: string[]; importSummary?: string; floorSummary?: string }> {
  console.log(`\n=== ${label} ===`);
  const { runner, serverEnv, cleanup } = await prepare();
  const built = await buildScenarios(runner, {
    franchise: config.franchise,
    endCallConnections: budgets.end_call_connections,
  });
  let scenarios = built;
  for (const s of scenarios.filter((s) => !DATABASE_SCENARIOS.includes(s.name))) {
    console.log(`  note: add '${s.name}' to DATABASE_SCENARIOS in bench/src/run.ts (BENCH_ONLY=engine relies on it)`);
  }
  scenarios = scenarios.filter((s) => selected(s.name));

  console.log(`\nDirect SQL (${config.sqlRuns} runs each, round robin over the inputs) and EXPLAIN:`);
  const problems: string[] = [];
  const sqlMedians = new Map<Scenario, number>();
  for (const scenario of scenarios) {
    if (scenario.kind === 'reference' || scenario.noDirectSql) continue;
    console.log(`  ${scenario.name}`);
    const statements: Query[][] = [];
    for (const input of scenario.inputs) statements.push(await input.execute(runner));
    problems.push(...(await explain(runner, scenario, statements)));
    const sqlMedian = await timeSql(runner, scenario);
    sqlMedians.set(scenario, sqlMedian);
    console.log(`    median ${ms(sqlMedian)} ms`);
  }
  await runner.close();

  console.log(
    `\nServer under load: ${config.connections} connections, ${config.warmup} s warm-up, ${config.duration} s run.`,
  );
  const server = await startServer(config.port, serverEnv);
  const measured: Measured[] = [];
  let importSummary: string | undefined;
  let floorSummary: string | undefined;
  try {
    const tokens = new Map<string, string>();
    for (const user of new Set(scenarios.map((s) => s.user))) {
      if (user) tokens.set(user, await signIn(server.url, user));
    }
    for (const scenario of scenarios) {
      const token = scenario.user ? (tokens.get(scenario.user) ?? null) : null;
      if (scenario.check) {
        const note = await scenario.check((p, body) => postJson(server.url, token, p, body));
        console.log(`  ${scenario.name}: ${note}`);
      }
      const outcomes = await preflight(server.url, token, scenario);
      const load = await drive(
        {
          url: server.url,
          method: scenario.method,
          path: scenario.path,
          token,
          bodies: scenario.inputs.map((i) => i.body),
          paths: scenario.inputs.map((i) => i.path),
          connections: scenario.connections ?? config.connections,
          newKeyPerRequest: scenario.newKeyPerRequest ?? false,
          ...(scenario.before ? { before: scenario.before } : {}),
        },
        { duration: config.duration, warmup: config.warmup },
      );
      const [load1] = os.loadavg();
      measured.push({ scenario, sqlMedian: sqlMedians.get(scenario) ?? Number.NaN, load, loadAverage: load1 ?? 0 });
      console.log(
        `  ${scenario.name.padEnd(52)} p95 ${ms(load.p95).padStart(7)} ms  ${load.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
          `  load avg ${(load1 ?? 0).toFixed(1)}  results per input: ${outcomes}`,
      );
      if (load.non2xx > 0 || load.errors > 0) {
        problems.push(`${scenario.name}: ${load.non2xx} non-2xx responses, ${load.errors} errors/timeouts`);
      }
      if (load.repeats > 0) {
        problems.push(`${scenario.name}: ${load.repeats} answers were repeats although every key was new`);
      }
    }
    if (importDatabaseUrl && selected(IMPORT_SCENARIO)) {
      // One file, as the browser sends it: its preview, then its import (decision 030).
      const m = await measureImport(
        server.url,
        await signIn(server.url, 'admin'),
        importDatabaseUrl,
        config.importRows,
      );
      const total = m.previewSeconds + m.importSeconds;
      // The budget is for 100,000 rows; a smaller run (BENCH_IMPORT_ROWS) is held to its share of it.
      const budget = (budgets.import_seconds * m.rows) / budgets.import_rows;
      const ok = total <= budget;
      importSummary =
        `${m.rows.toLocaleString('en-US')} rows (${(m.bytes / 1024 / 1024).toFixed(1)} MB): preview ${m.previewSeconds.toFixed(1)} s, ` +
        `import ${m.importSeconds.toFixed(1)} s, total ${total.toFixed(1)} s; budget <= ${budget.toFixed(1)} s: ${ok ? 'ok' : 'MISSED'}` +
        `; clean-up (delete of the rows) ${m.cleanupSeconds.toFixed(1)} s` +
        `; load avg ${(os.loadavg()[0] ?? 0).toFixed(1)}`;
      console.log(`  ${IMPORT_SCENARIO}: ${importSummary}`);
      if (!ok) problems.push(`${IMPORT_SCENARIO}: ${total.toFixed(1)} s > ${budget.toFixed(1)} s`);
    }
    if (selected(FLOOR_SCENARIO)) {
      // The end-call scenario's customers and bodies: the sales the streams must show (decision 035).
      const endCall = built.find((s) => s.kind === 'end_call');
      if (!endCall?.user || !endCall.before) throw new Error('floor: the end-call scenario is missing');
      const before = endCall.before;
      const m = await measureFloor({
        url: server.url,
        serverPid: server.pid,
        supervisorTokens: await Promise.all(['admin', 'supervisor', 'usermanager'].map((u) => signIn(server.url, u))),
        csrToken: await signIn(server.url, endCall.user),
        endCalls: endCall.inputs.map((input) => input.body ?? {}),
        callActiveBody: (body) => before.body(body),
        streams: config.floorStreams,
        quietSeconds: config.floorQuietSeconds,
        rounds: 5,
      });
      const cpuBudget = budgets.floor_quiet_cpu_share;
      const worst = Math.max(...m.refreshMs);
      floorSummary =
        `${m.streams} streams: quiet CPU ${(m.quietCpuShare * 100).toFixed(2)} % of a core over ${m.quietSeconds} s ` +
        `(budget < ${(cpuBudget * 100).toFixed(0)} %: ${m.quietCpuShare < cpuBudget ? 'ok' : 'MISSED'}); refresh after an ` +
        `end call, last stream: ${m.refreshMs.map((r) => r.toFixed(0)).join(', ')} ms ` +
        `(budget <= ${budgets.floor_refresh_ms} ms: ${worst <= budgets.floor_refresh_ms ? 'ok' : 'MISSED'})` +
        `; load avg ${(os.loadavg()[0] ?? 0).toFixed(1)}`;
      console.log(`  ${FLOOR_SCENARIO}: ${floorSummary}`);
      if (m.quietCpuShare >= cpuBudget) problems.push(`${FLOOR_SCENARIO}: quiet CPU ${m.quietCpuShare}`);
      if (worst > budgets.floor_refresh_ms) problems.push(`${FLOOR_SCENARIO}: refresh ${worst.toFixed(0)} ms`);
    }
  } finally {
    await server.stop();
    cleanup?.();
  }
  return {
    measured,
    problems,
    ...(importSummary ? { importSummary } : {}),
    ...(floorSummary ? { floorSummary } : {}),
  };
}

function table(label: string, measured: Measured[], checkBudgets: boolean): string[] {
  const misses: string[] = [];
  const head = [
    'scenario',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'req/s',
    'SQL ms',
    'p50/SQL',
    'non-2xx',
    'p95 budget',
    'load avg',
  ];
  const rows = measured.map(({ scenario, sqlMedian, load, loadAverage }) => {
    const budget = budgetOf(scenario.kind);
    const ok = budget === null || load.p95 <= budget;
    if (checkBudgets && !ok) misses.push(`${scenario.name}: p95 ${ms(load.p95)} ms > ${budget} ms`);
    return [
      scenario.name,
      ms(load.p50),
      ms(load.p95),
      ms(load.p99),
      load.requestsPerSecond.toFixed(0),
      ms(sqlMedian),
      Number.isFinite(sqlMedian) ? (load.p50 / sqlMedian).toFixed(1) : '-',
      String(load.non2xx),
      budget === null ? '-' : `${budget} ${ok ? 'ok' : checkBudgets ? 'MISSED' : 'over'}`,
      loadAverage.toFixed(1),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ') + ' |';
  console.log(`\n${label}`);
  console.log(line(head));
  console.log(
    '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 1) + '-' : '-'.repeat(w + 1) + ':')).join('|') + '|',
  );
  for (const row of rows) console.log(line(row));
  return misses;
}

/** The engine scenario: its line of the log, and the budget miss (or null). */
async function benchEngine(): Promise<{ summary: string; miss: string | null }> {
  console.log(`\n=== ${ENGINE_SCENARIO} ===`);
  const e = await measureEngine(config.duration);
  const budget = budgets.engine_quotes_per_second;
  const ok = e.quotesPerSecond >= budget;
  const fmt = (n: number) => n.toLocaleString('en-US');
  const [load1] = os.loadavg();
  const unit = e.cpuMedian !== null ? 'quotes per CPU-second' : 'quotes per second (wall clock)';
  const summary =
    `${fmt(e.quotesPerSecond)} ${unit} ` +
    `(median of ${e.windows} windows of 1 s; wall clock: median ${fmt(e.wallMedian)}, best ${fmt(e.wallBest)} ` +
    `quotes/s; load avg ${(load1 ?? 0).toFixed(1)}); budget >= ${fmt(budget)}: ${ok ? 'ok' : 'MISSED'}`;
  console.log(`  ${summary}`);
  return {
    summary,
    miss: ok ? null : `${ENGINE_SCENARIO}: ${fmt(e.quotesPerSecond)} ${unit} < ${fmt(budget)}`,
  };
}

async function main(): Promise<void> {
  const engine = selected(ENGINE_SCENARIO);
  // A BENCH_ONLY that matches the engine and no database scenario needs no database.
  const database = config.only === null || !engine || DATABASE_SCENARIOS.some(selected);
  if (!database) {
    console.log(
      `Benchmark: BENCH_ONLY=${env.BENCH_ONLY ?? ''} selects the engine scenario alone: no database, no server. ` +
        `${os.cpus().length} CPUs, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.`,
    );
    const { summary, miss } = await benchEngine();
    console.log(`\n${ENGINE_SCENARIO}: ${summary}`);
    if (miss) {
      console.log(`\nFAILED:\n  - ${miss}`);
      process.exitCode = 1;
    } else {
      console.log('\nAll budgets met.');
    }
    return;
  }
  console.log(
    `Benchmark: ${config.customers.toLocaleString('en-US')} customers, ` +
      `${config.outboundCalls.toLocaleString('en-US')} outbound rows, ${config.connections} connections, ` +
      `${config.duration} s per scenario; budgets from bench/budgets.json. ` +
      `${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
  const problems: string[] = [];
  // First the engine alone: it needs no database, and nothing else runs while it measures.
  const engineRun = engine ? await benchEngine() : null;
  if (engineRun?.miss) problems.push(engineRun.miss);
  const postgres = await benchTarget(
    'PostgreSQL server',
    async () => {
      // The server's own data directory: the mail worker writes the end-call emails there as .eml files (no SMTP).
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-server-'));
      return {
        runner: await preparePostgres(
          config.databaseUrl,
          config.customers,
          config.outboundCalls,
          config.callSearchRows,
        ),
        serverEnv: { DATABASE_URL: config.databaseUrl, DATA_DIR: dataDir },
        cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
    config.databaseUrl,
  );
  problems.push(...postgres.problems);
  let pglite: Measured[] = [];
  if (config.pglite) {
    const embedded = await benchTarget('PGlite (embedded)', async () => {
      const { dataDir, runner } = await preparePglite(config.customers, config.outboundCalls);
      return {
        runner,
        serverEnv: { DATA_DIR: dataDir, SEED: 'never', DATABASE_URL: '' },
        cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    });
    pglite = embedded.measured;
    problems.push(...embedded.problems);
  }

  if (engineRun) console.log(`\n${ENGINE_SCENARIO}: ${engineRun.summary}`);
  const misses =
    postgres.measured.length > 0
      ? table(`PostgreSQL server (${config.connections} connections)`, postgres.measured, true)
      : [];
  if (postgres.importSummary) console.log(`\n${IMPORT_SCENARIO}: ${postgres.importSummary}`);
  if (postgres.floorSummary) console.log(`\n${FLOOR_SCENARIO}: ${postgres.floorSummary}`);
  if (pglite.length > 0) table(`PGlite (${config.connections} connections; budgets not enforced)`, pglite, false);
  console.log(
    '\np50/p95/p99 from every response time of the run; SQL ms = median of the same statements run directly; ' +
      `p50/SQL = API p50 over that median; load avg = 1-minute load average of this ${os.cpus().length}-CPU machine.`,
  );
  const failures = [...problems, ...misses];
  if (failures.length > 0) {
    console.log(`\nFAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll budgets met; every search statement uses an index.');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
