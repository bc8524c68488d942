/** Drive the API with autocannon: a warm-up, then a measured run whose every response time is kept. */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

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
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections: target.connections,
        duration,
        // Each connection cycles through every input, so no single statement stays hot in every cache.
        requests: target.bodies.map((body, i): autocannon.Request => {
          const request = {
            method: target.method,
            path: target.paths?.[i] ?? target.path,
            headers,
            ...(body === null ? {} : { body: JSON.stringify(body) }),
          };
          if (!target.newKeyPerRequest || body === null) return request;
          return {
            ...request,
            setupRequest: (built) => ({ ...built, body: JSON.stringify({ ...body, idempotencyKey: randomUUID() }) }),
            onResponse: (_status, text) => {
              if (text.includes('"repeated":true')) onRepeat?.();
            },
          };
        }),
      },
      (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)),
    );
    if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}

export async function drive(target: Target, options: { duration: number; warmup: number }): Promise<LoadResult> {
  if (options.warmup > 0) await run(target, options.warmup);
  const times: number[] = [];
  let repeats = 0;
  const result = await run(
    target,
    options.duration,
    (_status, ms) => times.push(ms),
    () => repeats++,
  );
  times.sort((a, b) => a - b);
  return {
    // Percentiles from every response time of the run (autocannon's own table has no p95).
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    requestsPerSecond: result.requests.total / result.duration,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    repeats,
  };
}
