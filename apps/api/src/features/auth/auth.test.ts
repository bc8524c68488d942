import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoForBrand, PASSWORD_MESSAGES, USERNAME_MESSAGES } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface SigninBody {
  token: string;
  expiresAt: string;
  user: {
    UserId: number;
    Username: string;
    RoleId: number;
    BrandId: number | null;
    permissions: string[];
    Branches: { branchno: string }[];
    Applications: unknown[];
  };
}

const signin = (app: TestApp, username: unknown, password: unknown) =>
  app.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });
const session = (app: TestApp, token: string | undefined) =>
  app.call(token, { method: 'GET', url: '/api/auth/session' });

describe('POST /api/auth/signin', () => {
  it('answers a token and the user with role and permission entries', async () => {
    const response = await signin(t, 'csr.franchise', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<SigninBody>();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user.permissions).toContain('role:4');
    expect(body.user.permissions.some((p) => /^permission:\d+:/.test(p))).toBe(true);
    expect(body.user.Branches).toEqual([{ branchno: 'SG101' }, { branchno: 'SG102' }]);
    expect(new Date(body.expiresAt).getTime() - t.clock.now().getTime()).toBe(12 * 60 * 60 * 1000);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a.roleId] as const))(
    'demo account %s signs in with role %i',
    async (username, roleId) => {
      const response = await signin(t, username, DEMO_PASSWORD);
      expect(response.statusCode).toBe(200);
      const { user } = response.json<SigninBody>();
      expect(user.Username).toBe(username);
      expect(user.RoleId).toBe(roleId);
      const roles = user.permissions.filter((p) => p.startsWith('role:'));
      expect(roles).toEqual(
        username === 'leadsmanager' ? [`role:${roleId}`, 'role:SPG_LeadsCCManager'] : [`role:${roleId}`],
      );
    },
  );

  // The logo by brand (administration.md §2): the corporate company's people work for the whole network, not for one
  // brand; a company-owned or franchise user sees its franchise's brand, the external call centre the one it answers for.
  const LOGOS: Record<string, string> = {
    admin: 'corporate',
    'csr.corporate': 'corporate',
    'csr.cof': 'lawn',
    'csr.franchise': 'lawn',
    'csr.external': 'pest',
    supervisor: 'corporate',
    usermanager: 'corporate',
    leadsmanager: 'corporate',
    measurer: 'corporate',
  };
  it.each(DEMO_ACCOUNTS.map((a) => a.username))('demo account %s has the logo of its brand', async (username) => {
    const { user } = (await signin(t, username, DEMO_PASSWORD)).json<SigninBody>();
    expect(logoForBrand(user.BrandId)).toBe(LOGOS[username]);
  });

  it('refuses a wrong password with 401', async () => {
    const response = await signin(t, 'admin', 'wrong');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHENTICATED', message: 'Invalid username or password.' });
  });

  it('refuses an unknown user with the same 401', async () => {
    const response = await signin(t, 'nobody_here', DEMO_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHENTICATED', message: 'Invalid username or password.' });
  });

  it.each([
    ['no username', { password: DEMO_PASSWORD }, 'username'],
    ['no password', { username: 'admin' }, 'password'],
    ['empty username', { username: '   ', password: DEMO_PASSWORD }, 'username'],
    ['empty password', { username: 'admin', password: '' }, 'password'],
    ['username not a string', { username: 42, password: DEMO_PASSWORD }, 'username'],
  ])('%s → 400 naming %s', async (_name, payload, field) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; message: string; errors: Record<string, string> }>();
    expect(body.error).toBe('VALIDATION');
    expect(body.message.startsWith(`${field}: `)).toBe(true);
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it('names the username first when both fields are missing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION', message: expect.stringMatching(/^username: /) });
  });

  it.each(['SUPERVISOR', 'Supervisor', '  supervisor  '])('treats username %j as supervisor', async (username) => {
    const response = await signin(t, username, DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json<SigninBody>().user.Username).toBe('supervisor');
  });

  it('does not treat the password case-insensitively', async () => {
    const response = await signin(t, 'usermanager', DEMO_PASSWORD.toUpperCase());
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/auth/signup', () => {
  const valid = {
    username: 'new_user_1',
    password: 'Sign-up-1',
    confirmPassword: 'Sign-up-1',
    firstName: 'Nora',
    lastName: 'Newman',
    email: 'nora@example.com',
  };
  const signup = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });

  it.each<[string, Partial<typeof valid>, Record<string, string>]>([
    ['username too short', { username: 'abcd' }, { username: USERNAME_MESSAGES.length }],
    ['username too long', { username: 'a'.repeat(31) }, { username: USERNAME_MESSAGES.length }],
    ['username with a space', { username: 'new user' }, { username: USERNAME_MESSAGES.characters }],
    ['username with a dot', { username: 'new.user' }, { username: USERNAME_MESSAGES.characters }],
    ['username with a hyphen', { username: 'new-user' }, { username: USERNAME_MESSAGES.characters }],
    ['username taken', { username: 'admin' }, { username: USERNAME_MESSAGES.taken }],
    ['username taken in another case', { username: 'SuperVisor' }, { username: USERNAME_MESSAGES.taken }],
    ['password too short', { password: 'Aa1-aa', confirmPassword: 'Aa1-aa' }, { password: PASSWORD_MESSAGES.length }],
    [
      'password too long',
      { password: `Aa1-${'a'.repeat(27)}`, confirmPassword: `Aa1-${'a'.repeat(27)}` },
      { password: PASSWORD_MESSAGES.length },
    ],
    [
      'password without upper case',
      { password: 'sign-up-1', confirmPassword: 'sign-up-1' },
      { password: PASSWORD_MESSAGES.upper },
    ],
    [
      'password without lower case',
      { password: 'SIGN-UP-1', confirmPassword: 'SIGN-UP-1' },
      { password: PASSWORD_MESSAGES.lower },
    ],
    [
      'password without digit',
      { password: 'Sign-up-x', confirmPassword: 'Sign-up-x' },
      { password: PASSWORD_MESSAGES.digit },
    ],
    [
      'password without symbol',
      { password: 'Signup12', confirmPassword: 'Signup12' },
      { password: PASSWORD_MESSAGES.symbol },
    ],
    ['confirmation differs', { confirmPassword: 'Sign-up-2' }, { confirmPassword: PASSWORD_MESSAGES.confirm }],
    ['first name missing', { firstName: '' }, { firstName: 'First name is required.' }],
    ['first name blank', { firstName: '   ' }, { firstName: 'First name is required.' }],
    ['last name missing', { lastName: '' }, { lastName: 'Last name is required.' }],
    ['email without @', { email: 'nora.example.com' }, { email: 'Enter a valid email address.' }],
    ['email without domain dot', { email: 'nora@example' }, { email: 'Enter a valid email address.' }],
    ['email with a space', { email: 'nora n@example.com' }, { email: 'Enter a valid email address.' }],
  ])('%s → 400 with that one message', async (_name, change, errors) => {
    const response = await signup({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    const [field, message] = Object.entries(errors)[0] as [string, string];
    expect(response.json()).toEqual({ error: 'VALIDATION', message: `${field}: ${message}`, errors });
  });

  it('answers every broken rule at once, one message per field', async () => {
    const response = await signup({
      username: 'ab',
      password: 'weak',
      confirmPassword: 'other',
      firstName: ' ',
      lastName: '',
      email: 'bad',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message: `username: ${USERNAME_MESSAGES.length}`,
      errors: {
        username: USERNAME_MESSAGES.length,
        password: PASSWORD_MESSAGES.length,
        confirmPassword: PASSWORD_MESSAGES.confirm,
        firstName: 'First name is required.',
        lastName: 'Last name is required.',
        email: 'Enter a valid email address.',
      },
    });
  });

  it('answers 400 for a missing field', async () => {
    const { confirmPassword: _omitted, ...rest } = valid;
    const response = await signup(rest);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION',
      message: expect.stringMatching(/^confirmPassword: /),
    });
  });

  it('creates the user, answers 201 with a working token, and the dashboard is empty', async () => {
    const response = await signup(valid);
    expect(response.statusCode).toBe(201);
    const body = response.json<SigninBody>();
    expect(body.user).toMatchObject({ Username: 'new_user_1', Applications: [], Branches: [] });

    const current = await session(t, body.token);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ user: { UserId: body.user.UserId, Username: 'new_user_1' } });

    const dashboard = await t.call(body.token, { method: 'GET', url: '/api/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toEqual({ applications: [] });

    // The new account signs in with its password, and its name is now taken in any case.
    expect((await signin(t, 'NEW_USER_1', 'Sign-up-1')).statusCode).toBe(200);
    const again = await signup({ ...valid, username: 'New_User_1' });
    expect(again.json()).toMatchObject({ errors: { username: USERNAME_MESSAGES.taken } });
  });

  it('lets only one of two simultaneous sign-ups of the same name (in any case) through', async () => {
    const [a, b] = await Promise.all([
      signup({ ...valid, username: 'race_user' }),
      signup({ ...valid, username: 'RACE_USER' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(loser.json()).toEqual({
      error: 'VALIDATION',
      message: `username: ${USERNAME_MESSAGES.taken}`,
      errors: { username: USERNAME_MESSAGES.taken },
    });
  });

  it('accepts an empty email', async () => {
    const response = await signup({ ...valid, username: 'no_email_user', email: '' });
    expect(response.statusCode).toBe(201);
  });
});

describe('sessions', () => {
  const idle = 900;
  const max = 12 * 60 * 60;

  it('runs with the limits of the spec', () => {
    expect(t.config.session).toEqual({ idleSeconds: idle, maxSeconds: max, accessSeconds: 300 });
  });

  it.each<[string, Record<string, string>]>([
    ['no header', {}],
    ['a header that is not Bearer', { authorization: 'Basic YWRtaW46RGVtby1wYXNzMQ==' }],
    ['a garbage token', { authorization: 'Bearer !!!not a token!!!' }],
    ['a short token', { authorization: 'Bearer abc' }],
    ['an unknown token', { authorization: `Bearer ${'A'.repeat(43)}` }],
  ])('%s → 401', async (_name, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHENTICATED', message: expect.any(String) });
  });

  it('answers the session of a token', async () => {
    const signedIn = (await signin(t, 'csr.cof', DEMO_PASSWORD)).json<SigninBody>();
    const response = await session(t, signedIn.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: signedIn.user, expiresAt: signedIn.expiresAt });
  });

  it('ends a session on sign-out, and only that session', async () => {
    const token = await t.signin('csr.external');
    const other = await t.signin('csr.external');
    const out = await t.call(token, { method: 'POST', url: '/api/auth/signout' });
    expect(out.statusCode).toBe(200);
    // No identity server configured: nothing to sign out of there (decision 038).
    expect(out.json()).toEqual({ ok: true, logoutUrl: null });
    const after = await session(t, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
    expect((await t.call(token, { method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(401);
    expect((await session(t, other)).statusCode).toBe(200);
  });

  it('sign-out needs a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(401);
  });

  it('expires after the idle limit without requests', async () => {
    const token = await t.signin('measurer');
    t.clock.advance(idle - 1);
    expect((await session(t, token)).statusCode).toBe(200);

    const fresh = await t.signin('measurer');
    t.clock.advance(idle + 1);
    const response = await session(t, fresh);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'SESSION_EXPIRED',
      message: expect.stringMatching(/15 minutes without activity/),
    });
    // Activity afterwards does not bring it back.
    expect((await session(t, fresh)).statusCode).toBe(401);
  });

  it('stays alive with activity every 10 minutes, but ends at the absolute limit', async () => {
    const token = await t.signin('supervisor');
    let elapsed = 0;
    while (elapsed + 600 < max) {
      t.clock.advance(600);
      elapsed += 600;
      const response = await t.call(token, { method: 'GET', url: '/api/dashboard' });
      if (response.statusCode !== 200) throw new Error(`session ended after ${elapsed} s: ${response.body}`);
    }
    expect(elapsed).toBeGreaterThan(idle);
    t.clock.advance(max - elapsed - 1);
    expect((await session(t, token)).statusCode).toBe(200);
    t.clock.advance(1);
    const response = await session(t, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'SESSION_EXPIRED',
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('stores only a hash of the token', async () => {
    const token = await t.signin('usermanager');
    const rows = rowsOf<{ token_hash: string }>(await t.db.execute(sql`select token_hash from access_tokens`));
    expect(rows.length).toBeGreaterThan(0);
    const stored = rows.map((r) => r.token_hash);
    expect(stored.some((h) => h.includes(token) || token.includes(h))).toBe(false);
    expect(stored.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    // A stored hash used as a token signs nobody in.
    for (const hash of stored.slice(0, 3)) expect((await session(t, hash)).statusCode).toBe(401);
  });
});

describe('GET /api/client-config', () => {
  it('answers the client idle limits without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      idleTimeoutSeconds: 840,
      idleWarningSeconds: 60,
      callHeartbeatSeconds: 150,
      signupEnabled: true,
      // Demo pages (on with the embedded database) stand in for the pages that have no URL (decision 027).
      links: {
        payBill: '/demo/pay-a-bill',
        autoPay: '/demo/autopay',
        evaluation: '/demo/evaluation',
        wiki: null,
        knowledgeBase: null,
      },
      // No identity server configured: the sign-in dialog alone (decision 038).
      sso: false,
      // No phone system to dial through: numbers are tel: links (decision 075).
      clickToDial: false,
    });
  });
});
