import { openPgRunner, type Runner } from './database.js';
import { measureItSearchScenarios } from './measureit-search.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cc_bench';
const run = await openPgRunner(url);
const scenarios = await measureItSearchScenarios(run);
const only = process.env.ONLY ?? 'measureit search';
const verbose = process.env.VERBOSE === '1';
for (const s of scenarios.filter((x) => x.name.startsWith(only))) {
  for (const input of s.inputs) {
    const times: string[] = [];
    const explaining: Runner = {
      query: async (text, params) => {
        // warm
        await run.query(text, params);
        const t0 = performance.now();
        await run.query(text, params);
        const wall = performance.now() - t0;
        const { rows } = await run.query(`explain (analyze, buffers, format json) ${text}`, params);
        const plan = (rows[0] as { 'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number; Plan: unknown }] })['QUERY PLAN'][0];
        times.push(`exec ${plan['Execution Time'].toFixed(2)} plan ${plan['Planning Time'].toFixed(2)} wall ${wall.toFixed(2)}`);
        if (verbose) {
          const { rows: t } = await run.query(`explain (analyze, buffers) ${text}`, params);
          console.log(t.map((r) => Object.values(r)[0]).join('\n'));
        }
        return { rows: [] };
      },
      close: () => Promise.resolve(),
    };
    await input.execute(explaining);
    console.log(`${decodeURIComponent(input.path ?? '').replace(/^.*\?/, '').slice(0, 140)}\n   ${times.join(' | ')}`);
  }
}
await run.close();
