/**
 * Test support for Server-Sent Events streams (the floor's, the screen pops'): a stream read over real HTTP, frame by
 * frame, its events of one name parsed as JSON.
 */
export interface EventStreamReader<T> {
  /** The first event (after those already read) that `test` accepts, within `ms`. */
  next(test: (s: T) => boolean, ms?: number): Promise<T>;
  /** Every comment line read so far (heartbeats). */
  comments: string[];
  /** The first comment line read after this call, within `ms`. */
  nextComment(ms?: number): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function readEventStream<T>(url: string, event: string): Promise<EventStreamReader<T>> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream: ${response.status} ${await response.text()}`);
  const events: T[] = [];
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
          if (lines.includes(`event: ${event}`) && data.length > 0) {
            events.push(JSON.parse(data.join('\n')) as T);
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
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms (${events.length} read)`));
        }, ms);
        function check() {
          while (read < events.length) {
            const item = events[read++] as T;
            if (test(item)) {
              clearTimeout(timer);
              waiters.delete(check);
              resolve(item);
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
