/**
 * A password someone else set must be changed at the first sign-in with it (decision 064): an administrator's or a
 * user manager's new user (the default password or one typed), an administrator's reset, and the default password
 * of a user made before the flag. Until the change the session makes only the calls open before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { routes } from '@cc/contract';
import { DEFAULT_PASSWORD, needsSession, PASSWORD_MESSAGES } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { DEMO_ACCOUNTS } from '../../db/seed/reference.js';
import { hashPassword } from './service.js';

interface Caller {
  token: string;
  userId: number;
}

/** A corporate representative's user form; a test overrides what it needs. */
const userForm = (overrides: Record<string, unknown>) => ({
  Username: 'new_user',
  FirstName: 'Nora',
  LastName: 'Newman',
  Email: '',
  BrandId: 3,
  CompanyId: 1,
  RoleId: 3,
  SQLDBID: null,
  Branches: [],
  ...overrides,
});

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await callerOf(t, 'admin');
});
afterAll(() => t?.close());

interface Signin {
  token: string;
  user: { UserId: number; mustChangePassword: boolean };
}

async function signin(username: string, password: string): Promise<Signin> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Signin>();
}

async function callerOf(t: TestApp, username: string): Promise<Caller> {
  const s = await signin(username, 'Demo-pass1');
  return { token: s.token, userId: s.user.UserId };
}

async function create(form: Record<string, unknown>, by: Caller = admin): Promise<number> {
  const response = await t.call(by.token, { method: 'POST', url: '/api/users/user/', payload: userForm(form) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ user: { UserId: number } }>().user.UserId;
}

const dashboard = (token: string) => t.call(token, { method: 'GET', url: '/api/dashboard' });
const change = (s: Signin, currentPassword: string, password: string, confirmPassword = password) =>
  t.call(s.token, {
    method: 'PUT',
    url: `/api/user/${s.user.UserId}/password/`,
    payload: { currentPassword, password, confirmPassword },
  });

function expectHeld(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ error: 'PASSWORD_CHANGE_REQUIRED' });
}

describe('a new user', () => {
  it('with a password the administrator typed is held to the change at its first sign-in, then goes on', async () => {
    await create({ Username: 'typed_pw', Applications: [1], password: 'Given-pass3', confirmPassword: 'Given-pass3' });
    const first = await signin('typed_pw', 'Given-pass3');
    expect(first.user.mustChangePassword).toBe(true);
    expectHeld(await dashboard(first.token));
    // Open before the change: the session itself.
    const session = await t.call(first.token, { method: 'GET', url: '/api/auth/session' });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { mustChangePassword: true } });

    // The new password is the user's own: not the one given, not the default, and by the live rules.
    const same = await change(first, 'Given-pass3', 'Given-pass3');
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ errors: { password: PASSWORD_MESSAGES.same } });
    const asDefault = await change(first, 'Given-pass3', DEFAULT_PASSWORD);
    expect(asDefault.statusCode).toBe(400);
    expect(asDefault.json()).toMatchObject({ errors: { password: PASSWORD_MESSAGES.default } });
    const weak = await change(first, 'Given-pass3', 'nodigits!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ errors: { password: PASSWORD_MESSAGES.upper } });
    expectHeld(await dashboard(first.token));

    expect((await change(first, 'Given-pass3', 'Mine-pass4')).statusCode).toBe(200);
    // The same session goes on, no longer held; the next sign-in is not held either.
    expect((await dashboard(first.token)).statusCode).toBe(200);
    const session2 = await t.call(first.token, { method: 'GET', url: '/api/auth/session' });
    expect(session2.json()).toMatchObject({ user: { mustChangePassword: false } });
    const again = await signin('typed_pw', 'Mine-pass4');
    expect(again.user.mustChangePassword).toBe(false);
    expect((await dashboard(again.token)).statusCode).toBe(200);
  });

  it('with the default password is held too, and so is an administrator made so', async () => {
    await create({ Username: 'default_admin', RoleId: 1, CompanyId: 1 });
    const held = await signin('default_admin', DEFAULT_PASSWORD);
    expect(held.user.mustChangePassword).toBe(true);
    // Role 1 passes every role and permission check, but not this one.
    expectHeld(await t.call(held.token, { method: 'POST', url: '/api/users/', payload: {} }));
  });

  it('made by a user manager is held the same way', async () => {
    const manager = await callerOf(t, 'usermanager');
    await create(
      { Username: 'by_manager', Applications: [4], password: 'Given-pass5', confirmPassword: 'Given-pass5' },
      manager,
    );
    const first = await signin('by_manager', 'Given-pass5');
    expect(first.user.mustChangePassword).toBe(true);
    expectHeld(await dashboard(first.token));
  });

  it('made by signing up chose its own password and is not held', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        username: 'self_made',
        password: 'Self-pass6',
        confirmPassword: 'Self-pass6',
        firstName: 'S',
        lastName: 'M',
        email: '',
      },
    });
    expect(response.statusCode).toBe(201);
    expect((await signin('self_made', 'Self-pass6')).user.mustChangePassword).toBe(false);
  });
});

