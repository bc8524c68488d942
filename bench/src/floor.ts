/**
 * The supervisor's floor view (decision 035): `BENCH_FLOOR_STREAMS` (50) streams open on the real
 * server, each as the browser opens it (a ticket, then the Server-Sent Events stream). Two figures:
 * - quiet: the server process's CPU (user + system, from /proc) over `BENCH_FLOOR_QUIET` (30) seconds in which
 *   nothing happens on the floor, as a share of one core (budget: under 5 %). The window takes in the 20 s heartbeat
 *   and its session check. PostgreSQL's own share is not counted: a quiet LISTEN connection does nothing.
 * - refresh: a CSR opens a call and ends it through the API (a five-line sale, as the end-call scenario sends it);
 *   the time from sending the end call to each stream's first snapshot that counts the sale (budget: 2 s), several
 *   rounds, the worst stream of each round reported.
 */
import { randomUUID } from 'node:crypto';
import { cpuSeconds } from './server.js';
import { routes, type FloorSnapshot } from '@cc/contract';

export const FLOOR_SCENARIO = 'floor: 50 live streams (quiet CPU, refresh after an end call)';

export interface FloorMeasure {
  streams: number;
  quietSeconds: number;
  /** The server's CPU over the quiet window, as a share of one core (0.05 = 5 %). */
  quietCpuShare: number;
  /** Per round: the time until the last stream showed the sale, in ms. */
  refreshMs: number[];
}

interface Stream {
  snapshots: { at: number; sales: number }[];
  close(): void;
}

const salesToday = (snapshot: FloorSnapshot) => snapshot.csrs.reduce((sum, c) => sum + c.today.sales, 0);

/** One stream as the page opens it: a ticket by POST, then the stream, read frame by frame. */
async function openStream(url: string, token: string): Promise<Stream> {
  const ticketAnswer = await fetch(url + routes.floorStreamTicket.path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!ticketAnswer.ok) throw new Error(`stream ticket: ${ticketAnswer.status} ${await ticketAnswer.text()}`);
  const { ticket } = (await ticketAnswer.json()) as { ticket: string };
  const abort = new AbortController();
  const response = await fetch(`${url}${routes.floorStream.path}?ticket=${ticket}`, { signal: abort.signal });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  const stream: Stream = { snapshots: [], close: () => abort.abort() };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (frame.startsWith('event: snapshot') && data) {
            stream.snapshots.push({ at: performance.now(), sales: salesToday(JSON.parse(data) as FloorSnapshot) });
          }
        }
      }
    } catch {
      // aborted at the end of the run
    }
  })();
  return stream;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`floor: ${what} did not happen within ${timeoutMs} ms`);
    await sleep(10);
  }
}

export async function measureFloor(options: {
  url: string;
  serverPid: number;
  /** Tokens of supervisors who see every branch, the streams opened with them round robin. */
  supervisorTokens: string[];
  csrToken: string;
  /** End-call bodies of the CSR's customers (a new idempotency key is set per call) and how to open each call. */
  endCalls: Record<string, unknown>[];
  callActiveBody: (endCall: Record<string, unknown>) => Record<string, unknown>;
  streams: number;
  quietSeconds: number;
  rounds: number;
}): Promise<FloorMeasure> {
  const { url } = options;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.csrToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  const streams: Stream[] = [];
  try {
    for (let i = 0; i < options.streams; i++) {
      const token = options.supervisorTokens[i % options.supervisorTokens.length]!;
      streams.push(await openStream(url, token));
    }
    await until('every first snapshot', () => streams.every((s) => s.snapshots.length > 0), 30_000);

    await sleep(1000);
    const before = cpuSeconds(options.serverPid);
    const started = performance.now();
    await sleep(options.quietSeconds * 1000);
    const quietCpuShare = (cpuSeconds(options.serverPid) - before) / ((performance.now() - started) / 1000);

    const refreshMs: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const endCall = { ...options.endCalls[round % options.endCalls.length]!, idempotencyKey: randomUUID() };
      await post(routes.callActive.path, options.callActiveBody(endCall));
      // Let the opened call's snapshot pass (reads are coalesced every 500 ms), so the next one is the end call's.
      await sleep(1500);
      const sales = streams.map((s) => s.snapshots.at(-1)?.sales ?? 0);
      const sent = performance.now();
      await post(routes.endCall.path, endCall);
      // Every stream's scope holds the customer (the supervisors are corporate): each must show the sale.
      const shown = (s: Stream, i: number) => s.snapshots.find((x) => x.at > sent && x.sales > sales[i]!)?.at;
      await until('every stream showing the sale', () => streams.every((s, i) => shown(s, i) !== undefined), 10_000);
      const arrivals = streams.map((s, i) => shown(s, i)!);
      refreshMs.push(Math.max(...arrivals) - sent);
    }
    return { streams: streams.length, quietSeconds: options.quietSeconds, quietCpuShare, refreshMs };
  } finally {
    for (const stream of streams) stream.close();
  }
}
