/**
 * `npm run bench:web`: the screens as a call-centre desktop meets them. Debian's Chromium through Playwright, against
 * the production build served by the real server on the bench's database (loaded by `npm run bench` when missing),
 * with the CPU slowed `BENCH_WEB_CPU` (4) times. `BENCH_WEB_RUNS` (20) runs of a day's steps, each in a new browser
 * context (a cold cache, as a new desktop's first visit), each step timed from the user's action to the app's mark of
 * its data on the screen (journey.ts). Then each step's median and p95 beside its goal. Each route's initial
 * JavaScript is printed by the build and held by tools/initial-js.test.ts. Not part of `npm test`: these figures are
 * read, never asserted (bench/README.md).
 *
 * Environment: BENCH_DATABASE_URL (the bench's, cc_bench), BENCH_WEB_RUNS (20), BENCH_WEB_CPU (4), BENCH_WEB_PORT
 * (3901), BENCH_WEB_RESULTS (a file for the figures as JSON), BENCH_WEB_SHOTS (a directory for a screenshot of a step
 * that failed), BENCH_WEB_PROFILE (a directory: the last run's steps profiled, profile.ts; that run's times are left out
 * of the figures, since the profiler slows the page).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { config, env } from '../config.js';
import { preparePostgres, type Runner } from '../database.js';
import { signIn, startServer } from '../server.js';
import { DEMO_PASSWORD } from '../../../apps/api/dist/db/seed/index.js';
import { Sources, StepProfiler, WEB_ASSETS } from './profile.js';
import { FIRST_PAGE_TARGET_MS, IN_APP_TARGET_MS, stepFigures, stepTable } from './figures.js';
import {
  ACTION_LISTENER,
  callSearchSteps,
  callSteps,
  measureItSteps,
  outboundSteps,
  signInSteps,
  supervisorSteps,
  type RunInput,
  type Steps,
} from './journey.js';

const int = (name: string, fallback: number) => {
  const n = Number(env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number, 1 or more`);
  return n;
};
const runs = int('BENCH_WEB_RUNS', 20);
const cpu = int('BENCH_WEB_CPU', 4);
const port = int('BENCH_WEB_PORT', 3901);
const profileDir = env.BENCH_WEB_PROFILE;
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => fs.existsSync(p));
/** The account the runs sign in as: every screen of the day is one it may enter. */
const USERNAME = 'admin';

/** A customer per run to call and one to measure, drawn from the story customer's branch so that it is priced. */
async function inputsOf(run: Runner, n: number): Promise<RunInput[]> {
  const seed = String(Date.now());
  const branch = await run.query(`select branchno from customers where sqldbid = 18001 and customer_no = 1001`, []);
  const branchNo = (branch.rows[0]?.branchno as string | undefined) ?? '';
  if (!branchNo) throw new Error('the story customer is missing: is this the bench database?');
  const calls = await run.query(
    `select sqldbid, customer_no, last_name from customers
      where branchno = $1 and lawn_size between 4 and 15 and not federal_do_not_call and last_name <> ''
      order by md5(customer_id::text || $2) limit $3`,
    [branchNo, seed, n],
  );
  const measures = await run.query(
    `select sqldbid, customer_no from measured_properties
      where branchno = $1 and customer_no is not null and not complete and active_user_id is null
      order by md5(property_id::text || $2) limit $3`,
    [branchNo, seed, n],
  );
  if (calls.rows.length < n || measures.rows.length < n) throw new Error(`fewer than ${n} customers in ${branchNo}`);
  return calls.rows.map((c, i) => ({
    branch: branchNo,
    call: { sqldbid: Number(c.sqldbid), customerNo: Number(c.customer_no), lastName: String(c.last_name) },
    measure: { sqldbid: Number(measures.rows[i]?.sqldbid), customerNo: Number(measures.rows[i]?.customer_no) },
  }));
}

/**
 * A call or a measurement the account left open (a run that failed half-way) would send it back there at sign-in,
 * as the app does for anyone: each run starts from an account with neither, as a CSR's day does.
 */
