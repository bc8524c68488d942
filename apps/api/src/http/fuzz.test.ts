/**
 * The contract fuzz suite (decision 017): every route of the contract, as the administrator (who passes every
 * role check), with requests fast-check derives from the route's own schemas and with hand-picked junk on every
 * field (numbers past int4, NUL and other control characters, impossible dates, wrong types, a 1 MB string,
 * malformed JSON, wrong content types). No answer may be a 5xx, every 400 names its field, and a refused request
 * writes no row. The parser cases (malformed JSON, wrong content type, a body over the limit) are sent again to a
 * listening server, since they involve Node's HTTP parser and the connection. The seed is fixed: a failure
 * prints the requests that failed, and the same run finds them again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, TELEPHONY_SIGNATURE_HEADER, TELEPHONY_TIMESTAMP_HEADER, type RouteDef } from '@cc/contract';
import { signBody } from '../features/telephony/signature.js';
import { startGeocoder, startPhoneSystem, type Geocoder, type PhoneSystem } from '@cc/test-peers';
import { BODY_LIMIT_BYTES } from '../app.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import {
  ALWAYS_JUNK,
  JSON_JUNK,
  URL_JUNK,
  arbitraryOf,
  installWriteCounter,
  jsonSchemaOf,
  leafPaths,
  requestOf,
  setAt,
  type FuzzRequest,
  type JsonSchema,
} from './fuzz-test-support.js';

const SEED = 20_261_125;
/** Requests per route drawn whole from its schemas. */
const FROM_SCHEMA = 4;
/** Junk values per field besides the ones every field gets. */
const MORE_JUNK = 1;
/** Signing out would end the session the suite runs on (its refusals are covered like every route's). */
const SKIPPED = new Set(['signout']);

let t: TestApp;
let token: string;
/** The phone system's events are signed with it, so that their bodies, not the signature, are what the fuzz tries. */
const TELEPHONY_SECRET = 'the-phone-systems-shared-secret-for-fuzzing';
/** MeasureIt's address search asks a geocoder: a real local one (no 503 from a geocoder nobody runs). */
let geocoder: Geocoder;
/** Click-to-dial posts to a phone system: a real local one, which takes what the fuzz gets through. */
let phone: PhoneSystem;
let writes: () => Promise<number>;
/** Rows written so far, as of the end of the last request. */
let written = 0;

beforeAll(async () => {
  geocoder = await startGeocoder();
  phone = await startPhoneSystem({ appUrl: 'http://127.0.0.1:9', secret: TELEPHONY_SECRET });
  t = await createTestApp({
    env: { GEOCODER_URL: geocoder.searchUrl, TELEPHONY_SECRET, TELEPHONY_DIAL_URL: `${phone.url}/dial` },
  });
  token = await t.signin('admin');
  writes = await installWriteCounter(t.db);
  written = await writes();
});
afterAll(async () => {
  await t.close();
  await geocoder.close();
  await phone.close();
});

function seedOf(name: string): number {
  let h = SEED;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

type Part = 'params' | 'query' | 'body';

function casesOf(name: string, def: RouteDef): FuzzRequest[] {
  const seed = seedOf(name);
  const schemas: Partial<Record<Part, JsonSchema>> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = def[part];
    if (schema) schemas[part] = jsonSchemaOf(schema);
  }
  const whole = fc.record(
    Object.fromEntries(Object.entries(schemas).map(([part, s]) => [part, arbitraryOf(s)])) as Record<
      Part,
      fc.Arbitrary<unknown>
    >,
  );
  const drawn = fc.sample(whole, { seed, numRuns: FROM_SCHEMA }) as Partial<Record<Part, unknown>>[];
  const cases = drawn.map((parts) => requestOf(def, parts, undefined, 'drawn from the schemas'));
  const base = drawn[0] ?? {};

  let round = 0;
  const junkFor = <T>(all: T[], always: T[]) => [
    ...always,
    ...fc.sample(fc.constantFrom(...all.filter((j) => !always.includes(j))), {
      seed: seed + ++round,
      numRuns: MORE_JUNK,
    }),
  ];
  for (const part of ['params', 'query'] as const) {
    const schema = schemas[part];
    if (!schema) continue;
    for (const [field] of leafPaths(schema)) {
      for (const junk of junkFor(URL_JUNK, [URL_JUNK[0] as string, 'a%00b'])) {
        const raw = { [String(field)]: junk };
        cases.push(
          part === 'params'
            ? requestOf(def, { ...base, rawParams: raw }, undefined, `params.${String(field)} = ${junk.slice(0, 20)}`)
            : requestOf(def, base, raw, `query.${String(field)} = ${junk.slice(0, 20)}`),
        );
      }
    }
  }
  if (schemas.body) {
    const paths = leafPaths(schemas.body);
    for (const path of paths) {
      for (const junk of junkFor(JSON_JUNK, ALWAYS_JUNK)) {
        const body = setAt(base.body, path, junk.value);
        cases.push(requestOf(def, { ...base, body }, undefined, `body.${path.join('.')} = ${junk.label}`));
      }
    }
    const first = paths[0] ?? [];
    cases.push(
      requestOf(def, { ...base, body: setAt(base.body, first, 'x'.repeat(1 << 20)) }, undefined, '1 MB string'),
    );
    for (const body of [null, [], 'text', 12, { __proto__: null, constructor: { prototype: {} } }]) {
      cases.push(requestOf(def, { ...base, body }, undefined, `body = ${JSON.stringify(body)}`));
    }
  }
  if (def.method !== 'GET') {
    const plain = requestOf(def, base, undefined, '');
    cases.push(
      { ...plain, payload: '{"a":', headers: { 'content-type': 'application/json' }, why: 'malformed JSON' },
      { ...plain, payload: '{"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' }, why: 'proto' },
      { ...plain, payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, why: 'form' },
      { ...plain, payload: 'hello', headers: { 'content-type': 'text/plain' }, why: 'text/plain' },
    );
  }
  return cases;
}

