import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBytes, ResponseReader, runLoad, type Step } from './http-load.js';

const fixed = (status: number, body: string, extra = '') =>
  `HTTP/1.1 ${status} X\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;
const chunked = (parts: string[]) =>
  `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n` +
  parts.map((p) => `${Buffer.byteLength(p).toString(16)}\r\n${p}\r\n`).join('') +
  '0\r\n\r\n';

/** Every answer `bytes` holds, fed to one reader split at `cut`. */
function read(bytes: Buffer, cut: number, keepBody = true) {
  const reader = new ResponseReader(() => keepBody);
  return [...reader.push(bytes.subarray(0, cut)), ...reader.push(bytes.subarray(cut))];
}

describe('ResponseReader', () => {
  it('reads fixed-length and chunked answers, one after another, however the bytes are split', () => {
    const bytes = Buffer.from(
      fixed(200, 'héllo') +
        chunked(['{"a":', '1}', 'é']) +
        fixed(404, '', 'Connection: close\r\n') +
        fixed(204, '') +
        chunked([]),
    );
    const expected = [
      { status: 200, close: false, body: 'héllo' },
      { status: 200, close: false, body: '{"a":1}é' },
      { status: 404, close: true, body: '' },
      { status: 204, close: false, body: '' },
      { status: 200, close: false, body: '' },
    ];
    for (let cut = 0; cut <= bytes.length; cut++) expect(read(bytes, cut), `cut at ${cut}`).toEqual(expected);
  });

  it('skips the body unless asked for it', () => {
    const bytes = Buffer.from(fixed(201, 'abc') + chunked(['de']));
    expect(read(bytes, 7, false)).toEqual([
      { status: 201, close: false, body: null },
      { status: 200, close: false, body: null },
    ]);
  });

  it('refuses a chunk size that is not hexadecimal', () => {
    const reader = new ResponseReader(() => false);
    expect(() => reader.push(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'))).toThrow(
      /bad chunk size/,
    );
  });
});

describe('requestBytes', () => {
  it('writes the request line, the host, the headers and a body with its length in bytes', () => {
    expect(requestBytes('POST', '/a?b=1', 'h:1', { authorization: 'Bearer t' }, '{"x":"é"}').toString()).toBe(
      'POST /a?b=1 HTTP/1.1\r\nhost: h:1\r\nauthorization: Bearer t\r\ncontent-length: 10\r\n\r\n{"x":"é"}',
    );
    expect(requestBytes('GET', '/', 'h', {}).toString()).toBe('GET / HTTP/1.1\r\nhost: h\r\n\r\n');
  });
});

describe('runLoad', () => {
  const seen: string[] = [];
  let delayedAnswered = 0;
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (d: Buffer) => (body += d.toString()));
      request.on('end', () => {
        seen.push(`${request.method} ${request.url} ${body}`);
        if (request.url === '/slow') return; // never answered
        if (request.url === '/delay') {
          setTimeout(() => response.writeHead(409).end('late', () => delayedAnswered++), 150);
          return;
        }
        if (request.url === '/missing') return void response.writeHead(404).end('no');
        if (request.url === '/close') return void response.writeHead(200, { connection: 'close' }).end('bye');
        if (request.url === '/stream') {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"rows":[');
          setImmediate(() => response.end(`${JSON.stringify(body)}]}`));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const step = (path: string, timed = true, body?: string): Step => ({
    bytes: requestBytes(body === undefined ? 'GET' : 'POST', path, 'x', {}, body),
    timed,
  });

  it('keeps every connection busy, times only the timed steps and counts answers that are not 2xx', async () => {
    seen.length = 0;
    const plans = [
      [step('/open', false, '{"a":1}'), step('/a')],
      [step('/missing'), step('/stream', true, 'x')],
    ];
    const outcome = await runLoad(url, plans, { seconds: 0.5, timeoutMs: 5000 });
    expect(outcome.errors).toBe(0);
    expect(outcome.responses).toBeGreaterThan(20);
    const first = seen.filter((s) => s.startsWith('POST /open')).length;
    const missing = seen.filter((s) => s.startsWith('GET /missing')).length;
    // Each connection alternates its two steps; the timed ones of both count, the opening ones do not.
    expect(Math.abs(first - seen.filter((s) => s === 'GET /a ').length)).toBeLessThanOrEqual(1);
    expect(outcome.non2xx).toBeGreaterThanOrEqual(missing - 1);
    expect(outcome.non2xx).toBeLessThanOrEqual(missing);
    expect(outcome.times.length).toBeGreaterThanOrEqual(outcome.responses - first - 1);
    expect(outcome.times.length).toBeLessThanOrEqual(outcome.responses - first + 1);
    expect(outcome.times.every((t) => t > 0 && t < 500)).toBe(true);
  });

  it('builds a request anew each time when asked, reads the body it asked for, and reopens a closed connection', async () => {
    seen.length = 0;
    let n = 0;
    const bodies: string[] = [];
    const plans = [
      [
        {
          bytes: () => requestBytes('POST', '/echo', 'x', {}, String(++n)),
          timed: true,
          onBody: (t) => bodies.push(t),
        },
        step('/close'),
      ] satisfies Step[],
    ];
    const outcome = await runLoad(url, plans, { seconds: 0.4, timeoutMs: 5000 });
    expect(outcome.errors).toBe(0);
    expect(outcome.non2xx).toBe(0);
    expect(bodies.length).toBeGreaterThan(5);
    expect(bodies.slice(0, 3)).toEqual([{ echo: '1' }, { echo: '2' }, { echo: '3' }].map((b) => JSON.stringify(b)));
    expect(seen.filter((s) => s.startsWith('GET /close')).length).toBeGreaterThan(5);
  });

  it('counts a request unanswered after the time-out as an error and goes on', async () => {
    const outcome = await runLoad(url, [[step('/slow'), step('/a')]], { seconds: 0.6, timeoutMs: 100 });
    expect(outcome.errors).toBeGreaterThanOrEqual(2);
    expect(outcome.responses).toBeGreaterThanOrEqual(2);
  });

  it('sends nothing after the end and returns only when the requests in flight are answered, uncounted', async () => {
    seen.length = 0;
    delayedAnswered = 0;
    const outcome = await runLoad(url, [[step('/delay')], [step('/delay')]], { seconds: 0.2, timeoutMs: 5000 });
    const sent = seen.filter((s) => s.startsWith('GET /delay')).length;
    // Two rounds of 150 ms each: the first answered within the run and counted by status, the second after its end.
    expect(sent).toBe(4);
    expect(delayedAnswered).toBe(4);
    expect(outcome.responses).toBe(2);
    expect(outcome.statuses).toEqual({ 409: 2 });
  });

  it('counts a refused connection as an error, not a response', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await runLoad(`http://127.0.0.1:${port}`, [[step('/a')]], { seconds: 0.2, timeoutMs: 5000 });
    expect(outcome.responses).toBe(0);
    expect(outcome.errors).toBeGreaterThan(0);
  });
});
