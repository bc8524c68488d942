/**
 * The rules that keep people where they belong (decision 026), and the effects of a change elsewhere:
 * a user manager (role 6) below an administrator, nobody deleting or demoting themselves or the last administrator,
 * a manager bound to a company seeing only its users, deletes and resets ending sessions, the audit log, and what a
 * user may open changing on its next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PASSWORD, USER_ADMIN_MESSAGES as M } from '@cc/domain';
import { rowsOf } from '../../db/client.js';
import { holdCall } from '../../test/calls.js';
import { firstSignin } from '../../test/first-signin.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditSince, callerOf, lastAuditId, send, snapshot, userForm, userIdOf, type Caller } from './test-support.js';

let t: TestApp;
let admin: Caller;
let manager: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await callerOf(t, 'admin');
  manager = await callerOf(t, 'usermanager');
});
afterAll(async () => {
  await t.close();
});

const put = (caller: Caller, url: string, payload?: object) =>
  send(t, caller, { method: 'PUT', url, ...(payload ? { payload } : {}) });
const del = (caller: Caller, url: string) => send(t, caller, { method: 'DELETE', url });
const create = (caller: Caller, form: object) =>
  send(t, caller, { method: 'POST', url: '/api/users/user/', payload: form });

/** A refused call: its status, and the database as it was. */
async function refused(call: () => Promise<{ statusCode: number; body: string }>, status: number, text?: string) {
  const before = await snapshot(t);
  const response = await call();
  expect(response.statusCode, response.body).toBe(status);
  if (text) expect(response.body).toContain(text);
  expect(await snapshot(t)).toBe(before);
}

describe('who may call user administration', () => {
  it.each(['csr.corporate', 'supervisor', 'measurer', 'leadsmanager'])(
    '%s gets 403 and changes nothing',
    async (name) => {
      const caller = await callerOf(t, name);
      const id = await userIdOf(t, 'csr.cof');
      await refused(() => send(t, caller, { method: 'POST', url: '/api/users/', payload: {} }), 403, 'Access Denied.');
      await refused(() => del(caller, `/api/user/${id}`), 403);
    },
  );

  it('the audit log and the reference data’s writes are for role 1 only', async () => {
    expect((await send(t, manager, { method: 'GET', url: '/api/users/audit/' })).statusCode).toBe(403);
    await refused(
      () => send(t, manager, { method: 'POST', url: '/api/users/brand/', payload: { BrandName: 'X' } }),
      403,
    );
    expect((await send(t, manager, { method: 'POST', url: '/api/users/brands/' })).statusCode).toBe(200);
  });
});