describe('a held session', () => {
  it('is refused every call of the contract but the session, sign-out and the change, before any handler runs', async () => {
    await create({ Username: 'held_all', RoleId: 1, CompanyId: 1 });
    const held = await signin('held_all', DEFAULT_PASSWORD);
    const open: string[] = [];
    for (const [name, def] of Object.entries(routes)) {
      // A call no session makes (public, or signed with the phone system's secret) holds no session back.
      if (!needsSession(def.access)) continue;
      if ('beforePasswordChange' in def.access && def.access.beforePasswordChange) {
        open.push(name);
        continue;
      }
      // Any id will do: the refusal comes before the parameters are read.
      const url = def.path.replace(/:[A-Za-z]+/g, '1');
      const response = await t.call(held.token, { method: def.method, url, payload: {} });
      expect(response.statusCode, `${def.method} ${def.path}`).toBe(403);
      // The calls under /api/odata/ answer OData's error shape, with the same code.
      const { error } = response.json<{ error: string | { code: string } }>();
      expect(typeof error === 'string' ? error : error.code, `${def.method} ${def.path}`).toBe(
        'PASSWORD_CHANGE_REQUIRED',
      );
    }
    expect(open.sort()).toEqual(['session', 'signout', 'updatePassword']);
    // Signing out is open.
    expect((await t.call(held.token, { method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(200);
  });
});

describe("an administrator's reset", () => {
  it('holds the user at its next sign-in; resetting one’s own password does not', async () => {
    const userId = await create({ Username: 'reset_me', Applications: [1] });
    const first = await signin('reset_me', DEFAULT_PASSWORD);
    expect((await change(first, DEFAULT_PASSWORD, 'Chosen-pass1')).statusCode).toBe(200);
    expect((await signin('reset_me', 'Chosen-pass1')).user.mustChangePassword).toBe(false);

    const reset = await t.call(admin.token, {
      method: 'PUT',
      url: `/api/users/${userId}/password/`,
      payload: { password: 'Reset-pass2', confirmPassword: 'Reset-pass2' },
    });
    expect(reset.statusCode).toBe(200);
    const after = await signin('reset_me', 'Reset-pass2');
    expect(after.user.mustChangePassword).toBe(true);
    expectHeld(await dashboard(after.token));

    const own = await t.call(admin.token, {
      method: 'PUT',
      url: `/api/users/${admin.userId}/password/`,
      payload: { password: 'Demo-pass1', confirmPassword: 'Demo-pass1' },
    });
    expect(own.statusCode).toBe(200);
    expect((await signin('admin', 'Demo-pass1')).user.mustChangePassword).toBe(false);
  });
});

describe('the pending change, as an administrator sets it (decision 078)', () => {
  const auditOf = async (userId: number) =>
    rowsOf<{
      action: string;
      before: { mustChangePassword?: boolean } | null;
      after: { mustChangePassword?: boolean };
    }>(
      await t.db.execute(sql`select action, before, after from audit_log
        where target_user_id = ${userId} order by audit_id desc limit 1`),
    )[0];
  const detail = async (userId: number) =>
    (await t.call(admin.token, { method: 'GET', url: `/api/users/user/${userId}` })).json<Record<string, unknown>>();
  /** The edit form's save of a user as it is, with the pending change as given. */
  const save = async (userId: number, mustChangePassword: boolean) => {
    const d = await detail(userId);
    const { UserId, Applications, permissions, SignIn, Branches, mustChangePassword: was, ...fields } = d;
    void [UserId, Applications, permissions, SignIn, was];
    return t.call(admin.token, {
      method: 'PUT',
      url: `/api/users/${userId}`,
      payload: { ...fields, Branches: (Branches as { branchno: string }[]).map((b) => b.branchno), mustChangePassword },
    });
  };

  it('is waived at creation only for a typed password, and the audit row says so', async () => {
    const refused = await t.call(admin.token, {
      method: 'POST',
      url: '/api/users/user/',
      payload: userForm({ Username: 'waived_default', Applications: [1], mustChangePassword: false }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { mustChangePassword: expect.stringMatching(/default password/) } });
    // The default password typed in is the same public password: refused the same way.
    const typedDefault = await t.call(admin.token, {
      method: 'POST',
      url: '/api/users/user/',
      payload: userForm({
        Username: 'waived_default',
        Applications: [1],
        password: DEFAULT_PASSWORD,
        confirmPassword: DEFAULT_PASSWORD,
        mustChangePassword: false,
      }),
    });
    expect(typedDefault.statusCode).toBe(400);
    expect(typedDefault.json()).toMatchObject({
      errors: { mustChangePassword: expect.stringMatching(/default password/) },
    });
    const made = rowsOf(await t.db.execute(sql`select 1 from users where username = 'waived_default'`));
    expect(made).toHaveLength(0);

    const userId = await create({
      Username: 'waived_typed',
      Applications: [1],
      password: 'Given-pass6',
      confirmPassword: 'Given-pass6',
      mustChangePassword: false,
    });
    expect(await detail(userId)).toMatchObject({ mustChangePassword: false });
    expect(await auditOf(userId)).toMatchObject({ action: 'create', after: { mustChangePassword: false } });
    const first = await signin('waived_typed', 'Given-pass6');
    expect(first.user.mustChangePassword).toBe(false);
    expect((await dashboard(first.token)).statusCode).toBe(200);
  });

  it('shows on the user, is cleared on a save (a held session goes on) and set again; never for the default password', async () => {
    const userId = await create({
      Username: 'pending_pw',
      Applications: [1],
      password: 'Given-pass7',
      confirmPassword: 'Given-pass7',
    });
    expect(await detail(userId)).toMatchObject({ mustChangePassword: true });
    const held = await signin('pending_pw', 'Given-pass7');
    expectHeld(await dashboard(held.token));

    expect((await save(userId, false)).statusCode).toBe(200);
    expect(await detail(userId)).toMatchObject({ mustChangePassword: false });
    expect(await auditOf(userId)).toMatchObject({
      action: 'update',
      before: { mustChangePassword: true },
      after: { mustChangePassword: false },
    });
    expect((await dashboard(held.token)).statusCode).toBe(200);
    expect((await signin('pending_pw', 'Given-pass7')).user.mustChangePassword).toBe(false);

    expect((await save(userId, true)).statusCode).toBe(200);
    expect((await signin('pending_pw', 'Given-pass7')).user.mustChangePassword).toBe(true);

    const onDefault = await create({ Username: 'pending_default', Applications: [1] });
    const refused = await save(onDefault, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { mustChangePassword: expect.stringMatching(/default password/) } });
    expect(await detail(onDefault)).toMatchObject({ mustChangePassword: true });
  });
});

describe('the default password', () => {
  it('holds a user whose flag is clear (made before the flag existed)', async () => {
    const userId = await create({ Username: 'legacy_pw', Applications: [1] });
    await t.db
      .update(users)
      .set({ mustChangePassword: false, passwordHash: await hashPassword(DEFAULT_PASSWORD) })
      .where(eq(users.userId, userId));
    const held = await signin('legacy_pw', DEFAULT_PASSWORD);
    expect(held.user.mustChangePassword).toBe(true);
    expectHeld(await dashboard(held.token));
  });
});

describe('the demo accounts', () => {
  it('are seeded as having chosen their passwords, and sign in straight away', async () => {
    const flagged = rowsOf<{ username: string }>(
      await t.db.execute(sql`select username from users where must_change_password`),
    ).map((r) => r.username);
    for (const account of DEMO_ACCOUNTS) {
      expect(flagged).not.toContain(account.username);
      const s = await signin(account.username, 'Demo-pass1');
      expect(s.user.mustChangePassword, account.username).toBe(false);
    }
  });
});
