/** No answer of the API is kept by a cache (decision 059): tokens and personal data stay out of every cache. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test/harness.js';
import { DEMO_PASSWORD } from '../db/seed/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cacheControl = (response: LightMyRequestResponse) => response.headers['cache-control'];

describe('Cache-Control: no-store', () => {
  it("is on the sign-in's answer (its token and refresh cookie) and on a refused sign-in", async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'csr.franchise', password: DEMO_PASSWORD, browser: true },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(cacheControl(signedIn)).toBe('no-store');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'csr.franchise', password: 'Wrong-pass1' },
    });
    expect(refused.statusCode).toBe(401);
    expect(cacheControl(refused)).toBe('no-store');
  });

  it("is on the refresh's answer, its new token and its refusal", async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'csr.franchise', password: DEMO_PASSWORD, browser: true },
    });
    const cookie = [signedIn.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('cc_refresh='));
    const value = decodeURIComponent(cookie?.slice('cc_refresh='.length).split(';')[0] ?? '');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { cc_refresh: value } });
    expect(refreshed.statusCode).toBe(200);
    expect(cacheControl(refreshed)).toBe('no-store');
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(refused.statusCode).toBe(401);
    expect(cacheControl(refused)).toBe('no-store');
  });

  it('is on a data route, the public configuration, a refused call and an unknown /api path', async () => {
    const token = await t.signin('csr.franchise');
    const dashboard = await t.call(token, { method: 'GET', url: '/api/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(cacheControl(dashboard)).toBe('no-store');
    const session = await t.call(token, { method: 'GET', url: '/api/auth/session?x=1' });
    expect(session.statusCode).toBe(200);
    expect(cacheControl(session)).toBe('no-store');
    for (const url of ['/api/client-config', '/api/dashboard', '/api/no-such-call']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(cacheControl(response), url).toBe('no-store');
    }
  });

  it('leaves the answers outside /api to their own rules', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apiary' });
    expect(cacheControl(response)).toBeUndefined();
  });
});
