/**
 * `npm run bench`: first the pricing engine alone (quotes per second on one core, no database; engine.ts), then a
 * million customers in PostgreSQL (and optionally PGlite), the real server, the bench's own load client.
 * For each scenario: EXPLAIN of its statements (each search must use an index), then the API under load between the
 * two halves of its ceiling, the same statements driven straight at the database (ceiling.ts, measure.ts); budgets
 * as ratios (report.ts). The environment it reads is in config.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { driveSql, summarize, type SqlLoad } from './ceiling.js';
import { explain, postJson } from './checks.js';
import { openPgRunner, preparePglite, preparePostgres, type Runner } from './database.js';
import { ENGINE_SCENARIO, measureEngine } from './engine.js';
import { drive } from './load.js';
import { FIRST_START_SCENARIO, firstStartSummary, measureFirstStart, type FirstStart } from './first-start.js';
import { FLOOR_SCENARIO, measureFloor } from './floor.js';
import { IMPORT_SCENARIO, measureImport } from './import.js';
import { measurePops, POP_SCENARIO, popP95, popSummary, POP_TELEPHONY_SECRET } from './pop.js';
import { BARE_REFERENCE, budgets, ms, SESSION_REFERENCE, table, type Measured } from './report.js';
import { figuresOf, writeResults } from './results.js';
import { measureScenario, targetOf, type Ceiling } from './measure.js';
import { buildScenarios, type Query, type Scenario } from './scenarios.js';
import { topUpReportHistory } from './report-history.js';
import { signIn, startServer } from './server.js';
import { config, DATABASE_SCENARIOS, env, smoke, transportOf } from './config.js';

/** The database with the report scenario's year of calls and states (report-history.ts). */
async function withReportHistory(runner: Runner, perDay: number): Promise<Runner> {
  await topUpReportHistory(runner, perDay);
  return runner;
}

const selected = (name: string) => config.only === null || config.only.test(name);

