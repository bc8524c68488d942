/**
 * The ceiling of a database scenario: the statements the API runs for its inputs (built by the API's own
 * query code), driven straight at the database with as many connections as the API's load, round robin over the
 * inputs. Its throughput is what the API could reach if it added nothing; the API's share of it is held to a budget,
 * which a slower or busier machine moves little, since both runs share it. On a database server the ceiling is
 * measured in two halves, just before and just after the API's run (measure.ts), so that a machine whose speed drifts
 * during a run drifts under both alike.
 */
import type { Runner } from './database.js';
import { quantile } from './load.js';
import type { Scenario } from './scenarios.js';

export interface SqlLoad {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  requests: number;
}

/** The response times of a measured run (ms, in any order) and its length in seconds. */
export interface Timed {
  times: number[];
  seconds: number;
}

/** Throughput and percentiles of one or more measured runs taken together. */
export function summarize(parts: Timed[]): SqlLoad {
  const times = parts.flatMap((p) => p.times).sort((a, b) => a - b);
  const seconds = parts.reduce((sum, p) => sum + p.seconds, 0);
  return {
    requestsPerSecond: seconds > 0 ? times.length / seconds : Number.NaN,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    requests: times.length,
  };
}

/**
 * Drive the scenario's statements on `connections` runners at once (each input's statements in order on one
 * connection, as one API request runs them). PGlite has one connection in all: its runners share it, and the
 * statements queue as the server's would.
 */
export async function driveSql(
  open: () => Promise<Runner>,
  scenario: Scenario,
  options: { connections: number; duration: number; warmup: number },
): Promise<Timed> {
  const runners = await Promise.all(Array.from({ length: options.connections }, open));
  const times: number[] = [];
  const started = performance.now();
  const measureFrom = started + options.warmup * 1000;
  const end = measureFrom + options.duration * 1000;
  try {
    await Promise.all(
      runners.map(async (runner, c) => {
        for (let i = c; performance.now() < end; i++) {
          const input = scenario.inputs[i % scenario.inputs.length];
          if (!input) return;
          const t0 = performance.now();
          await input.execute(runner);
          const t1 = performance.now();
          if (t0 >= measureFrom && t1 <= end) times.push(t1 - t0);
        }
      }),
    );
  } finally {
    await Promise.all(runners.map((r) => r.close()));
  }
  return { times, seconds: options.duration };
}
