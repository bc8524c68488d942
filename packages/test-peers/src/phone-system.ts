/**
 * A local phone system for the tests and the demo, over real HTTP both ways (decisions 074, 075). It signs its events
 * as the app expects (HMAC-SHA256 of `<Unix seconds>.<body>` with the shared secret, in X-Telephony-Timestamp and
 * X-Telephony-Signature) and posts them to the app's POST /api/telephony/events; it receives the app's dial requests
 * on POST /dial, checks their signature the same way, and keeps them (GET /dials lists them).
 *
 * For the demo it serves a page at GET / that "rings" a chosen CSR with a chosen number: an answered event, which pops
 * the CSR's screen.
 *
 * Written apart from the app's own signing code on purpose: a phone system is another party, and a shared helper
 * would let one mistake pass on both sides.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PhoneEvent {
  type: 'ringing' | 'answered' | 'ended' | 'missed';
  callId: string;
  ani: string;
  dnis?: string;
  agent: string;
  time?: string;
}

export interface SendOptions {
  /** Unix seconds to sign with (default: now). */
  timestamp?: number;
  /** Sign with this secret instead. */
  secret?: string;
  /** Send this signature header as it is. */
  signature?: string;
  /** Send this body text as it is (not JSON of the event). */
  rawBody?: string;
}

export interface SentAnswer {
  status: number;
  body: unknown;
}

export interface DialRequest {
  agent: string;
  number: string;
  callId: string;
  /** The signature checked out. */
  signed: boolean;
  receivedAt: string;
}

export interface PhoneSystem {
  /** http://127.0.0.1:port */
  url: string;
  /** The dial requests received, oldest first. */
  dials: DialRequest[];
  /** Sign and send one event to the app; answers the app's status and JSON body. */
  send(event: PhoneEvent, options?: SendOptions): Promise<SentAnswer>;
  /** Ring a CSR: the call rings and is answered, as a phone system reports a call picked up. */
  ring(agent: string, ani: string, dnis?: string): Promise<{ callId: string; answered: SentAnswer }>;
  close(): Promise<void>;
}

const sign = (secret: string, timestamp: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Demo phone system</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:40rem}label{display:block;margin:.75rem 0 .25rem}
input{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}button{margin-top:1rem;font-size:1rem;padding:.5rem 1rem}
p[role=status]{margin-top:1rem;font-weight:600}</style></head>
<body><h1>Demo phone system</h1>
<p>Rings a CSR who is signed in to the call centre: the call is answered at once, and the CSR's screen pops.</p>
<form method="post" action="/ring">
<label for="agent">CSR (username or extension)</label><input id="agent" name="agent" value="csr.cof" required>
<label for="ani">Caller's number</label><input id="ani" name="ani" inputmode="tel" required>
<label for="dnis">Number dialled (optional)</label><input id="dnis" name="dnis" inputmode="tel">
<button type="submit">Ring</button></form>
${message ? `<p role="status">${escapeHtml(message)}</p>` : ''}
</body></html>`;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startPhoneSystem(options: {
  /** The app's origin, e.g. http://127.0.0.1:3000 */
  appUrl: string;
  secret: string;
  port?: number;
  host?: string;
  /**
   * The phone system's clock, in ms since the epoch (default: the system's). A phone system and the app it signs for
   * keep the same time; a journey that moves the app's clock moves this one with it.
   */
  now?: () => number;
}): Promise<PhoneSystem> {
  const now = options.now ?? (() => Date.now());
  const dials: DialRequest[] = [];
  let calls = 0;

  const send = async (event: PhoneEvent, opts: SendOptions = {}): Promise<SentAnswer> => {
    const body = opts.rawBody ?? JSON.stringify({ time: new Date(now()).toISOString(), ...event });
    const timestamp = String(opts.timestamp ?? Math.floor(now() / 1000));
    const signature = opts.signature ?? `sha256=${sign(opts.secret ?? options.secret, timestamp, body)}`;
    const response = await fetch(`${options.appUrl}/api/telephony/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-telephony-timestamp': timestamp,
        'x-telephony-signature': signature,
      },
      body,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed };
  };

  const ring = async (agent: string, ani: string, dnis?: string) => {
    calls += 1;
    const callId = `demo-${Date.now().toString(36)}-${calls}`;
    const base = { callId, ani, agent, ...(dnis ? { dnis } : {}) };
    await send({ ...base, type: 'ringing' });
    const answered = await send({ ...base, type: 'answered' });
    return { callId, answered };
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'POST' && url.pathname === '/dial') {
        const body = await readBody(request);
        const timestamp = String(request.headers['x-telephony-timestamp'] ?? '');
        const given = String(request.headers['x-telephony-signature'] ?? '');
        const expected = `sha256=${sign(options.secret, timestamp, body)}`;
        const signed =
          given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
        let dial: Partial<DialRequest> = {};
        try {
          dial = JSON.parse(body) as Partial<DialRequest>;
        } catch {
          // recorded as unsigned rubbish below
        }
        dials.push({
          agent: String(dial.agent ?? ''),
          number: String(dial.number ?? ''),
          callId: String(dial.callId ?? ''),
          signed,
          receivedAt: new Date(now()).toISOString(),
        });
        response.writeHead(signed ? 200 : 401, { 'content-type': 'application/json' });
        response.end(JSON.stringify(signed ? { accepted: true } : { error: 'bad signature' }));
        return;
      }
      if (request.method === 'GET' && url.pathname === '/dials') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(dials));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/ring') {
        const form = new URLSearchParams(await readBody(request));
        const agent = form.get('agent') ?? '';
        const ani = form.get('ani') ?? '';
        const dnis = form.get('dnis') ?? '';
        let message: string;
        try {
          const { callId, answered } = await ring(agent, ani, dnis || undefined);
          const refusal = (answered.body as { message?: string } | null)?.message;
          // An agent the call centre does not know is refused, naming the field (decision 081).
          message =
            answered.status === 200
              ? `Rang ${agent} with ${ani} (call ${callId}).`
              : `The call centre answered ${answered.status}: ${refusal ?? JSON.stringify(answered.body)}`;
        } catch (error) {
          message = `The call centre could not be reached: ${(error as Error).message}`;
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page(message));
        return;
      }
      if (request.method === 'GET' && url.pathname === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page(''));
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    dials,
    send,
    ring,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
