import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS } from '@cc/domain';
import { buildApp } from '../app.js';
import { createTestApp, testConfig, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('HTTP conventions', () => {
  it.each([
    ['GET', '/api/no-such-call'],
    ['POST', '/api/auth/nothing'],
    ['DELETE', '/api/dashboard'],
    ['GET', '/api'],
  ] as const)('%s %s → JSON 404', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
  });

  it('names the unknown call without its query string', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope?secret=1' });
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'No such call: GET /api/nope' });
  });

  it('answers 404 for a path outside the API when no web app is served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('answers 400 VALIDATION for a malformed JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", "password":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: expect.stringMatching(/^body: /) });
  });

  it('answers 400 VALIDATION for a missing body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION', message: expect.stringMatching(/^body: /) });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'text/xml' },
      payload: '<signin/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: 'VALIDATION' });
  });

  it('answers 401, not 400, to a request with neither a session nor a valid body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/InboundCall/SearchCustomers',
      payload: { cust_no: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('UNAUTHENTICATED');
  });

  it('sets the security headers on every answer', async () => {
    for (const url of ['/api/client-config', '/api/no-such-call']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'same-origin',
      });
    }
  });

  it('publishes an OpenAPI document of the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/signin']?.post?.operationId).toBe('signin');
    expect(doc.paths['/api/auth/signin']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/dashboard']?.get?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/session', '/api/user/{UserId}/profile', '/api/user/{UserId}/password/']),
    );
  });

  it('serves no OpenAPI page or document on a server by default (decision 059); API_DOCS=on serves them', async () => {
    // Configured as a deployment on a database server; the app itself is given this test's database.
    const server = { DATABASE_URL: 'postgres://callcentre@db.invalid:5432/callcentre' };
    const closed = await createTestApp({ env: server, database: t.database });
    const opened = await createTestApp({ env: { ...server, API_DOCS: 'on' }, database: t.database });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const response = await closed.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
      }
      expect((await opened.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      // Turned off, the routes are still all there.
      expect((await closed.app.inject({ method: 'GET', url: '/api/client-config' })).statusCode).toBe(200);
    } finally {
      await opened.close();
      await closed.close();
    }
  });

  it('never shows internals in a 500', async () => {
    const app = await buildApp(testConfig(), { db: t.db });
    const config = { access: ACCESS.public };
    app.get('/api/test/boom', { config }, () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    });
    app.get('/api/test/boom-async', { config }, async () => {
      await Promise.resolve();
      throw Object.assign(new TypeError("Cannot read properties of undefined (reading 'rows')"), { code: 'E_SECRET' });
    });
    await app.ready();
    try {
      for (const url of ['/api/test/boom', '/api/test/boom-async']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({
          error: 'INTERNAL',
          message: 'Something went wrong on the server.',
          requestId: response.headers['x-request-id'],
        });
        expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|rows|E_SECRET|stack|at /);
      }
    } finally {
      await app.close();
    }
  });

  it('refuses to start with a route under /api that declares no access rule', async () => {
    const app = await buildApp(testConfig(), { db: t.db });
    expect(() => app.get('/api/test/open', () => ({ open: true }))).toThrow(
      'GET /api/test/open is served without an access rule: add it to the contract',
    );
    await app.close();
  });
});
