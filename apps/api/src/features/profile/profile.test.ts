import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@cc/domain';
import { DEMO_PASSWORD } from '../../db/seed/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface User {
  UserId: number;
  Username: string;
  FirstName: string;
  LastName: string;
  Email: string;
}

async function signedIn(username: string, password = DEMO_PASSWORD): Promise<{ token: string; user: User }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`signin ${username}: ${response.body}`);
  return response.json();
}

const me = async (token: string) =>
  (await t.call(token, { method: 'GET', url: '/api/auth/session' })).json<{ user: User }>().user;
const putProfile = (token: string | undefined, userId: number | string, payload: unknown) =>
  t.call(token, { method: 'PUT', url: `/api/user/${userId}/profile`, payload: payload as object });
const putPassword = (token: string | undefined, userId: number | string, payload: unknown) =>
  t.call(token, { method: 'PUT', url: `/api/user/${userId}/password/`, payload: payload as object });

describe('PUT /api/user/:UserId/profile', () => {
  it('updates the own profile and answers the user', async () => {
    const { token, user } = await signedIn('csr.cof');
    const response = await putProfile(token, user.UserId, {
      FirstName: '  Jordana ',
      LastName: 'Owen',
      Email: 'jordana@example.com',
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<User & { permissions: string[] }>();
    expect(updated).toMatchObject({
      UserId: user.UserId,
      Username: 'csr.cof',
      FirstName: 'Jordana',
      LastName: 'Owen',
      Email: 'jordana@example.com',
    });
    expect(updated.permissions).toContain('role:3');
    expect(await me(token)).toMatchObject({ FirstName: 'Jordana', LastName: 'Owen', Email: 'jordana@example.com' });
  });

  it('accepts an empty email', async () => {
    const { token, user } = await signedIn('csr.external');
    const response = await putProfile(token, user.UserId, { FirstName: 'Morgan', LastName: 'Exley', Email: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Email: '' });
  });

  it("refuses another user's profile with 403 and changes nothing", async () => {
    const attacker = await signedIn('csr.franchise');
    const victim = await signedIn('supervisor');
    const response = await putProfile(attacker.token, victim.user.UserId, {
      FirstName: 'Evil',
      LastName: 'Eve',
      Email: 'eve@example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect(await me(victim.token)).toEqual(victim.user);
  });

  it('even an administrator edits others through user administration, not here', async () => {
    const admin = await signedIn('admin');
    const other = await signedIn('measurer');
    const response = await putProfile(admin.token, other.user.UserId, { FirstName: 'X', LastName: 'Y', Email: '' });
    expect(response.statusCode).toBe(403);
    expect(await me(other.token)).toEqual(other.user);
  });

  let um: { token: string; user: User };
  beforeAll(async () => {
    um = await signedIn('usermanager');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['bad email', { FirstName: 'A', LastName: 'B', Email: 'not-an-email' }, 'Email'],
    ['email without a domain', { FirstName: 'A', LastName: 'B', Email: 'a@' }, 'Email'],
    ['blank first name', { FirstName: '  ', LastName: 'B', Email: '' }, 'FirstName'],
    ['missing last name', { FirstName: 'A', Email: '' }, 'LastName'],
    ['first name too long', { FirstName: 'A'.repeat(101), LastName: 'B', Email: '' }, 'FirstName'],
  ])('%s → 400 naming %s, nothing changed', async (_name, payload, field) => {
    const { token, user } = um;
    const before = await me(token);
    const response = await putProfile(token, user.UserId, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; message: string; errors: Record<string, string> }>();
    expect(body.error).toBe('VALIDATION');
    expect(body.message.startsWith(`${field}: `)).toBe(true);
    expect(Object.keys(body.errors)).toContain(field);
    expect(await me(token)).toEqual(before);
  });

  it('gives the email message of the contract', async () => {
    const { token, user } = um;
    const response = await putProfile(token, user.UserId, { FirstName: 'A', LastName: 'B', Email: 'nope' });
    expect(response.json()).toMatchObject({ message: 'Email: Enter a valid email address.' });
  });

  it('answers 400 for an id that is not a number', async () => {
    const { token } = um;
    const response = await putProfile(token, 'abc', { FirstName: 'A', LastName: 'B', Email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION', message: expect.stringMatching(/^UserId: /) });
  });

  it('answers 401 without a session', async () => {
    const response = await putProfile(undefined, 1, { FirstName: 'A', LastName: 'B', Email: '' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/user/:UserId/password/', () => {
  const NEW = 'Changed-pass2';
  let lm: { token: string; user: User };
  beforeAll(async () => {
    lm = await signedIn('leadsmanager');
  });

  it.each<[string, Record<string, string>, string, string]>([
    [
      'wrong current password',
      { currentPassword: 'Wrong-pass1', password: NEW, confirmPassword: NEW },
      'currentPassword',
      'The current password is not correct.',
    ],
    [
      'empty current password',
      { currentPassword: '', password: NEW, confirmPassword: NEW },
      'currentPassword',
      'Enter your current password.',
    ],
    [
      'too short',
      { currentPassword: DEMO_PASSWORD, password: 'Aa1-', confirmPassword: 'Aa1-' },
      'password',
      PASSWORD_MESSAGES.length,
    ],
    [
      'no upper case',
      { currentPassword: DEMO_PASSWORD, password: 'changed-pass2', confirmPassword: 'changed-pass2' },
      'password',
      PASSWORD_MESSAGES.upper,
    ],
    [
      'no lower case',
      { currentPassword: DEMO_PASSWORD, password: 'CHANGED-PASS2', confirmPassword: 'CHANGED-PASS2' },
      'password',
      PASSWORD_MESSAGES.lower,
    ],
    [
      'no digit',
      { currentPassword: DEMO_PASSWORD, password: 'Changed-pass', confirmPassword: 'Changed-pass' },
      'password',
      PASSWORD_MESSAGES.digit,
    ],
    [
      'no symbol',
      { currentPassword: DEMO_PASSWORD, password: 'Changedpass2', confirmPassword: 'Changedpass2' },
      'password',
      PASSWORD_MESSAGES.symbol,
    ],
    [
      'confirmation differs',
      { currentPassword: DEMO_PASSWORD, password: NEW, confirmPassword: 'Changed-pass3' },
      'confirmPassword',
      PASSWORD_MESSAGES.confirm,
    ],
  ])('%s → 400 naming %s', async (_name, payload, field, message) => {
    const { token, user } = lm;
    const response = await putPassword(token, user.UserId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION',
      message: `${field}: ${message}`,
      errors: { [field]: message },
    });
  });

  it('leaves the password unchanged after those refusals', async () => {
    expect((await t.call(lm.token, { method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
    await signedIn('leadsmanager');
    const withNew = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'leadsmanager', password: NEW },
    });
    expect(withNew.statusCode).toBe(401);
  });

  it("refuses another user's password with 403", async () => {
    const attacker = await signedIn('csr.franchise');
    const victim = await signedIn('csr.corporate');
    const response = await putPassword(attacker.token, victim.user.UserId, {
      currentPassword: DEMO_PASSWORD,
      password: NEW,
      confirmPassword: NEW,
    });
    expect(response.statusCode).toBe(403);
    await signedIn('csr.corporate');
  });

  it('answers 401 without a session', async () => {
    const response = await putPassword(undefined, 1, {
      currentPassword: DEMO_PASSWORD,
      password: NEW,
      confirmPassword: NEW,
    });
    expect(response.statusCode).toBe(401);
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const current = await signedIn('admin');
    const other = await signedIn('admin');
    const bystander = await signedIn('measurer');

    const response = await putPassword(current.token, current.user.UserId, {
      currentPassword: DEMO_PASSWORD,
      password: NEW,
      confirmPassword: NEW,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const signinWith = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'admin', password } });
    expect((await signinWith(DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signinWith(NEW)).statusCode).toBe(200);

    expect((await t.call(current.token, { method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
    expect((await t.call(other.token, { method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    // Another user's sessions are not touched.
    expect((await t.call(bystander.token, { method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
  });
});

describe('guessing the current password', () => {
  it('is throttled like sign-in: the lock-out refuses even the right password', async () => {
    const strict = await createTestApp({
      database: t.database,
      env: { SIGNIN_LOCK_AFTER: '3', SIGNIN_SLOW_AFTER: '2', SIGNIN_SLOW_MS: '0' },
    });
    try {
      const token = await strict.signin('csr.corporate');
      const me = (await strict.call(token, { method: 'GET', url: '/api/auth/session' })).json().user.UserId;
      const change = (currentPassword: string) =>
        strict.call(token, {
          method: 'PUT',
          url: `/api/user/${me}/password/`,
          payload: { currentPassword, password: 'New-pass22', confirmPassword: 'New-pass22' },
        });
      expect((await change('wrong-1')).statusCode).toBe(400);
      expect((await change('wrong-2')).statusCode).toBe(400);
      const third = await change('wrong-3');
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toBe('LOCKED_OUT');
      expect((await change(DEMO_PASSWORD)).statusCode).toBe(429);
      // The password did not change.
      strict.clock.advance(16 * 60);
      expect(
        (
          await strict.app.inject({
            method: 'POST',
            url: '/api/auth/signin',
            payload: { username: 'csr.corporate', password: DEMO_PASSWORD },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
