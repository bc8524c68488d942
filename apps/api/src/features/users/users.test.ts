/**
 * User administration's calls (§7) and the bad input of §5: each call answers what the screens
 * need, each rule a 400 naming its field, unknown ids 404, and nothing is written on a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, PASSWORD_MESSAGES, USERNAME_MESSAGES } from '@cc/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditSince, callerOf, lastAuditId, send, snapshot, userForm, userIdOf, type Caller } from './test-support.js';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await callerOf(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object = {}, caller: Caller = admin) =>
  send(t, caller, { method: 'POST', url, payload });

describe('the lists', () => {
  it('POST /api/users/ pages, sorts and searches on the server', async () => {
    const first = await post('/api/users/', { pageSize: 3 });
    expect(first.statusCode).toBe(200);
    const page = first.json<{ data: { Username: string }[]; total: number; page: number; pageSize: number }>();
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(3);
    expect(page.data).toHaveLength(3);
    expect(page.total).toBeGreaterThanOrEqual(9);
    const names = page.data.map((r) => r.Username.toLowerCase());
    expect(names).toEqual([...names].sort());
    // Page 2 continues where page 1 ended.
    const second = (await post('/api/users/', { pageSize: 3, page: 2 })).json<typeof page>();
    expect((second.data[0]?.Username ?? '').toLowerCase() > (names[2] ?? '')).toBe(true);

    const byLast = (await post('/api/users/', { sort: 'LastName', dir: 'desc' })).json<typeof page>();
    const lasts = byLast.data.map((r) => (r as unknown as { LastName: string }).LastName.toLowerCase());
    expect(lasts).toEqual([...lasts].sort().reverse());

    const found = (await post('/api/users/', { search: 'MANAG' })).json<{ data: { Username: string }[] }>();
    expect(found.data.map((r) => r.Username)).toEqual(expect.arrayContaining(['usermanager', 'leadsmanager']));
    // Brand, company and role are searched too.
    const role = (await post('/api/users/', { search: 'Measurer' })).json<{ data: { Username: string }[] }>();
    expect(role.data.map((r) => r.Username)).toContain('measurer');
    const company = (await post('/api/users/', { search: 'external' })).json<{ data: { Company: string }[] }>();
    expect(company.data.length).toBeGreaterThan(0);
    expect(company.data.every((r) => r.Company === 'External')).toBe(true);
    // Wildcards are literal.
    expect((await post('/api/users/', { search: '%' })).json<{ total: number }>().total).toBe(0);
  });

  it('answers the row of the grid: Username, First Name, Last Name, Brand, Company, Role', async () => {
    const row = (await post('/api/users/', { search: 'usermanager' })).json<{ data: unknown[] }>().data[0];
    expect(row).toMatchObject({
      Username: 'usermanager',
      FirstName: 'Uma',
      LastName: 'Manager',
      Brand: 'Corporate',
      Company: 'Corporate',
      RoleId: 6,
      Role: 'User Administrator',
    });
  });

  it.each([
    ['/api/users/brands/', { BrandId: 1, BrandName: 'Spring Green Lawn Care' }],
    ['/api/users/companies/', { CompanyId: 3, Description: 'Independent franchise' }],
    ['/api/users/roles/', { RoleId: 9, Name: 'SPG_LeadsCCManager' }],
    [
      '/api/users/companyroles/',
      { CompanyId: 3, Roles: expect.arrayContaining([{ RoleId: 4, Description: 'Franchise User' }]) },
    ],
    ['/api/users/permissions/', { PermissionId: 1, Values: { truevalue: 'true', falsevalue: 'false' } }],
    ['/api/users/applications/', { ApplicationId: 6, SRef: 'searchMeasureIt', URL: '/searchMeasureIt' }],
    ['/api/users/companyrolepermissiontemplates/', { CompanyId: 1, RoleId: 1, DefaultValue: 'true' }],
    ['/api/users/franchises/', { branchno: 'SG101', sqldbid: 18001, compname: 'Green Meadows Lawn Care' }],
  ])('POST %s lists its rows', async (url, expected) => {
    const response = await post(url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expect.arrayContaining([expect.objectContaining(expected)]));
  });

  it('filters the templates by company and role', async () => {
    const rows = (await post('/api/users/companyrolepermissiontemplates/', { CompanyId: 3, RoleId: 4 })).json<
      { CompanyId: number; RoleId: number }[]
    >();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.CompanyId === 3 && r.RoleId === 4)).toBe(true);
  });

  it('POST /api/users/usernameexists/: a user’s own name is not taken by itself', async () => {
    const id = await userIdOf(t, 'csr.cof');
    const exists = (body: object) => post('/api/users/usernameexists/', body).then((r) => r.json<unknown>());
    expect(await exists({ username: 'CSR.COF' })).toEqual({ exists: true });
    expect(await exists({ userId: id, username: 'csr.cof' })).toEqual({ exists: false });
    expect(await exists({ userId: admin.userId, username: 'csr.cof' })).toEqual({ exists: true });
    expect(await exists({ username: 'nobody_here' })).toEqual({ exists: false });
  });
});

describe('one user', () => {
  it('GET /api/users/user/:id answers the user with branches, applications and permissions', async () => {
    const id = await userIdOf(t, 'csr.franchise');
    const response = await send(t, admin, { method: 'GET', url: `/api/users/user/${id}` });
    expect(response.statusCode).toBe(200);
    const user = response.json<{
      Branches: unknown;
      Applications: { ApplicationId: number }[];
      permissions: unknown[];
    }>();
    expect(user).toMatchObject({ UserId: id, Username: 'csr.franchise', CompanyId: 3, RoleId: 4, SQLDBID: 18001 });
    expect(user.Branches).toEqual([{ branchno: 'SG101' }, { branchno: 'SG102' }]);
    expect(user.Applications.map((a) => a.ApplicationId)).toEqual([1, 2, 3, 6, 8]);
    expect(user).toMatchObject({ measureItToolOnly: false, phone: '' });
    const perms = (await post('/api/users/userpermissions/', { UserId: id })).json<unknown[]>();
    expect(perms).toEqual(user.permissions);
    expect(perms[0]).toMatchObject({ UserId: id, Values: { falsevalue: 'false' } });
  });

  it.each([
    ['GET', '/api/users/user/999999'],
    ['PUT', '/api/users/999999'],
    ['DELETE', '/api/user/999999'],
    ['PUT', '/api/users/999999/password/'],
    ['PUT', '/api/user/999999/application/1'],
    ['DELETE', '/api/userapplicationpermissions/999999'],
  ] as const)('%s %s: an unknown user is 404', async (method, url) => {
    const payload =
      method === 'PUT' && url.includes('password')
        ? { password: 'Abcdef1!', confirmPassword: 'Abcdef1!' }
        : url.startsWith('/api/users/9')
          ? userForm()
          : undefined;
    const response = await send(t, admin, { method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(404);
  });

  it('an unknown application or permission in a path is 404', async () => {
    const id = await userIdOf(t, 'csr.external');
    const before = await snapshot(t);
    for (const [method, url, payload] of [
      ['PUT', `/api/user/${id}/application/999`, undefined],
      ['DELETE', `/api/user/${id}/application/7`, undefined],
      ['PUT', `/api/userapplicationpermissions/${id}/application/1/permission/999`, { value: 'true' }],
      ['PUT', `/api/userapplicationpermissions/${id}/application/2/permission/1`, { value: 'true' }],
      ['DELETE', `/api/userapplicationpermissions/${id}/application/6/permission/5`, undefined],
    ] as const) {
      const response = await send(t, admin, { method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await snapshot(t)).toBe(before);
  });
});

describe('creating a user', () => {
  it('without a password gives the default one, answered once, and the user can sign in with it', async () => {
    const mark = await lastAuditId(t);
    const response = await post('/api/users/user/', userForm({ Username: 'default_pw', Applications: [1, 3] }));
    expect(response.statusCode).toBe(201);
    const body = response.json<{
      user: { UserId: number; Applications: { ApplicationId: number }[] };
      defaultPassword: string;
    }>();
    expect(body.defaultPassword).toBe(DEFAULT_PASSWORD);
    expect(body.user.Applications.map((a) => a.ApplicationId)).toEqual([1, 3]);
    const signin = await callerOf(t, 'default_pw', DEFAULT_PASSWORD);
    expect(signin.userId).toBe(body.user.UserId);
    // Not readable again: the detail carries no password.
    const again = await send(t, admin, { method: 'GET', url: `/api/users/user/${body.user.UserId}` });
    expect(again.body).not.toContain(DEFAULT_PASSWORD);
    const audit = await auditSince(t, mark);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'create',
      entity: 'user',
      actor_user_id: admin.userId,
      target_user_id: body.user.UserId,
      before: null,
    });
    // Neither the password nor its hash is kept in the audit (its SignIn field names the way in, not a secret).
    const after = JSON.stringify(audit[0]?.after);
    expect(after).not.toContain(DEFAULT_PASSWORD);
    expect(after).not.toMatch(/"password(hash)?"\s*:/i);
    expect(after).not.toContain('$argon2');
  });

  it('with a password uses it and answers no default', async () => {
    const response = await post(
      '/api/users/user/',
      userForm({ Username: 'own_pw', password: 'Own-pass9', confirmPassword: 'Own-pass9' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ defaultPassword: null });
    await callerOf(t, 'own_pw', 'Own-pass9');
  });

  it('saves the form and all its permissions, applications, branches and flags together', async () => {
    const response = await post(
      '/api/users/user/',
      userForm({
        Username: 'franchise_two',
        CompanyId: 3,
        RoleId: 4,
        SQLDBID: 18001,
        Branches: ['SG101', 'SG103'],
        Applications: [1, 6],
        permissions: [{ ApplicationId: 6, PermissionId: 4, value: 'true' }],
        allowFranchise: true,
        allowVerification: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    const user = response.json<{ user: Record<string, unknown> }>().user;
    expect(user).toMatchObject({
      Branches: [{ branchno: 'SG101' }, { branchno: 'SG103' }],
      permissions: [expect.objectContaining({ PermissionId: 4, value: 'true' })],
      allowFranchise: true,
      allowVerification: true,
      allowCorporate: false,
      phone: '(402) 555-0100 x12',
    });
  });
});

describe('bad input: a 400 naming the field, and nothing written', () => {
  const cases: [string, Record<string, unknown>, string, string?][] = [
    ['username too short', { Username: 'abcd' }, 'Username', USERNAME_MESSAGES.length],
    ['username too long', { Username: 'a'.repeat(31) }, 'Username', USERNAME_MESSAGES.length],
    ['username with a space', { Username: 'john smith' }, 'Username', USERNAME_MESSAGES.characters],
    ['username with a non-word character', { Username: 'john.smith' }, 'Username', USERNAME_MESSAGES.characters],
    ['username taken (any case)', { Username: 'USERMANAGER' }, 'Username', USERNAME_MESSAGES.taken],
    ['password too short', { password: 'Ab1!xy', confirmPassword: 'Ab1!xy' }, 'password', PASSWORD_MESSAGES.length],
    [
      'password too long',
      { password: `Ab1!${'x'.repeat(27)}`, confirmPassword: `Ab1!${'x'.repeat(27)}` },
      'password',
      PASSWORD_MESSAGES.length,
    ],
    [
      'password without upper case',
      { password: 'abcdef1!', confirmPassword: 'abcdef1!' },
      'password',
      PASSWORD_MESSAGES.upper,
    ],
    [
      'password without lower case',
      { password: 'ABCDEF1!', confirmPassword: 'ABCDEF1!' },
      'password',
      PASSWORD_MESSAGES.lower,
    ],
    [
      'password without a digit',
      { password: 'Abcdefg!', confirmPassword: 'Abcdefg!' },
      'password',
      PASSWORD_MESSAGES.digit,
    ],
    [
      'password without a symbol',
      { password: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
      'password',
      PASSWORD_MESSAGES.symbol,
    ],
    [
      'confirmation not equal',
      { password: 'Abcdef1!', confirmPassword: 'Abcdef1?' },
      'confirmPassword',
      PASSWORD_MESSAGES.confirm,
    ],
    ['phone', { phone: '555-0100' }, 'phone'],
    ['phone with a bad area code', { phone: '(123) 555-0100' }, 'phone'],
    ['email', { Email: 'not-an-email' }, 'Email', 'Enter a valid email address.'],
    ['first name missing', { FirstName: ' ' }, 'FirstName', 'First name is required.'],
    ['unknown company', { CompanyId: 99 }, 'CompanyId'],
    ['role the company does not give', { CompanyId: 3, RoleId: 1 }, 'RoleId'],
    ['unknown brand', { BrandId: 77 }, 'BrandId'],
    ['unknown branch', { Branches: ['XX999'] }, 'Branches'],
    ['unknown application', { Applications: [1, 99] }, 'Applications'],
    [
      'permission of another application',
      { permissions: [{ ApplicationId: 1, PermissionId: 4, value: 'true' }] },
      'permissions.0.ApplicationId',
    ],
    [
      'permission value outside its Values',
      { permissions: [{ ApplicationId: 6, PermissionId: 4, value: 'yes' }] },
      'permissions.0.value',
    ],
  ];

  it.each(cases)('create: %s', async (_, change, field, message) => {
    const before = await snapshot(t);
    const response = await post('/api/users/user/', userForm({ Username: 'valid_name', ...change }));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: Record<string, string> }>();
    expect(body.message.startsWith(`${field}: `), body.message).toBe(true);
    expect(body.errors[field]).toEqual(message || expect.any(String));
    expect(await snapshot(t)).toBe(before);
  });

  it.each(cases.filter(([, change]) => !('password' in change)))('update: %s', async (_, change, field) => {
    const id = await userIdOf(t, 'csr.external');
    const before = await snapshot(t);
    const response = await send(t, admin, {
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: userForm({ Username: 'csr.external', CompanyId: 4, RoleId: 3, BrandId: 2, ...change }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message.startsWith(`${field}: `)).toBe(true);
    expect(await snapshot(t)).toBe(before);
  });

  it('a kept username is not held to rules it predates; a changed one is', async () => {
    const id = await userIdOf(t, 'csr.external');
    const form = userForm({ Username: 'csr.external', CompanyId: 4, RoleId: 3, BrandId: 2, FirstName: 'Morgana' });
    const kept = await send(t, admin, { method: 'PUT', url: `/api/users/${id}`, payload: form });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ FirstName: 'Morgana', Username: 'csr.external' });
  });

  it('the admin password reset checks the rules and the confirmation', async () => {
    const id = await userIdOf(t, 'csr.cof');
    const before = await snapshot(t);
    for (const [payload, field] of [
      [{ password: 'short1!', confirmPassword: 'short1!' }, 'password'],
      [{ password: 'Abcdef1!', confirmPassword: 'Abcdef1' }, 'confirmPassword'],
    ] as const) {
      const response = await send(t, admin, { method: 'PUT', url: `/api/users/${id}/password/`, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message.startsWith(`${field}: `)).toBe(true);
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('a permission value outside its Values is a 400 on value', async () => {
    const id = await userIdOf(t, 'csr.external');
    const before = await snapshot(t);
    const response = await send(t, admin, {
      method: 'PUT',
      url: `/api/userapplicationpermissions/${id}/application/1/permission/1`,
      payload: { value: 'maybe' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'value: must be true or false' });
    expect(await snapshot(t)).toBe(before);
  });
});

describe('the phone extension', () => {
  it('is saved on add and edit, unique among active users, and freed when its user is deleted', async () => {
    const created = await post('/api/users/user/', userForm({ Username: 'ext_one', extension: ' 4471 ' }));
    expect(created.statusCode, created.body).toBe(201);
    const one = created.json<{ user: { UserId: number; extension: string } }>().user;
    expect(one.extension).toBe('4471');

    const other = await post('/api/users/user/', userForm({ Username: 'ext_other' }));
    const otherId = other.json<{ user: { UserId: number } }>().user.UserId;
    const before = await snapshot(t);
    const twin = await post('/api/users/user/', userForm({ Username: 'ext_two', extension: '4471' }));
    expect(twin.statusCode).toBe(400);
    expect(twin.json()).toMatchObject({ message: 'extension: Extension is already taken.' });
    for (const extension of ['4471', '44a', '7']) {
      const refused = await send(t, admin, {
        method: 'PUT',
        url: `/api/users/${otherId}`,
        payload: userForm({ Username: 'ext_other', extension }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/^extension: /);
    }
    expect(await snapshot(t)).toBe(before);

    // Its own extension saved again is no clash; cleared, it is none.
    const kept = await send(t, admin, {
      method: 'PUT',
      url: `/api/users/${one.UserId}`,
      payload: { ...userForm({ Username: 'ext_one' }), extension: '4471' },
    });
    expect(kept.json()).toMatchObject({ extension: '4471' });
    expect((await send(t, admin, { method: 'DELETE', url: `/api/user/${one.UserId}` })).statusCode).toBe(200);
    const reused = await post('/api/users/user/', userForm({ Username: 'ext_three', extension: '4471' }));
    expect(reused.statusCode, reused.body).toBe(201);
  });
});
