/**
 * Sign-in hardening on the server (decision 022): the sign-in throttle counts parallel guesses, locks per username and
 * client, and an administrator can unlock; the idle message is right for any setting; sign-up can be
 * switched off and gives no application.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupPayload } from './test-support.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const PASSWORD = 'Harden-pass1';
let t: TestApp;
let lt: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Its own limits on the same database; its users are its own, so its locks reach no demo account.
  lt = await createTestApp({
    env: { SIGNIN_LOCK_AFTER: '3', SIGNIN_SLOW_AFTER: '2', SIGNIN_SLOW_MS: '0' },
    database: t.database,
  });
});
afterAll(async () => {
  await lt.close();
  await t.close();
});

const signin = (app: TestApp, username: string, password: string, from = '127.0.0.1') =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password },
    remoteAddress: from,
  });

async function newUser(app: TestApp, username: string) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: signupPayload(username, PASSWORD),
  });
  if (response.statusCode !== 201) throw new Error(`signup ${username}: ${response.body}`);
  return response;
}

describe('the sign-in throttle', () => {
  it('counts parallel guesses: only the allowed number reach the password check', async () => {
    await newUser(lt, 'harden_parallel');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signin(lt, 'harden_parallel', 'Wrong-pass1', '10.1.0.1')),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    // Lock after 3: two wrong answers, then the third locks, and the other nine are refused unchecked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await signin(lt, 'harden_parallel', PASSWORD, '10.1.0.1')).statusCode).toBe(429);
  });

  it('locks the username for the guessing client only, not for everyone', async () => {
    await newUser(lt, 'harden_client');
    for (const expected of [401, 401, 429])
      expect((await signin(lt, 'harden_client', 'Wrong-pass1', '10.2.0.1')).statusCode).toBe(expected);
    expect((await signin(lt, 'harden_client', PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await signin(lt, 'harden_client', PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('an administrator unlocks a username for every client; nobody else may', async () => {
    await newUser(lt, 'harden_unlock');
    for (const from of ['10.3.0.1', '10.3.0.2'])
      for (let i = 0; i < 3; i++) await signin(lt, 'harden_unlock', 'Wrong-pass1', from);
    expect((await signin(lt, 'harden_unlock', PASSWORD, '10.3.0.1')).statusCode).toBe(429);

    const unlock = { method: 'POST' as const, url: '/api/auth/unlock', payload: { username: 'HARDEN_unlock' } };
    const csr = await lt.call(await lt.signin('csr.corporate'), unlock);
    expect(csr.statusCode).toBe(403);
    expect((await signin(lt, 'harden_unlock', PASSWORD, '10.3.0.1')).statusCode).toBe(429);

    const admin = await lt.call(await lt.signin('admin'), unlock);
    expect(admin.statusCode).toBe(200);
    expect((await signin(lt, 'harden_unlock', PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    expect((await signin(lt, 'harden_unlock', PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('unlocking names the field when the username is missing', async () => {
    const response = await lt.call(await lt.signin('admin'), { method: 'POST', url: '/api/auth/unlock', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/username/);
  });
});

describe('the idle-expiry message', () => {
  it('says seconds when the limit is not whole minutes (20 s is not "0 minutes")', async () => {
    const short = await createTestApp({ env: { SESSION_IDLE_SECONDS: '20' }, database: t.database });
    try {
      const token = await short.signin('measurer');
      short.clock.advance(21);
      const response = await short.call(token, { method: 'GET', url: '/api/auth/session' });
      expect(response.statusCode).toBe(401);
      expect(response.json<{ message: string }>().message).toMatch(/after 20 seconds without activity/);
    } finally {
      await short.close();
    }
  });
});

describe('self sign-up', () => {
  it('is on by default, tells the web app so, and the new account has no application', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/client-config' })).json()).toMatchObject({
      signupEnabled: true,
    });
    const created = await newUser(t, 'harden_noapps');
    expect(created.json<{ user: { Applications: unknown[] } }>().user.Applications).toEqual([]);
  });

  it('is off by default on a server (DATABASE_URL): the web app is told, the call refused; SIGNUP=on opens it', async () => {
    // Configured as a deployment on a database server; the app itself is given this test's database.
    const server = { DATABASE_URL: 'postgres://callcentre@db.invalid:5432/callcentre' };
    const closed = await createTestApp({ env: server, database: t.database });
    const opened = await createTestApp({ env: { ...server, SIGNUP: 'on' }, database: t.database });
    try {
      expect((await closed.app.inject({ method: 'GET', url: '/api/client-config' })).json()).toMatchObject({
        signupEnabled: false,
      });
      const refused = await closed.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupPayload('harden_server', PASSWORD),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'FORBIDDEN', message: 'Sign-up is switched off here.' });
      expect((await signin(closed, 'harden_server', PASSWORD)).statusCode).toBe(401);
      expect((await newUser(opened, 'harden_server')).statusCode).toBe(201);
    } finally {
      await opened.close();
      await closed.close();
    }
  });

  it('SIGNUP=off closes it: the web app is told, and the call is refused with nothing created', async () => {
    const closed = await createTestApp({ env: { SIGNUP: 'off' }, database: t.database });
    try {
      expect((await closed.app.inject({ method: 'GET', url: '/api/client-config' })).json()).toMatchObject({
        signupEnabled: false,
      });
      const refused = await closed.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupPayload('harden_closed', PASSWORD),
      });
      expect(refused.statusCode).toBe(403);
      expect((await signin(closed, 'harden_closed', PASSWORD)).statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });
});
