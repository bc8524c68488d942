/**
 * The bench's own HTTP/1.1 load client (decision 054): `connections` keep-alive sockets, each sending its next
 * request as soon as the last one is answered, for a fixed time. It does no more than a load needs — bytes built
 * once, the status line, Content-Length or chunked framing, the body only where it is read — so that on two cores the
 * load generator takes as little as it can of the CPU the API and PostgreSQL share with it (about half of
 * autocannon's CPU per request, measured in the bench README).
 */
import net from 'node:net';

/** One request of a connection's cycle. */
export interface Step {
  /** Its bytes, built once, or each time it is sent (a new idempotency key per request). */
  bytes: Buffer | (() => Buffer);
  /** Whether its response time is kept (an untimed request opens what the timed one after it needs). */
  timed: boolean;
  /** Called with the answer's body (UTF-8) when it is complete; without it the body is skipped, not kept. */
  onBody?: (text: string) => void;
}

export interface Outcome {
  /** Response times (ms) of the timed requests answered within the run, in the order they came. */
  times: number[];
  /** Every answer within the run, timed or not. */
  responses: number;
  non2xx: number;
  /** How many answers of each non-2xx status, so that a failed run says what the server answered. */
  statuses: Record<number, number>;
  /** Socket errors, connections closed under a request, and requests unanswered after `timeoutMs`. */
  errors: number;
  seconds: number;
}

/** The bytes of one request. */
export function requestBytes(
  method: string,
  path: string,
  host: string,
  headers: Record<string, string>,
  body?: string,
): Buffer {
  let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (body === undefined) return Buffer.from(head + '\r\n', 'latin1');
  const payload = Buffer.from(body, 'utf8');
  return Buffer.concat([Buffer.from(`${head}content-length: ${payload.length}\r\n\r\n`, 'latin1'), payload]);
}

const LF = 0x0a;

/** One answer read whole: its status, whether the server closes the connection after it, its body if asked for. */
interface Answer {
  status: number;
  close: boolean;
  body: string | null;
}

/**
 * Reads the answers of one connection from the bytes as they arrive, in any split: `push` returns each answer it
 * completes (`status`, whether the server closes the connection after it, and the body if asked for).
 */
export class ResponseReader {
  /** The start of a head whose end has not arrived yet. */
  private head: Buffer | null = null;
  private body: Buffer[] = [];
  private status = 0;
  private close = false;
  /**
   * 'head': the status line and headers; 'fixed': `remaining` body bytes; chunked bodies: 'size' (a chunk's size line),
   * 'data' (`remaining` bytes of it), 'data-end' (the CRLF after them), 'trailer' (lines up to the empty one).
   */
  private state: 'head' | 'fixed' | 'size' | 'data' | 'data-end' | 'trailer' = 'head';
  private remaining = 0;
  private line = '';

  constructor(private readonly keepBody: () => boolean) {}

  push(chunk: Buffer): Answer[] {
    const done: Answer[] = [];
    if (this.head) chunk = Buffer.concat([this.head, chunk]);
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'head') {
        at = this.readHead(chunk, at);
      } else if (this.state === 'fixed' || this.state === 'data') {
        const take = Math.min(this.remaining, chunk.length - at);
        if (take > 0 && this.keepBody()) this.body.push(chunk.subarray(at, at + take));
        this.remaining -= take;
        at += take;
        if (this.remaining === 0) this.state = this.state === 'fixed' ? 'head' : 'data-end';
      } else {
        // A line of the chunked framing: a chunk's size, the CRLF after its data, or a trailer line.
        const end = chunk.indexOf(LF, at);
        this.line += chunk.toString('latin1', at, end < 0 ? chunk.length : end);
        if (end < 0) return done;
        at = end + 1;
        const line = this.line.trim();
        this.line = '';
        if (this.state === 'size') {
          this.remaining = Number.parseInt(line.split(';')[0] ?? '', 16);
          if (!Number.isFinite(this.remaining)) throw new Error(`bad chunk size: ${line}`);
          this.state = this.remaining === 0 ? 'trailer' : 'data';
        } else if (this.state === 'data-end') {
          this.state = 'size';
        } else if (line === '') {
          this.state = 'head';
        }
      }
      if (this.state === 'head' && this.status !== 0) done.push(this.finish());
    }
    return done;
  }

  private readHead(chunk: Buffer, at: number): number {
    const end = chunk.indexOf('\r\n\r\n', at, 'latin1');
    if (end < 0) {
      // The rest of a head that arrives in pieces: `push` puts it before the next piece.
      this.head = chunk.subarray(at);
      return chunk.length;
    }
    const text = chunk.toString('latin1', at, end).toLowerCase();
    this.head = null;
    this.status = Number(text.slice(9, 12));
    this.close = /\r\nconnection: *close/.test(text);
    const length = /\r\ncontent-length: *(\d+)/.exec(text);
    if (/\r\ntransfer-encoding:[^\r]*chunked/.test(text)) {
      this.state = 'size';
    } else {
      this.remaining = length ? Number(length[1]) : 0;
      this.state = this.remaining > 0 ? 'fixed' : 'head';
    }
    return end + 4;
  }

  private finish(): Answer {
    const answer = {
      status: this.status,
      close: this.close,
      body: this.body.length > 0 ? Buffer.concat(this.body).toString('utf8') : this.keepBody() ? '' : null,
    };
    this.status = 0;
    this.close = false;
    this.body = [];
    return answer;
  }
}

