/**
 * Every current-call endpoint (each `defineRoute` in routes.ts) answers 401 without a live session —
 * no token, a malformed or unknown one, a signed-out one, one idle past the limit, one past its
 * absolute end — before it looks at the request (a bad body is still 401), and changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, routes, type RouteName } from '@cc/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fingerprint, send, type ErrorBody } from './test-support.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_SECONDS: '900', SESSION_MAX_SECONDS: '3600' } });
});
afterAll(async () => {
  await t.close();
});

const PARAMS = {
  sqldbid: 18001,
  customerNo: 1001,
  customerNumber: 1001,
  id: 1,
  startDate: '2023-01-01',
  endDate: '2026-06-16',
  start: '2023-01-01',
  end: '2026-06-16',
};

/** A valid request for each endpoint: the 401 is not a 400 in disguise. */
const REQUESTS: Record<string, { query?: string; body?: unknown }> = {
  isCallActive: { body: { sqldbid: 18001, customerNo: 1001 } },
  callActive: { body: { sqldbid: 18001, customerNo: 1001, callType: 'Inbound' } },
  callInactive: { body: { sqldbid: 18001, customerNo: 1001, save: true, callType: 'Inbound', theCall: {} } },
  callStatus: { body: { outboundId: 1, status: 'Cancel' } },
  savedCall: {},
  insertCancelCall: { body: { csuser_id: 1, csagent: '', sqldbid: 18001, cust_no: 1001 } },
  getCustomer: {},
  getInboundCustomer: {},
  updateCustomer: { body: { firstName: 'Nobody' } },
  linkCustomerInfoEdit: { body: { callHistoryId: 1 } },
  customerLookup: { body: { sqldbid: 18001, lastname: 'Thornbury' } },
  setWebLeadCustomer: { body: { ContactId: 'WL-1' } },
  customerHistory: {},
  customerTouchpoints: {},
  doNotCallStatus: {},
  webOrders: {},
  callScript: { body: { callType: 'Inbound', sqldbid: 18001 } },
  autoPay: { query: '?Customer=1001&SQLDBID=18001' },
  disableAutoPay: {},
  franchiseInfo: { body: { sqldbid: 18001 } },
  companyConfigs: { body: { sqldbid: 18001 } },
  callWorkState: {},
  saveCallWorkState: { body: { callType: 'Inbound', revision: 1, state: {} } },
  discardCallWorkState: {},
};

/** The route names the feature registers, read from its routes.ts so that a new route cannot be missed. */
function registeredRoutes(): RouteName[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const source = fs.readFileSync(path.join(here, 'routes.ts'), 'utf8');
  return [...source.matchAll(/defineRoute\(app, ctx, '(\w+)'/g)].map((m) => m[1] as RouteName);
}

function requestOf(name: RouteName) {
  const def = routes[name];
  const r = REQUESTS[name];
  if (!r) throw new Error(`no sample request for ${name}`);
  return { method: def.method, url: buildPath(def.path, PARAMS) + (r.query ?? ''), body: r.body };
}

async function expectUnauthenticated(token: string | undefined, headers?: Record<string, string>) {
  const before = await fingerprint(t);
  for (const name of registeredRoutes()) {
    const { method, url, body } = requestOf(name);
    const response = await t.call(token, {
      method,
      url,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      ...(headers ? { headers } : {}),
    });
    expect(response.statusCode, `${name} ${method} ${url}: ${response.body}`).toBe(401);
    expect(['UNAUTHENTICATED', 'SESSION_EXPIRED']).toContain(response.json<ErrorBody>().error);
  }
  expect(await fingerprint(t), 'a request without a session changed the database').toEqual(before);
}

describe('401 without a live session', () => {
  it('covers every route of the feature', () => {
    const names = registeredRoutes();
    expect(names.length).toBeGreaterThanOrEqual(21);
    expect(names.filter((n) => !(n in REQUESTS))).toEqual([]);
  });

  it('without a token, or with a malformed or unknown one', async () => {
    await expectUnauthenticated(undefined);
    await expectUnauthenticated(undefined, { authorization: 'Bearer short' });
    await expectUnauthenticated(undefined, { authorization: 'Basic YWRtaW46RGVtby1wYXNzMQ==' });
    await expectUnauthenticated('A'.repeat(43));
  });

  it('a bad request without a session is still 401', async () => {
    const a = await send(t, undefined, 'POST', '/api/call-center/call-active', { sqldbid: 'x' });
    expect(a.status).toBe(401);
    const b = await send(t, undefined, 'GET', '/api/customer/x/y');
    expect(b.status).toBe(401);
  });

  it('after sign-out', async () => {
    const token = await t.signin('admin');
    expect((await send(t, token, 'POST', '/api/auth/signout')).status).toBe(200);
    await expectUnauthenticated(token);
  });

  it('after the idle limit, and after the absolute limit', async () => {
    const idle = await t.signin('admin');
    t.clock.advance(901);
    await expectUnauthenticated(idle);
    // Active every 10 minutes, but past the absolute limit (3600 s here).
    const busy = await t.signin('admin');
    for (let i = 0; i < 6; i++) {
      expect((await send(t, busy, 'GET', '/api/call-center/saved-call')).status).toBe(200);
      t.clock.advance(600);
    }
    t.clock.advance(1);
    await expectUnauthenticated(busy);
  });
});
