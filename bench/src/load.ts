/** Drive the API with the bench's load client: a warm-up, then a measured run whose every response time is kept. */
import { randomUUID } from 'node:crypto';
import type { Timed } from './ceiling.js';
import { requestBytes, runLoad, type Step } from './http-load.js';

export interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  /** How many answers of each non-2xx status. */
  statuses: Record<number, number>;
  errors: number;
  /** Answers that said `"repeated":true` (only counted with `newKeyPerRequest`): should be none. */
  repeats: number;
  /** Every timed response's time (ms, sorted) and the run's length in seconds: a ceiling of another run (measure.ts). */
  timed: Timed;
}

/** The q-quantile (nearest rank) of sorted values. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

interface Target {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  token: string | null;
  bodies: (Record<string, unknown> | null)[];
  /** A path per input when the inputs differ by path (GET); otherwise every request uses `path`. */
  paths?: (string | undefined)[];
  connections: number;
  /**
   * Give every request its own new `idempotencyKey` (a UUID) in the body, set as the request is built: a repeated
   * key would only answer the first result and measure the cheap repeat path.
   */
  newKeyPerRequest?: boolean;
  /**
   * A POST sent before each request, for the same input, on the same connection, and not timed (opening the call
   * that the request ends). Each connection then has its own share of the inputs.
   */
  before?: { path: string; body(input: Record<string, unknown>): Record<string, unknown> };
}

/** Each connection's cycle of requests (the timed one, and before it the one that opens what it needs). */
function plansOf(target: Target, onRepeat: () => void): Step[][] {
  const { host } = new URL(target.url);
  const headers: Record<string, string> = {};
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  const json = { ...headers, 'content-type': 'application/json' };
  const before = target.before;
  const stepsOf = (i: number): Step[] => {
    const body = target.bodies[i] ?? null;
    const path = target.paths?.[i] ?? target.path;
    if (body === null) return [{ bytes: requestBytes(target.method, path, host, headers), timed: true }];
    const request: Step = target.newKeyPerRequest
      ? {
          bytes: () =>
            requestBytes(target.method, path, host, json, JSON.stringify({ ...body, idempotencyKey: randomUUID() })),
          timed: true,
          onBody: (text) => {
            if (text.includes('"repeated":true')) onRepeat();
          },
        }
      : { bytes: requestBytes(target.method, path, host, json, JSON.stringify(body)), timed: true };
    if (!before) return [request];
    const opening = requestBytes('POST', before.path, host, json, JSON.stringify(before.body(body)));
    return [{ bytes: opening, timed: false }, request];
  };
  const all = target.bodies.map((_body, i) => i);
  if (before && all.length < target.connections) {
    throw new Error(`${all.length} inputs for ${target.connections} connections: each connection needs its own`);
  }
  return Array.from({ length: target.connections }, (_c, c) =>
    before
      ? // With a request before each, each connection has its own share of the inputs (a call is held by one CSR).
        all.filter((i) => i % target.connections === c).flatMap(stepsOf)
      : // Each connection cycles through every input, from its own first one (as the ceiling's runners do), so no
        // single statement stays hot in every cache.
        all.map((_i, k) => (c + k) % all.length).flatMap(stepsOf),
  );
}

// 16 requests queued on PGlite's one connection can wait long behind a slow statement: at 60 s such a request is
// answered, and the p95 shows it.
const TIMEOUT_MS = 60_000;

export async function drive(
  target: Target,
  options: { duration: number; warmup: number; onMeasure?: (phase: 'start' | 'end') => void },
): Promise<LoadResult> {
  let repeats = 0;
  const plans = plansOf(target, () => repeats++);
  if (options.warmup > 0) await runLoad(target.url, plans, { seconds: options.warmup, timeoutMs: TIMEOUT_MS });
  repeats = 0;
  options.onMeasure?.('start');
  const result = await runLoad(target.url, plans, { seconds: options.duration, timeoutMs: TIMEOUT_MS });
  options.onMeasure?.('end');
  const times = result.times.sort((a, b) => a - b);
  return {
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    // With a request before each, only the timed ones count.
    requestsPerSecond: times.length / result.seconds,
    requests: times.length,
    non2xx: result.non2xx,
    statuses: result.statuses,
    errors: result.errors,
    repeats,
    timed: { times, seconds: result.seconds },
  };
}