interface Failure {
  why: string;
  request: string;
  status: number;
  answer: string;
  problem: string;
}

const short = (text: string | undefined, max = 300) =>
  text === undefined ? '' : text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** A request to the phone system's events route carries the signature of its body (decision 074). */
function signed(request: FuzzRequest): Record<string, string> {
  if (!request.url.startsWith(routes.telephonyEvents.path)) return request.headers ?? {};
  const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
  return {
    ...request.headers,
    [TELEPHONY_TIMESTAMP_HEADER]: timestamp,
    [TELEPHONY_SIGNATURE_HEADER]: `sha256=${signBody(TELEPHONY_SECRET, timestamp, request.payload ?? '')}`,
  };
}

async function run(request: FuzzRequest): Promise<Failure | null> {
  const before = written;
  const response = await t.call(token, {
    method: request.method,
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    headers: signed(request),
  });
  const status = response.statusCode;
  const fail = (problem: string): Failure => ({
    why: request.why,
    request: `${request.method} ${short(request.url, 200)} ${short(request.payload)}`,
    status,
    answer: short(response.body),
    problem,
  });
  written = await writes();
  if (status >= 500) return fail('5xx');
  if (status >= 400) {
    if (written !== before) return fail(`${written - before} rows written after a refusal`);
    const raw = JSON.parse(response.body) as { error?: unknown; message?: unknown };
    // Under /api/odata/ the shape is OData's: {"error": {"code", "message"}}.
    const odata = request.url.startsWith('/api/odata/');
    const body = odata ? { error: (raw.error as { code?: unknown })?.code, ...(raw.error as object) } : raw;
    if (typeof body.error !== 'string' || typeof body.message !== 'string') return fail('not the error shape');
    if (status === 400 && !/^[\w.$[\]/-]+: ./.test(body.message)) return fail('400 does not name a field');
  }
  return null;
}

const named = Object.entries(routes as Record<string, RouteDef>).filter(([name]) => !SKIPPED.has(name));

describe('every route of the contract, fuzzed', () => {
  it('covers every route but signout', () => {
    expect(named.length).toBe(Object.keys(routes).length - SKIPPED.size);
  });

  it.each(named)('%s: no 5xx, a 400 names its field, a refusal writes nothing', async (name, def) => {
    const failures: Failure[] = [];
    for (const request of casesOf(name, def)) {
      const failure = await run(request);
      if (failure) failures.push(failure);
    }
    const report = failures.map((f) => `${f.problem} (${f.status}) ${f.why}\n    ${f.request}\n    → ${f.answer}`);
    expect(failures.length, `${failures.length} failed:\n${report.slice(0, 30).join('\n')}`).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------
// The HTTP parser's cases, on a listening server.

interface RawAnswer {
  status: number;
  body: string;
}

function rawRequest(
  port: number,
  options: { path: string; headers: Record<string, string | number>; body: Buffer | string; chunked?: boolean },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: options.path, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (options.chunked) {
      // Without a content length the server learns the size only as the body arrives.
      const body = Buffer.from(options.body);
      const step = 1 << 20;
      for (let i = 0; i < body.length; i += step) request.write(body.subarray(i, i + step));
      request.end();
    } else {
      request.end(options.body);
    }
  });
}

describe('the HTTP parser on a listening server', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const auth = () => ({ authorization: `Bearer ${token}` });
  const expectJsonError = (answer: RawAnswer, status: number) => {
    expect(answer.status, answer.body).toBe(status);
    const body = JSON.parse(answer.body) as { error: string; message: string };
    expect(body).toEqual({ error: 'VALIDATION', message: expect.stringMatching(/^body: ./) });
  };

  it('answers malformed JSON with a 400 naming the body, and writes nothing', async () => {
    const before = await writes();
    const answer = await rawRequest(port, {
      path: '/api/Orders/Order',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{"sqldbid": 18001, "customerNo":',
    });
    expectJsonError(answer, 400);
    expect(await writes()).toBe(before);
  });

  it('answers a body that is not JSON with 415', async () => {
    const answer = await rawRequest(port, {
      path: '/api/auth/signin',
      headers: { 'content-type': 'text/xml' },
      body: '<signin/>',
    });
    expectJsonError(answer, 415);
  });

  it.each([
    ['with its length announced', false],
    ['sent in chunks', true],
  ] as const)(
    'answers a body over the limit %s with 413 and the JSON error, not a dropped connection',
    async (_, chunked) => {
      const before = await writes();
      const body = Buffer.alloc(BODY_LIMIT_BYTES + 1024, 0x20);
      body.write('{"input": "');
      const answer = await rawRequest(port, {
        path: '/api/inbound/autocompleteAddress',
        headers: {
          ...auth(),
          'content-type': 'application/json',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }),
        },
        body,
        chunked,
      });
      expectJsonError(answer, 413);
      expect(await writes()).toBe(before);
    },
  );
});
