/**
 * The pricing engine alone (at least 20,000 quotes per second on one core). Runs the domain's own
 * micro-benchmark (packages/domain/src/pricing/bench.ts, built by `npm run build` to
 * packages/domain/dist/pricing/bench.js) in a child process of its own: one Node thread with nothing else in it,
 * no database, no server. It prices 64 realistic calls round robin for `windows` windows of 1 s after a 1 s warm-up.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ENGINE_SCENARIO = 'engine: pricing quotes per second (one core, no database)';

const benchJs = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/domain/dist/pricing/bench.js',
);

export interface EngineResult {
  windows: number;
  /** Quotes per second by the wall clock: the best and the median window. */
  wallBest: number;
  wallMedian: number;
  /** Quotes per CPU-second of the process (median window), null where the runtime cannot tell. */
  cpuMedian: number | null;
  /**
   * The figure held to the budget: quotes per CPU-second, i.e. what one fully used core prices. The wall clock
   * also counts the time other processes held the core, so on a shared machine it says more about the machine.
   * The wall-clock median stands in when CPU time is unknown.
   */
  quotesPerSecond: number;
}

export function measureEngine(windows: number): Promise<EngineResult> {
  if (!fs.existsSync(benchJs)) {
    return Promise.reject(new Error(`${benchJs} is missing: run npm run build first`));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [benchJs, String(Math.max(1, Math.round(windows))), '--json'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the engine benchmark exited with code ${code}`));
      try {
        const last = out.trim().split('\n').pop() ?? '';
        const r = JSON.parse(last) as Omit<EngineResult, 'quotesPerSecond'>;
        resolve({ ...r, quotesPerSecond: r.cpuMedian ?? r.wallMedian });
      } catch {
        reject(new Error(`the engine benchmark printed no result: ${out}`));
      }
    });
  });
}