async function forgetLeftWork(url: string, username: string): Promise<void> {
  const token = await signIn(url, username);
  const call = (path: string, body?: unknown) =>
    fetch(url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const saved = (await (await call('/api/call-center/saved-call')).json()) as {
    saved: { sqldbid: number; customerNo: number } | null;
  };
  if (saved.saved) {
    await call('/api/call-center/call-inactive', { ...saved.saved, save: false });
  }
  const measuring = await call('/api/MeasureIt/GetMeasurementInProgress', {});
  if (measuring.ok) {
    const { measurement } = (await measuring.json()) as { measurement: { propertyId: number } | null };
    if (measurement) await call('/api/MeasureIt/CancelProperty', { propertyId: measurement.propertyId });
  }
  await call('/api/auth/signout', {});
}

async function main() {
  if (!CHROMIUM) throw new Error("Debian's Chromium is missing: apt-get install chromium");
  console.log(
    `Screen bench: ${runs} runs, CPU slowed ${cpu}×, ${config.databaseUrl.replace(/^.*\//, '')} ` +
      `(${config.customers.toLocaleString('en-US')} customers); ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
  const runner = await preparePostgres(
    config.databaseUrl,
    config.customers,
    config.outboundCalls,
    config.callSearchRows,
    config.agents,
  );
  // The profiled run comes last, after the measured ones.
  const inputs = await inputsOf(runner, runs + (profileDir ? 1 : 0));
  await runner.close();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-web-'));
  const server = await startServer(port, { DATABASE_URL: config.databaseUrl, DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const times = new Map<string, number[]>();
  const record = (step: string, ms: number) => times.set(step, [...(times.get(step) ?? []), ms]);
  let profiled: readonly string[] = [];
  try {
    for (const [i, input] of inputs.entries()) {
      await forgetLeftWork(server.url, USERNAME);
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 768 } });
      await context.addInitScript(ACTION_LISTENER);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      const started = Date.now();
      const profiler =
        profileDir && i === runs ? new StepProfiler(cdp, profileDir, new Sources(WEB_ASSETS), i + 1) : undefined;
      const steps: Steps = profiler ? { record: () => undefined, probe: profiler } : { record };
      if (profiler) fs.mkdirSync(profileDir!, { recursive: true });
      try {
        await signInSteps(page, steps, USERNAME, DEMO_PASSWORD);
        await callSteps(page, steps, input.call);
        await outboundSteps(page, steps);
        await callSearchSteps(page, steps);
        await measureItSteps(page, steps, input);
        await supervisorSteps(page, steps);
        if (profiler) profiled = profiler.summary();
      } catch (error) {
        await keepShot(page, i);
        // The profiled run's figures are not the bench's: its failure is said, and the measured runs still reported.
        if (!profiler) throw error;
        console.error('The profiled run failed:', error);
        profiled = profiler.summary();
      } finally {
        await context.close();
      }
      console.log(
        `  run ${i + 1}/${inputs.length}${profiler ? ' (profiled)' : ''}: ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const figures = [...times].map(([step, values]) =>
    stepFigures(step, values, /^first page|page load/.test(step) ? FIRST_PAGE_TARGET_MS : IN_APP_TARGET_MS),
  );
  console.log(
    `\nFrom the user's action to the data on the screen, CPU slowed ${cpu}× (load average ${os.loadavg()[0]?.toFixed(1)}):`,
  );
  for (const line of stepTable(figures)) console.log(`  ${line}`);
  if (profiled.length > 0) {
    console.log(`\nWhere each step's time went in the profiled run (self time in ms; profiles in ${profileDir}):`);
    for (const line of profiled) console.log(`  ${line}`);
  }
  if (env.BENCH_WEB_RESULTS) {
    fs.writeFileSync(
      env.BENCH_WEB_RESULTS,
      JSON.stringify({ at: new Date().toISOString(), cpu, runs, figures }, null, 2),
    );
  }
}

/** A screenshot of the step that failed, where BENCH_WEB_SHOTS says. */
async function keepShot(page: Page, run: number) {
  if (!env.BENCH_WEB_SHOTS) return;
  fs.mkdirSync(env.BENCH_WEB_SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(env.BENCH_WEB_SHOTS, `run-${run + 1}-failed.png`) }).catch(() => undefined);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