async function benchTarget(
  label: string,
  prepare: () => Promise<{
    runner: Runner;
    /** Another connection to the same database, for the raw SQL ceiling (ceiling.ts). */
    open: () => Promise<Runner>;
    serverEnv: Record<string, string>;
    cleanup?: () => void;
    /** PGlite: one process's database, which the bench must close before the server opens it. */
    embedded?: boolean;
  }>,
  /** The database the server runs on, for the import scenario (PostgreSQL only). */
  importDatabaseUrl?: string,
): Promise<{
  measured: Measured[];
  problems: string[];
  importSummary?: string;
  floorSummary?: string;
  popSummary?: string;
}> {
  console.log(`\n=== ${label} ===`);
  const { runner, open, serverEnv, cleanup, embedded = false } = await prepare();
  const built = await buildScenarios(runner, {
    franchise: config.franchise,
    endCallConnections: budgets.end_call_connections,
  });
  let scenarios = built;
  for (const s of scenarios.filter((s) => !DATABASE_SCENARIOS.includes(s.name))) {
    console.log(
      `  note: add '${s.name}' to DATABASE_SCENARIOS in bench/src/config.ts (BENCH_ONLY=engine relies on it)`,
    );
  }
  scenarios = scenarios.filter((s) => selected(s.name));

  // PGlite is one process's database: its ceilings are measured before the server opens it, not around each run.
  const upFront = embedded && !smoke;
  console.log(
    `\nEXPLAIN${upFront ? ', then the statements straight at the database' : ''}: ${config.connections} connections, ` +
      `${config.warmup} s warm-up, ${config.duration} s run${upFront ? " (the API's own load, without the API)" : ''}.`,
  );
  const problems: string[] = [];
  const early = new Map<Scenario, SqlLoad>();
  const timing = { connections: config.connections, duration: config.duration, warmup: config.warmup };
  const sqlTiming = (scenario: Scenario) => ({ ...timing, connections: scenario.connections ?? config.connections });
  for (const scenario of scenarios) {
    if (scenario.kind === 'reference' || scenario.noDirectSql) continue;
    console.log(`  ${scenario.name}`);
    const statements: Query[][] = [];
    for (const input of scenario.inputs) statements.push(await input.execute(runner));
    problems.push(...(await explain(runner, scenario, statements, smoke)));
    // The smoke run checks answers and plans, not speed: no ceiling to compare with.
    if (!upFront) continue;
    const ceiling = summarize([await driveSql(open, scenario, sqlTiming(scenario))]);
    early.set(scenario, ceiling);
    console.log(
      `    ${ceiling.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(ceiling.p50)} ms, p95 ${ms(ceiling.p95)} ms`,
    );
  }
  await runner.close();

  console.log(
    `\nServer under load: ${config.connections} connections, ${config.warmup} s warm-up, ${config.duration} s run` +
      (smoke || embedded ? '.' : `; each ceiling in two halves of ${config.duration / 2} s, just before and after it.`),
  );
  const server = await startServer(config.port, serverEnv);
  const measured: Measured[] = [];
  let importSummary: string | undefined;
  let floorSummary: string | undefined;
  let popLine: string | undefined;
  try {
    const tokens = new Map<string, string>();
    for (const user of new Set(scenarios.map((s) => s.user))) {
      if (user) tokens.set(user, await signIn(server.url, user));
    }
    const bare = built.find((s) => s.name === BARE_REFERENCE);
    /** The ceiling a scenario is held to: its statements at the database; for the signed-in route, the bare one. */
    const ceilingOf = (scenario: Scenario): Ceiling => {
      if (smoke) return null;
      if (scenario.name === SESSION_REFERENCE && bare) {
        return async (seconds) =>
          (await drive(targetOf(server, bare, null, config.connections), { ...timing, duration: seconds })).timed;
      }
      if (scenario.kind === 'reference' || scenario.noDirectSql) return null;
      if (embedded) return early.get(scenario) ?? null;
      return async (seconds) => driveSql(open, scenario, { ...sqlTiming(scenario), duration: seconds });
    };
    for (const scenario of scenarios) {
      const token = scenario.user ? (tokens.get(scenario.user) ?? null) : null;
      if (scenario.check) {
        const note = await scenario.check((p, body) => postJson(server.url, token, p, body));
        console.log(`  ${scenario.name}: ${note}`);
      }
      const { measured: m, outcomes } = await measureScenario(server, scenario, token, ceilingOf(scenario), timing);
      measured.push(m);
      const { load } = m;
      console.log(
        `  ${scenario.name.padEnd(52)} p95 ${ms(load.p95).padStart(7)} ms  ${load.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
          (m.sql ? `  ceiling ${m.sql.requestsPerSecond.toFixed(0).padStart(6)} req/s` : '') +
          `  load avg ${m.loadAverage.toFixed(1)}  results per input: ${outcomes}`,
      );
      if (load.non2xx > 0 || load.errors > 0) {
        const statuses = Object.entries(load.statuses).map(([status, n]) => `${n} × ${status}`);
        problems.push(
          `${scenario.name}: ${load.non2xx} non-2xx responses${statuses.length ? ` (${statuses.join(', ')})` : ''}, ` +
            `${load.errors} errors/timeouts`,
        );
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
      if (!ok && !smoke) problems.push(`${IMPORT_SCENARIO}: ${total.toFixed(1)} s > ${budget.toFixed(1)} s`);
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
      if (m.quietCpuShare >= cpuBudget && !smoke) problems.push(`${FLOOR_SCENARIO}: quiet CPU ${m.quietCpuShare}`);
      if (worst > budgets.floor_refresh_ms && !smoke) {
        problems.push(`${FLOOR_SCENARIO}: refresh ${worst.toFixed(0)} ms`);
      }
    }
    if (importDatabaseUrl && selected(POP_SCENARIO)) {
      // Answered events to agents with their pop streams open: event to pop on the agent's stream (decision 075).
      const m = await measurePops({
        url: server.url,
        databaseUrl: importDatabaseUrl,
        secret: POP_TELEPHONY_SECRET,
        agents: config.popAgents,
        rounds: config.popRounds,
        ratePerSecond: config.popRate,
      });
      popLine = `${popSummary(m, budgets.pop_p95_ms)}; load avg ${(os.loadavg()[0] ?? 0).toFixed(1)}`;
      console.log(`  ${POP_SCENARIO}: ${popLine}`);
      if (popP95(m) > budgets.pop_p95_ms && !smoke) problems.push(`${POP_SCENARIO}: p95 ${popP95(m).toFixed(0)} ms`);
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
    ...(popLine ? { popSummary: popLine } : {}),
  };
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
  if (smoke && !config.databaseUrl) {
    console.log('Bench smoke skipped: it needs a PostgreSQL server (TEST_DATABASE_URL or BENCH_DATABASE_URL).');
    return;
  }
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
  const sizes = config.postgres
    ? { customers: config.customers, outbound: config.outboundCalls }
    : { customers: config.pgliteCustomers, outbound: config.pgliteOutboundCalls };
  console.log(
    `Benchmark${config.postgres ? '' : ' (PGlite alone)'}: ${sizes.customers.toLocaleString('en-US')} customers, ` +
      `${sizes.outbound.toLocaleString('en-US')} outbound rows, ${config.connections} connections, ` +
      `${config.duration} s per scenario; budgets from bench/budgets.json` +
      `${config.postgres ? `; PostgreSQL over ${transportOf(config.databaseUrl)}` : ''}. ` +
      `${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
  const problems: string[] = [];
  // First the engine alone: it needs no database, and nothing else runs while it measures.
  const engineRun = engine ? await benchEngine() : null;
  if (engineRun?.miss && !smoke) problems.push(engineRun.miss);
  const skipped = {
    measured: [] as Measured[],
    problems: [] as string[],
    importSummary: '',
    floorSummary: '',
    popSummary: '',
  };
  const postgres = !config.postgres
    ? skipped
    : await benchTarget(
        'PostgreSQL server',
        async () => {
          // The server's own data directory: the mail worker writes the end-call emails there as .eml files (no SMTP).
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-server-'));
          return {
            runner: await withReportHistory(
              await preparePostgres(
                config.databaseUrl,
                config.customers,
                config.outboundCalls,
                config.callSearchRows,
                config.agents,
              ),
              config.reportCallsPerDay,
            ),
            open: () => openPgRunner(config.databaseUrl),
            serverEnv: { DATABASE_URL: config.databaseUrl, DATA_DIR: dataDir, TELEPHONY_SECRET: POP_TELEPHONY_SECRET },
            cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
          };
        },
        config.databaseUrl,
      );
  problems.push(...postgres.problems);
  let pglite: Measured[] = [];
  if (config.pglite) {
    const embedded = await benchTarget(
      `PGlite (embedded, ${config.pgliteCustomers.toLocaleString('en-US')} customers)`,
      async () => {
        const { dataDir, runner } = await preparePglite(
          config.pgliteCustomers,
          config.pgliteOutboundCalls,
          config.pgliteCallSearchRows,
          config.agents,
        );
        await topUpReportHistory(runner, config.pgliteReportCallsPerDay);
        return {
          runner,
          // One embedded connection in all: the ceiling's connections share it (closed once, by the bench).
          open: () => Promise.resolve({ query: runner.query.bind(runner), close: () => Promise.resolve() }),
          serverEnv: { DATA_DIR: dataDir, SEED: 'never', DATABASE_URL: '' },
          embedded: true,
          cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
        };
      },
    );
    pglite = embedded.measured;
    problems.push(...embedded.problems);
  }

  // Last, alone on the machine: the first start's demo load, as `npm start` does it on a new data directory.
  let firstStart: FirstStart | null = null;
  if (config.firstStart && selected(FIRST_START_SCENARIO)) {
    console.log(`\n=== ${FIRST_START_SCENARIO} ===`);
    firstStart = await measureFirstStart(config.firstStartCustomers);
    console.log(`  ${firstStartSummary(firstStart)}`);
  }

  if (engineRun) console.log(`\n${ENGINE_SCENARIO}: ${engineRun.summary}`);
  const misses =
    postgres.measured.length > 0
      ? table(`PostgreSQL server (${config.connections} connections)`, postgres.measured, !smoke)
      : [];
  if (postgres.importSummary) console.log(`\n${IMPORT_SCENARIO}: ${postgres.importSummary}`);
  if (postgres.floorSummary) console.log(`\n${FLOOR_SCENARIO}: ${postgres.floorSummary}`);
  if (postgres.popSummary) console.log(`\n${POP_SCENARIO}: ${postgres.popSummary}`);
  if (firstStart) console.log(`\n${FIRST_START_SCENARIO}: ${firstStartSummary(firstStart)}`);
  if (pglite.length > 0) {
    table(
      `PGlite (${config.pgliteCustomers.toLocaleString('en-US')} customers, ${config.connections} connections ` +
        'sharing its one connection; budgets not enforced)',
      pglite,
      false,
    );
  }
  console.log(
    '\np50/p95 from every response time of the run; ceiling req/s and p95 = the same statements driven straight at ' +
      'the database at the same concurrency (on the server: half just before and half just after the API run; on ' +
      'PGlite: before the server opens it), for the session reference the bare route likewise; share = API req/s over ' +
      "the ceiling's; CPU ms/req = the API process's CPU time per request; p95 target = budgets.json's p95_targets_ms, for " +
      `reading; load avg = 1-minute load average of this ${os.cpus().length}-CPU machine.`,
  );
  if (config.results) {
    writeResults(config.results, {
      scale: config.scale,
      sizes: {
        customers: config.customers,
        outboundCalls: config.outboundCalls,
        callSearchRows: config.callSearchRows,
        agents: config.agents,
      },
      connections: config.connections,
      duration: config.duration,
      postgres: postgres.measured.map(figuresOf),
      pglite: pglite.map(figuresOf),
      summaries: {
        ...(engineRun ? { [ENGINE_SCENARIO]: engineRun.summary } : {}),
        ...(postgres.importSummary ? { [IMPORT_SCENARIO]: postgres.importSummary } : {}),
        ...(postgres.floorSummary ? { [FLOOR_SCENARIO]: postgres.floorSummary } : {}),
        ...(postgres.popSummary ? { [POP_SCENARIO]: postgres.popSummary } : {}),
        ...(firstStart ? { [FIRST_START_SCENARIO]: firstStartSummary(firstStart) } : {}),
      },
      firstStart,
    });
    console.log(`\nThe run's figures: ${config.results}`);
  }
  const failures = [...problems, ...misses];
  if (failures.length > 0) {
    console.log(`\nFAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(
      smoke
        ? '\nSmoke run: every answer 2xx, every search statement can use its index (times not judged).'
        : '\nAll budgets met; every search statement uses an index.',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  // The server is stopped by then (run's finally); a connection left open by a failed check must not keep a failed
  // run (CI's smoke) waiting for ever.
  process.exit(1);
});