/**
 * Runs the load for `seconds`: connection `c` cycles through `plans[c]`. Answers that arrive after the end are not
 * counted; a connection the server closes is opened again. At the end no new request is sent, and the run returns
 * once every request in flight is answered (or timed out): a request cut off at the end would go on at the server and
 * could land under the next run's first requests (an end call releasing the lock the next run's open has just taken).
 */
export function runLoad(
  url: string,
  plans: Step[][],
  options: { seconds: number; timeoutMs: number },
): Promise<Outcome> {
  const { hostname, port } = new URL(url);
  const outcome: Outcome = { times: [], responses: 0, non2xx: 0, statuses: {}, errors: 0, seconds: options.seconds };
  const end = performance.now() + options.seconds * 1000;
  let ended = false;
  /** Called when a connection has nothing in flight after the end; the run returns when all have. */
  let settle = () => {};
  const connections = plans.map((plan) => {
    const connection = { next: 0, sentAt: 0, step: null as Step | null, socket: null as net.Socket | null };
    const send = () => {
      if (ended) return;
      const step = plan[connection.next++ % plan.length];
      if (!step || !connection.socket) return;
      connection.step = step;
      connection.sentAt = performance.now();
      connection.socket.write(typeof step.bytes === 'function' ? step.bytes() : step.bytes);
    };
    const open = () => {
      if (ended) return;
      const reader = new ResponseReader(() => connection.step?.onBody !== undefined);
      const socket = net.connect(Number(port), hostname);
      connection.socket = socket;
      socket.setNoDelay(true);
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        let answers;
        try {
          answers = reader.push(chunk);
        } catch {
          outcome.errors++;
          socket.destroy();
          return;
        }
        for (const answer of answers) {
          const now = performance.now();
          const step = connection.step;
          connection.step = null;
          if (ended || now > end || !step) {
            socket.destroy();
            settle();
            return;
          }
          outcome.responses++;
          if (answer.status < 200 || answer.status > 299) {
            outcome.non2xx++;
            outcome.statuses[answer.status] = (outcome.statuses[answer.status] ?? 0) + 1;
          }
          if (step.timed) outcome.times.push(now - connection.sentAt);
          if (answer.body !== null) step.onBody?.(answer.body);
          if (answer.close) {
            socket.destroy();
            return;
          }
          send();
        }
      });
      let failed = false;
      socket.on('error', () => (failed = true));
      socket.on('close', () => {
        if (connection.socket !== socket) return;
        if (ended) {
          connection.step = null;
          settle();
          return;
        }
        // Failed, or closed under a request (or for its time-out): an error. Closed as the answer said: open again.
        if (connection.step || failed) {
          connection.step = null;
          outcome.errors++;
          setTimeout(open, 10);
        } else {
          open();
        }
      });
    };
    return { connection, open };
  });
  return new Promise((resolve) => {
    for (const c of connections) c.open();
    const watch = setInterval(
      () => {
        const now = performance.now();
        for (const { connection } of connections) {
          if (connection.step && now - connection.sentAt > options.timeoutMs) connection.socket?.destroy();
        }
      },
      Math.min(1000, options.timeoutMs),
    );
    setTimeout(
      () => {
        ended = true;
        settle = () => {
          if (connections.some(({ connection }) => connection.step)) return;
          clearInterval(watch);
          resolve(outcome);
        };
        for (const { connection } of connections) {
          if (!connection.step) connection.socket?.destroy();
        }
        settle();
      },
      Math.max(0, end - performance.now()),
    );
  });
}
