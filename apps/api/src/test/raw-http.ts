/**
 * HTTP/1.1 over one TCP connection the test holds itself, so it knows which connection a request goes on (a
 * kept-alive one, or one with a request half sent) and can tell an answer from a reset.
 */
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  write(text: string): void;
  /** The next complete response on this connection; rejects if the connection ends or fails before it. */
  response(ms?: number): Promise<RawResponse>;
  /** Resolves when the server has closed the connection. */
  ended(): Promise<void>;
  destroy(): void;
}

export function request(method: string, path: string, options: { body?: string; close?: boolean } = {}): string {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Connection: ${options.close ? 'close' : 'keep-alive'}`,
  ];
  if (options.body !== undefined) {
    lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(options.body)}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n${options.body ?? ''}`;
}

export async function connect(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let failure: Error | undefined;
  let isEnded = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    notify();
  });
  socket.on('error', (error) => {
    failure = error;
    notify();
  });
  socket.on('close', () => {
    isEnded = true;
    notify();
  });

  /** Take one complete response off the front of the buffer, if there is one. */
  function take(): RawResponse | undefined {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...headerLines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (buffer.length < end + 4 + length) return undefined;
    const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    buffer = buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  function waitFor<T>(what: string, ms: number, check: () => T | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const listener = () => {
        let value: T | undefined;
        try {
          value = check();
        } catch (error) {
          finish();
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (value !== undefined) {
          finish();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no ${what} in ${ms} ms`));
      }, ms);
      function finish() {
        clearTimeout(timer);
        listeners.delete(listener);
      }
      listeners.add(listener);
      listener();
    });
  }

  return {
    write: (text) => socket.write(text),
    response: (ms = 15_000) =>
      waitFor('response', ms, () => {
        const response = take();
        if (response) return response;
        if (failure) throw new Error(`the connection failed before a response: ${failure.message}`);
        if (isEnded) throw new Error('the server closed the connection before a response');
        return undefined;
      }),
    ended: (ms = 15_000) =>
      waitFor('end of the connection', ms, () => (isEnded ? true : undefined)).then(() => undefined),
    destroy: () => socket.destroy(),
  };
}
