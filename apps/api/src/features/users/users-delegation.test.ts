/**
 * A user manager hands out and takes over only what it holds (docs/decisions/056-user-manager-delegation.md): the
 * attacks an outside test made as the demo `usermanager` (role 6, corporate, no price edits, no CSR flag), and as a
 * manager bound to one branch of an independent franchise. Each refused call is read back: no row and no audit
 * entry changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PASSWORD, USER_ADMIN_MESSAGES as M } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { firstSignin } from '../../test/first-signin.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { callerOf, lastAuditId, send, snapshot, userForm, userIdOf, type Caller } from './test-support.js';

let t: TestApp;
let admin: Caller;
let manager: Caller;
/** An ordinary user the manager made: company 1, role 3, Knowledge Base. Within its reach and rights. */
let plainId: number;
beforeAll(async () => {
  // Three wrong passwords lock a username, with no slowing down, so the unlock tests lock one quickly.
  t = await createTestApp({ env: { SIGNIN_LOCK_AFTER: '3', SIGNIN_SLOW_AFTER: '2', SIGNIN_SLOW_MS: '0' } });
  admin = await callerOf(t, 'admin');
  manager = await callerOf(t, 'usermanager');
  const made = await send(t, manager, {
    method: 'POST',
    url: '/api/users/user/',
    payload: userForm({ Username: 'plain_user', Applications: [8] }),
  });
  expect(made.statusCode, made.body).toBe(201);
  plainId = made.json<{ user: { UserId: number } }>().user.UserId;
});
afterAll(async () => {
  await t.close();
});

const put = (caller: Caller, url: string, payload: object) => send(t, caller, { method: 'PUT', url, payload });
const signinAttempts = async () =>
  JSON.stringify(rowsOf(await t.db.execute(sql`select * from signin_attempts order by username_key`)));

/** A refused call: its status and message, and every table user administration writes (the audit log too) as it was. */
async function refused(call: () => Promise<{ statusCode: number; body: string }>, status: number, text?: string) {
  const before = await snapshot(t);
  const attempts = await signinAttempts();
  const audit = await lastAuditId(t);
  const response = await call();
  expect(response.statusCode, response.body).toBe(status);
  if (text) expect((JSON.parse(response.body) as { message: string }).message).toContain(text);
  expect(await snapshot(t)).toBe(before);
  expect(await signinAttempts()).toBe(attempts);
  expect(await lastAuditId(t)).toBe(audit);
  return response;
}

const signin = (username: string, password: string, from = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password }, remoteAddress: from });

