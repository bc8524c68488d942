/** Drive the API with autocannon: a warm-up, then a measured run whose every response time is kept. */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { Timed } from './ceiling.js';

export interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
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

export function median(values: number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
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

function run(
  target: Target,
  duration: number,
  onResponse?: (status: number, ms: number) => void,
  onRepeat?: () => void,
) {
  const headers: Record<string, string> = {};
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  if (target.method === 'POST') headers['content-type'] = 'application/json';
  const before = target.before;
  /**
   * Whether the response just parsed answers a timed request. A request's `onResponse` runs just before the instance's
   * 'response' event of the same response (synchronously, in autocannon's parser callback), so the `before` request's
   * sets it false and every other request's sets it true.
   */
  let timed = true;
  const requestOf = (body: Record<string, unknown> | null, i: number): autocannon.Request => {
    const request = {
      method: target.method,
      path: target.paths?.[i] ?? target.path,
      headers,
      ...(body === null ? {} : { body: JSON.stringify(body) }),
    };
    if ((!target.newKeyPerRequest && !before) || body === null) return request;
    return {
      ...request,
      ...(target.newKeyPerRequest
        ? { setupRequest: (built) => ({ ...built, body: JSON.stringify({ ...body, idempotencyKey: randomUUID() }) }) }
        : {}),
      onResponse: (_status, text) => {
        timed = true;
        if (target.newKeyPerRequest && text.includes('"repeated":true')) onRepeat?.();
      },
    };
  };
  const requestsOf = (indices: number[]): autocannon.Request[] =>
    indices.flatMap((i) => {
      const body = target.bodies[i] ?? null;
      const request = requestOf(body, i);
      if (!before || body === null) return [request];
      const opening: autocannon.Request = {
        method: 'POST',
        path: before.path,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(before.body(body)),
        onResponse: () => {
          timed = false;
        },
      };
      return [opening, request];
    });
  const all = target.bodies.map((_body, i) => i);
  if (before && all.length < target.connections) {
    throw new Error(`${all.length} inputs for ${target.connections} connections: each connection needs its own`);
  }
  let clients = 0;
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections: target.connections,
        duration,
        // autocannon 8 crashes on its retry after a time-out (10 s by default: the retry reads a request that is
        // gone), and 16 requests queued on PGlite's one connection can wait that long behind a slow statement; at
        // 60 s such a request is answered and the p95 shows it.
        timeout: 60,
        // Each connection cycles through every input, so no single statement stays hot in every cache; with a
        // request before each, through its own share of them.
        requests: requestsOf(all),
        ...(before
          ? {
              setupClient: (client: autocannon.Client) => {
                const n = clients++ % target.connections;
                client.setRequests(requestsOf(all.filter((i) => i % target.connections === n)));
              },
            }
          : {}),
      },
      (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
    );
    if (onResponse) {
      instance.on('response', (_client, status, _bytes, ms) => {
        if (timed) onResponse(status, ms);
      });
    }
  });
}

export async function drive(
  target: Target,
  options: { duration: number; warmup: number; onMeasure?: (phase: 'start' | 'end') => void },
): Promise<LoadResult> {
  if (options.warmup > 0) await run(target, options.warmup);
  options.onMeasure?.('start');
  const times: number[] = [];
  let repeats = 0;
  const result = await run(
    target,
    options.duration,
    (_status, ms) => times.push(ms),
    () => repeats++,
  );
  options.onMeasure?.('end');
  times.sort((a, b) => a - b);
  return {
    // Percentiles from every response time of the run (autocannon's own table has no p95).
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    // With a request before each, only the timed ones count.
    requestsPerSecond: (target.before ? times.length : result.requests.total) / result.duration,
    requests: target.before ? times.length : result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    repeats,
    timed: { times, seconds: result.duration },
  };
}
