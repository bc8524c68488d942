/** Test support for the floor view: a Server-Sent Events stream read over real HTTP, frame by frame. */
import type { FloorSnapshot } from '@cc/contract';
import type { TestApp } from '../../test/harness.js';

export interface FloorStreamReader {
  /** The first snapshot (after those already read) that `test` accepts, within `ms`. */
  next(test: (s: FloorSnapshot) => boolean, ms?: number): Promise<FloorSnapshot>;
  /** Every comment line read so far (heartbeats). */
  comments: string[];
  /** The first comment line read after this call, within `ms`. */
  nextComment(ms?: number): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function ticketFor(t: TestApp, token: string): Promise<string> {
  const response = await t.call(token, { method: 'POST', url: '/api/supervisor/floor/stream-ticket' });
  if (response.statusCode !== 200) throw new Error(`ticket: ${response.statusCode} ${response.body}`);
  return response.json<{ ticket: string }>().ticket;
}

export async function openFloorStream(baseUrl: string, ticket: string): Promise<FloorStreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/supervisor/floor/stream?ticket=${ticket}`, {
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream: ${response.status} ${await response.text()}`);
  const snapshots: FloorSnapshot[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = frame.split('\n');
          for (const line of lines) if (line.startsWith(':')) comments.push(line);
          if (lines.some((l) => l.startsWith(':'))) for (const wake of waiters) wake();
          const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
          if (lines.includes('event: snapshot') && data.length > 0) {
            snapshots.push(JSON.parse(data.join('\n')) as FloorSnapshot);
            for (const wake of waiters) wake();
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  let read = 0;
  let done = false;
  void ended.then(() => (done = true));
  return {
    comments,
    nextComment(ms = 2000) {
      const seen = comments.length;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no comment within ${ms} ms`));
        }, ms);
        function check() {
          const comment = comments[seen];
          if (comment === undefined && !done) return;
          clearTimeout(timer);
          waiters.delete(check);
          if (comment === undefined) reject(new Error('the stream ended'));
          else resolve(comment);
        }
        waiters.add(check);
      });
    },
    ended,
    close: () => controller.abort(),
    next(test, ms = 2000) {
      return new Promise<FloorSnapshot>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching snapshot within ${ms} ms (${snapshots.length} read)`));
        }, ms);
        function check() {
          while (read < snapshots.length) {
            const snapshot = snapshots[read++] as FloorSnapshot;
            if (test(snapshot)) {
              clearTimeout(timer);
              waiters.delete(check);
              resolve(snapshot);
              return;
            }
          }
          if (done) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error('the stream ended'));
          }
        }
        waiters.add(check);
        check();
      });
    },
  };
}