describe('usermanager gives no right it does not hold', () => {
  // Price edits are the spec's rule narrowed by CallCenter.EditPricing (decision 055): a role or company that allows
  // them, with the permission granted in the same save.
  const EDIT_PRICING = { permissions: [{ ApplicationId: 1, PermissionId: 1, value: 'true' }] };

  it('refuses role 9 for a user (price edits), naming the field', async () => {
    const response = await refused(
      () => put(manager, `/api/users/${plainId}`, userForm({ Username: 'plain_user', RoleId: 9, ...EDIT_PRICING })),
      403,
      M.pricing,
    );
    expect((JSON.parse(response.body) as { errors: Record<string, string> }).errors).toEqual({ RoleId: M.pricing });
  });

  it('refuses company 2 with franchise 17501 (company-owned: price edits)', async () => {
    const form = userForm({ Username: 'plain_user', CompanyId: 2, SQLDBID: 17501, ...EDIT_PRICING });
    const response = await refused(() => put(manager, `/api/users/${plainId}`, form), 403, M.pricing);
    expect((JSON.parse(response.body) as { errors: Record<string, string> }).errors).toEqual({ CompanyId: M.pricing });
  });

  it('refuses a reach of customers beyond its own (an external company: every franchise)', async () => {
    await refused(
      () => put(manager, `/api/users/${plainId}`, userForm({ Username: 'plain_user', CompanyId: 4 })),
      403,
      M.scope,
    );
  });

  it('refuses CSR flags it does not have, in a new user or an existing one', async () => {
    await refused(
      () => put(manager, `/api/users/${plainId}`, userForm({ Username: 'plain_user', allowCorporate: true })),
      403,
      M.flag,
    );
    await refused(
      () =>
        send(t, manager, {
          method: 'POST',
          url: '/api/users/user/',
          payload: userForm({ Username: 'flagged_user', isAdmin: true }),
        }),
      403,
      M.flag,
    );
  });

  it('may give what it holds: a supervisor (role 2, whose calls role 6 may make) with its own applications', async () => {
    const saved = await put(manager, `/api/users/${plainId}`, {
      ...userForm({ Username: 'plain_user', RoleId: 2, Applications: [8, 9] }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ RoleId: 2, CompanyId: 1, allowCorporate: false });
    const back = await put(manager, `/api/users/${plainId}`, userForm({ Username: 'plain_user', Applications: [8] }));
    expect(back.statusCode, back.body).toBe(200);
  });

  it('cannot set its own isAdmin', async () => {
    const detail = (await send(t, manager, { method: 'GET', url: `/api/users/user/${manager.userId}` })).json<
      Record<string, unknown>
    >();
    await refused(
      () =>
        put(manager, `/api/users/${manager.userId}`, {
          ...detail,
          Branches: [],
          Applications: undefined,
          permissions: undefined,
          isAdmin: true,
        }),
      403,
      M.ownFlag,
    );
  });
});

describe('usermanager takes over no user with more rights than its own', () => {
  it('cannot reset leadsmanager’s password (price edits), who still signs in with its own', async () => {
    const leads = await userIdOf(t, 'leadsmanager');
    await refused(
      () => put(manager, `/api/users/${leads}/password/`, { password: 'Taken-over1', confirmPassword: 'Taken-over1' }),
      403,
      M.holds,
    );
    expect((await signin('leadsmanager', 'Taken-over1')).statusCode).toBe(401);
    expect((await signin('leadsmanager', 'Demo-pass1')).statusCode).toBe(200);
  });

  it('cannot edit, delete or change the grants of a user with a flag or a reach it lacks', async () => {
    const corporate = await userIdOf(t, 'csr.corporate');
    const external = await userIdOf(t, 'csr.external');
    await refused(
      () => put(manager, `/api/users/${corporate}`, userForm({ Username: 'csr.corporate', Applications: [8] })),
      403,
      M.holds,
    );
    await refused(() => send(t, manager, { method: 'DELETE', url: `/api/user/${external}` }), 403, M.holds);
    await refused(
      () => send(t, manager, { method: 'DELETE', url: `/api/user/${corporate}/application/1` }),
      403,
      M.holds,
    );
    await refused(() => send(t, manager, { method: 'PUT', url: `/api/user/${external}/application/8` }), 403);
  });

  it('cannot unlock a user with more rights; unlocks its own kind, with an audit row', async () => {
    for (let i = 0; i < 3; i++) await signin('leadsmanager', 'Wrong-pass1');
    expect((await signin('leadsmanager', 'Demo-pass1')).statusCode).toBe(429);
    const unlock = (caller: Caller, username: string) =>
      send(t, caller, { method: 'POST', url: '/api/auth/unlock', payload: { username } });
    await refused(() => unlock(manager, 'LEADSMANAGER'), 403, M.holds);
    await refused(() => unlock(manager, 'admin'), 403, M.administrator);
    await refused(() => unlock(manager, 'nobody_here'), 404);
    expect((await signin('leadsmanager', 'Demo-pass1')).statusCode).toBe(429);

    for (let i = 0; i < 3; i++) await signin('plain_user', 'Wrong-pass1');
    const mark = await lastAuditId(t);
    expect((await unlock(manager, 'plain_user')).statusCode).toBe(200);
    const audit = rowsOf<{ action: string; target_user_id: number; actor_user_id: number }>(
      await t.db.execute(sql`select * from audit_log where audit_id > ${mark}`),
    );
    expect(audit).toMatchObject([{ action: 'unlock', target_user_id: plainId, actor_user_id: manager.userId }]);
    expect((await unlock(admin, 'leadsmanager')).statusCode).toBe(200);
    expect((await signin('leadsmanager', 'Demo-pass1')).statusCode).toBe(200);
  });
});

describe('a manager bound to branch SG101 of an independent franchise', () => {
  let bound: Caller;
  let sg101: number;
  let sg102: number;
  beforeAll(async () => {
    const company = await put(admin, '/api/users/company/3', {
      Description: 'Independent franchise',
      Roles: [3, 4, 6, 8],
    });
    expect(company.statusCode).toBe(200);
    const create = async (form: Record<string, unknown>) => {
      const made = await send(t, admin, { method: 'POST', url: '/api/users/user/', payload: userForm(form) });
      expect(made.statusCode, made.body).toBe(201);
      return made.json<{ user: { UserId: number } }>().user.UserId;
    };
    const franchise = { CompanyId: 3, SQLDBID: 18001 };
    await create({ Username: 'sg101_mgr', ...franchise, RoleId: 6, Branches: ['SG101'], Applications: [1, 5] });
    sg101 = await create({ Username: 'sg101_csr', ...franchise, RoleId: 4, Branches: ['SG101'], Applications: [1] });
    sg102 = await create({ Username: 'sg102_csr', ...franchise, RoleId: 4, Branches: ['SG102'], Applications: [1] });
    bound = await firstSignin(t, 'sg101_mgr', DEFAULT_PASSWORD);
  });

  it('lists only the users whose branches are its own', async () => {
    const list = (await send(t, bound, { method: 'POST', url: '/api/users/', payload: {} })).json<{
      data: { Username: string }[];
      total: number;
    }>();
    // Not csr.franchise either: it works for SG101 and SG102.
    expect(list.data.map((r) => r.Username).sort()).toEqual(['sg101_csr', 'sg101_mgr']);
    expect(list.total).toBe(2);
  });

  it('gets 404 for a user of SG102 in every call, and changes nothing', async () => {
    const both = await userIdOf(t, 'csr.franchise');
    for (const id of [sg102, both]) {
      const form = userForm({ Username: 'sg102_csr', CompanyId: 3, SQLDBID: 18001, RoleId: 4, Branches: ['SG101'] });
      for (const [method, url, payload] of [
        ['GET', `/api/users/user/${id}`, undefined],
        ['PUT', `/api/users/${id}`, form],
        ['PUT', `/api/users/${id}/password/`, { password: 'Taken-over1', confirmPassword: 'Taken-over1' }],
        ['DELETE', `/api/user/${id}`, undefined],
        ['POST', '/api/users/userpermissions/', { UserId: id }],
      ] as const) {
        await refused(() => send(t, bound, { method, url, ...(payload ? { payload } : {}) }), 404);
      }
    }
    await refused(
      () => send(t, bound, { method: 'POST', url: '/api/auth/unlock', payload: { username: 'sg102_csr' } }),
      404,
    );
    await refused(
      () => send(t, bound, { method: 'POST', url: '/api/auth/unlock', payload: { username: 'csr.franchise' } }),
      404,
    );
  });

  it('manages its own branch’s user, and cannot move it to SG102', async () => {
    expect((await send(t, bound, { method: 'GET', url: `/api/users/user/${sg101}` })).statusCode).toBe(200);
    const own = { Username: 'sg101_csr', CompanyId: 3, SQLDBID: 18001, RoleId: 4 };
    await refused(
      () => put(bound, `/api/users/${sg101}`, userForm({ ...own, Branches: ['SG101', 'SG102'], Applications: [1] })),
      403,
    );
    const reset = await put(bound, `/api/users/${sg101}/password/`, {
      password: 'Fresh-pass2',
      confirmPassword: 'Fresh-pass2',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const unlock = await send(t, bound, {
      method: 'POST',
      url: '/api/auth/unlock',
      payload: { username: 'sg101_csr' },
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
  });
});