describe('a user manager (role 6) stays below an administrator', () => {
  it('cannot create an administrator, or give role 1 to a user', async () => {
    await refused(() => create(manager, userForm({ Username: 'sneaky_admin', RoleId: 1 })), 403, M.giveRole1);
    const id = await userIdOf(t, 'csr.corporate');
    await refused(() => put(manager, `/api/users/${id}`, userForm({ Username: 'csr.corporate', RoleId: 1 })), 403);
  });

  it('cannot edit, reset, delete or change the grants of an administrator', async () => {
    const id = admin.userId;
    const form = userForm({ Username: 'admin', RoleId: 1 });
    await refused(() => put(manager, `/api/users/${id}`, form), 403, M.administrator);
    await refused(
      () => put(manager, `/api/users/${id}/password/`, { password: 'Taken-over1', confirmPassword: 'Taken-over1' }),
      403,
    );
    await refused(() => del(manager, `/api/user/${id}`), 403);
    await refused(() => del(manager, `/api/user/${id}/application/1`), 403);
    await refused(() => put(manager, `/api/user/${id}/application/1`), 403);
    await refused(() => del(manager, `/api/userapplicationpermissions/${id}`), 403);
    await refused(
      () => put(manager, `/api/userapplicationpermissions/${id}/application/1/permission/1`, { value: 'false' }),
      403,
    );
  });

  it('cannot give an application or a permission it does not hold; may give the falsevalue', async () => {
    // A user within its reach and rights: usermanager holds applications 4, 5, 8, 9, no permission value, no flag.
    const made = await create(manager, userForm({ Username: 'plain_csr', Applications: [8] }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ user: { UserId: number } }>().user.UserId;
    await refused(() => put(manager, `/api/user/${id}/application/7`), 403, M.application);
    await refused(
      () => put(manager, `/api/userapplicationpermissions/${id}/application/3/permission/2`, { value: 'true' }),
      403,
      M.permission,
    );
    await refused(() => create(manager, userForm({ Username: 'given_more', Applications: [1] })), 403, M.application);
    await refused(
      () =>
        create(
          manager,
          userForm({ Username: 'given_more', permissions: [{ ApplicationId: 1, PermissionId: 1, value: 'true' }] }),
        ),
      403,
      M.permission,
    );
    expect((await put(manager, `/api/user/${id}/application/9`)).statusCode).toBe(200);
    const falsevalue = await put(manager, `/api/userapplicationpermissions/${id}/application/3/permission/2`, {
      value: 'false',
    });
    expect(falsevalue.statusCode).toBe(200);
    // What the user already had it may keep when the form is saved again.
    const detail = (await send(t, manager, { method: 'GET', url: `/api/users/user/${id}` })).json<{
      Applications: { ApplicationId: number }[];
    }>();
    const saved = await put(
      manager,
      `/api/users/${id}`,
      userForm({ Username: 'plain_csr', Applications: detail.Applications.map((a) => a.ApplicationId) }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('creates and edits ordinary users', async () => {
    const created = await create(manager, userForm({ Username: 'by_manager', Applications: [8, 9] }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ user: { UserId: number } }>().user.UserId;
    expect(
      (await put(manager, `/api/users/${id}/password/`, { password: 'Reset-pass1', confirmPassword: 'Reset-pass1' }))
        .statusCode,
    ).toBe(200);
    expect((await del(manager, `/api/user/${id}`)).statusCode).toBe(200);
  });
});

describe('nobody deletes or demotes themselves or the last administrator', () => {
  it('an administrator cannot delete itself or change its own role', async () => {
    await refused(() => del(admin, `/api/user/${admin.userId}`), 409, M.deleteSelf);
    await refused(
      () => put(admin, `/api/users/${admin.userId}`, userForm({ Username: 'admin', RoleId: 6 })),
      409,
      M.ownRole,
    );
    await refused(() => del(manager, `/api/user/${manager.userId}`), 409, M.deleteSelf);
  });

  it('of two administrators demoting each other at once, one wins and the other stays the last', async () => {
    const second = await create(admin, userForm({ Username: 'second_admin', RoleId: 1 }));
    expect(second.statusCode).toBe(201);
    const secondId = second.json<{ user: { UserId: number } }>().user.UserId;
    const other = await firstSignin(t, 'second_admin', DEFAULT_PASSWORD);
    const demote = (caller: Caller, id: number, username: string) =>
      put(caller, `/api/users/${id}`, userForm({ Username: username, RoleId: 3 }));
    const answers = await Promise.all([demote(admin, secondId, 'second_admin'), demote(other, admin.userId, 'admin')]);
    // The loser is refused by the rule (409), or, when its request is authenticated after the winner committed, by
    // the guard (403: it is no administrator any more). Never both demoted.
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const refusal = answers.find((a) => a.statusCode !== 200);
    // A 409 says why; a 403 is the other request having demoted its own sender first.
    expect(refusal?.statusCode === 403 || refusal?.body.includes(M.lastAdministrator)).toBe(true);
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from users where role_id = 1 and active`),
    );
    expect(rows[0]?.n).toBe(1);
    // Put things back for the tests below: admin is an administrator again.
    await t.db.execute(sql`update users set role_id = 1 where username in ('admin', 'second_admin')`);
    await t.db.execute(sql`update users set active = false where username = 'second_admin'`);
  });
});

describe('deleting a user and resetting a password end sessions', () => {
  it('a deleted user’s open session is refused at once, its call released, and it signs in no more', async () => {
    const id = await userIdOf(t, 'csr.franchise');
    const victim = await callerOf(t, 'csr.franchise');
    await holdCall(t, victim.token, { sqldbid: 18001, customerNo: 1001 });
    const mark = await lastAuditId(t);
    const response = await del(admin, `/api/user/${id}`);
    expect(response.statusCode).toBe(200);
    expect((await send(t, victim, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    const locks = rowsOf(await t.db.execute(sql`select 1 from call_locks where user_id = ${id}`));
    expect(locks).toEqual([]);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'csr.franchise', password: 'Demo-pass1' },
    });
    expect(signin.statusCode).toBe(401);
    expect((await send(t, admin, { method: 'GET', url: `/api/users/user/${id}` })).statusCode).toBe(404);
    const list = (
      await send(t, admin, { method: 'POST', url: '/api/users/', payload: { search: 'csr.franchise' } })
    ).json<{ total: number }>();
    expect(list.total).toBe(0);
    const [audit] = await auditSince(t, mark);
    expect(audit).toMatchObject({
      action: 'delete',
      entity: 'user',
      target_user_id: id,
      after: { active: false, sessionsEnded: 1 },
    });
    // Its name stays taken: calls and history still name it.
    const exists = await send(t, admin, {
      method: 'POST',
      url: '/api/users/usernameexists/',
      payload: { username: 'csr.franchise' },
    });
    expect(exists.json()).toEqual({ exists: true });
  });

  it('a password reset ends the user’s other sessions and keeps the caller’s', async () => {
    const user = await callerOf(t, 'csr.cof');
    const response = await put(admin, `/api/users/${user.userId}/password/`, {
      password: 'Fresh-pass2',
      confirmPassword: 'Fresh-pass2',
    });
    expect(response.statusCode).toBe(200);
    expect((await send(t, user, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    expect((await send(t, admin, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(200);
    await callerOf(t, 'csr.cof', 'Fresh-pass2');
  });
});

describe('a user manager bound to a company', () => {
  let bound: Caller;
  beforeAll(async () => {
    // Independent franchises may have user managers: the company gives role 6, then a manager of franchise 18001.
    const company = await put(admin, '/api/users/company/3', {
      Description: 'Independent franchise',
      Roles: [3, 4, 6, 8],
    });
    expect(company.statusCode).toBe(200);
    const created = await create(
      admin,
      userForm({
        Username: 'franchise_mgr',
        CompanyId: 3,
        RoleId: 6,
        SQLDBID: 18002,
        Branches: ['SG111', 'SG112'],
        Applications: [1, 5],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    bound = await firstSignin(t, 'franchise_mgr', DEFAULT_PASSWORD);
  });

  it('lists only its franchise’s users and its own branches', async () => {
    const list = (await send(t, bound, { method: 'POST', url: '/api/users/', payload: {} })).json<{
      data: { Username: string }[];
    }>();
    expect(list.data.map((r) => r.Username)).toEqual(['franchise_mgr']);
    const branches = (await send(t, bound, { method: 'POST', url: '/api/users/franchises/' })).json<
      { branchno: string }[]
    >();
    expect(branches.map((b) => b.branchno)).toEqual(['SG111', 'SG112']);
  });

  it('gets 404 for any other user’s id, in every path, and changes nothing', async () => {
    const foreign = await userIdOf(t, 'csr.external');
    for (const [method, url, payload] of [
      ['GET', `/api/users/user/${foreign}`, undefined],
      ['PUT', `/api/users/${foreign}`, userForm({ Username: 'csr.external', CompanyId: 3, RoleId: 3, SQLDBID: 18002 })],
      ['DELETE', `/api/user/${foreign}`, undefined],
      ['PUT', `/api/users/${foreign}/password/`, { password: 'Abcdef1!', confirmPassword: 'Abcdef1!' }],
      ['PUT', `/api/user/${foreign}/application/1`, undefined],
      ['DELETE', `/api/user/${foreign}/application/1`, undefined],
      ['PUT', `/api/userapplicationpermissions/${foreign}/application/1/permission/1`, { value: 'false' }],
      ['DELETE', `/api/userapplicationpermissions/${foreign}`, undefined],
      ['POST', '/api/users/userpermissions/', { UserId: foreign }],
    ] as const) {
      await refused(() => send(t, bound, { method, url, ...(payload ? { payload } : {}) }), 404);
    }
  });

  it('creates users only in its company, franchise and branches', async () => {
    const own = { CompanyId: 3, RoleId: 4, SQLDBID: 18002, Branches: ['SG111'] };
    await refused(
      () => create(bound, userForm({ Username: 'elsewhere', ...own, CompanyId: 1, RoleId: 3 })),
      403,
      M.company,
    );
    await refused(() => create(bound, userForm({ Username: 'elsewhere', ...own, SQLDBID: 18001 })), 403, M.franchise);
    await refused(
      () => create(bound, userForm({ Username: 'elsewhere', ...own, Branches: ['SG101'] })),
      403,
      M.branches,
    );
    const ok = await create(bound, userForm({ Username: 'own_franchise_csr', ...own, Applications: [1] }));
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('a change applies to the user’s next request', () => {
  it('applications drive the dashboard and what the user may call', async () => {
    const user = await callerOf(t, 'csr.external');
    const apps = async () =>
      (await send(t, user, { method: 'GET', url: '/api/dashboard' }))
        .json<{ applications: { ApplicationId: number }[] }>()
        .applications.map((a) => a.ApplicationId);
    expect(await apps()).not.toContain(2);
    expect((await send(t, user, { method: 'GET', url: '/api/call-center/outbound/Cancel' })).statusCode).toBe(403);
    expect((await put(admin, `/api/user/${user.userId}/application/2`)).statusCode).toBe(200);
    expect(await apps()).toContain(2);
    expect((await send(t, user, { method: 'GET', url: '/api/call-center/outbound/Cancel' })).statusCode).not.toBe(403);
    expect((await del(admin, `/api/user/${user.userId}/application/2`)).statusCode).toBe(200);
    expect(await apps()).not.toContain(2);
  });

  it('a measureItToolOnly user sees only MeasureIt, and may call nothing else', async () => {
    const user = await callerOf(t, 'csr.corporate');
    await put(admin, `/api/user/${user.userId}/application/6`);
    const detail = (await send(t, admin, { method: 'GET', url: `/api/users/user/${user.userId}` })).json<
      Record<string, unknown>
    >();
    const saved = await put(admin, `/api/users/${user.userId}`, {
      ...detail,
      Branches: [],
      Applications: undefined,
      permissions: undefined,
      measureItToolOnly: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const dashboard = (await send(t, user, { method: 'GET', url: '/api/dashboard' })).json<{
      applications: { ApplicationId: number }[];
    }>();
    expect(dashboard.applications.map((a) => a.ApplicationId)).toEqual([6]);
    const session = (await send(t, user, { method: 'GET', url: '/api/auth/session' })).json<{
      user: { Applications: unknown[] };
    }>();
    expect(session.user.Applications).toEqual(dashboard.applications);
    const search = await send(t, user, {
      method: 'POST',
      url: '/api/InboundCall/SearchCustomers',
      payload: { criteria: { lastname: 'Smith' } },
    });
    expect(search.statusCode).toBe(403);
  });

  it('a changed company and branches change the scope of the next request', async () => {
    const user = await callerOf(t, 'csr.external');
    const before = (await send(t, user, { method: 'GET', url: '/api/auth/session' })).json<{
      user: { CompanyId: number };
    }>();
    expect(before.user.CompanyId).toBe(4);
    // External: the general scope reaches every franchise's customers.
    expect((await send(t, user, { method: 'GET', url: '/api/customer/18001/1001' })).statusCode).toBe(200);
    const detail = (await send(t, admin, { method: 'GET', url: `/api/users/user/${user.userId}` })).json<
      Record<string, unknown>
    >();
    const saved = await put(admin, `/api/users/${user.userId}`, {
      ...detail,
      Applications: undefined,
      permissions: undefined,
      CompanyId: 3,
      RoleId: 3,
      SQLDBID: 18002,
      Branches: ['SG111'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await send(t, user, { method: 'GET', url: '/api/auth/session' })).json<{
      user: { CompanyId: number; Branches: unknown };
    }>();
    expect(after.user).toMatchObject({ CompanyId: 3, Branches: [{ branchno: 'SG111' }] });
    // Independent-franchise scope: a customer of franchise 18001 is out of reach now.
    expect((await send(t, user, { method: 'GET', url: '/api/customer/18001/1001' })).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('records who changed what, before and after, and pages for administrators', async () => {
    const id = await userIdOf(t, 'leadsmanager');
    const mark = await lastAuditId(t);
    await put(admin, `/api/userapplicationpermissions/${id}/application/1/permission/1`, { value: 'false' });
    const [row] = await auditSince(t, mark);
    expect(row).toMatchObject({
      actor_user_id: admin.userId,
      action: 'grant',
      entity: 'user_permission',
      target_user_id: id,
      after: { PermissionId: 1, value: 'false' },
    });
    const page = await send(t, admin, { method: 'GET', url: `/api/users/audit/?pageSize=2&userId=${id}` });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ data: { actorUsername: string; entity: string }[]; total: number; pageSize: number }>();
    expect(body.pageSize).toBe(2);
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.data[0]).toMatchObject({ actorUsername: 'admin', entity: 'user_permission' });
  });
});
