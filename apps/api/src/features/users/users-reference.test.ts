/**
 * The reference data's adds and edits (decision 026): brands, companies with their roles, applications (SRef,
 * URL), permissions (Values) and company-role permission templates, each validated, audited, and refused with
 * nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditSince, callerOf, lastAuditId, send, snapshot, type Caller } from './test-support.js';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await callerOf(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  send(t, admin, { method, url, ...(payload ? { payload } : {}) });

async function refused(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: object | undefined,
  status: number,
  field?: string,
) {
  const before = await snapshot(t);
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  if (field) expect(response.json<{ message: string }>().message.startsWith(`${field}: `), response.body).toBe(true);
  expect(await snapshot(t)).toBe(before);
}

describe('brands', () => {
  it('adds with the next id and edits, each with an audit row', async () => {
    const mark = await lastAuditId(t);
    const added = await call('POST', '/api/users/brand/', { BrandName: 'Tree Brigade' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ BrandId: 4, BrandName: 'Tree Brigade' });
    const edited = await call('PUT', '/api/users/brand/4', { BrandName: 'Tree Brigade West' });
    expect(edited.json()).toEqual({ BrandId: 4, BrandName: 'Tree Brigade West' });
    const audit = await auditSince(t, mark);
    expect(audit.map((a) => [a.action, a.entity, a.entity_id])).toEqual([
      ['create', 'brand', '4'],
      ['update', 'brand', '4'],
    ]);
    expect(audit[1]?.before).toEqual({ BrandId: 4, BrandName: 'Tree Brigade' });
  });

  it('refuses an empty name and an unknown id', async () => {
    await refused('POST', '/api/users/brand/', { BrandName: ' ' }, 400, 'BrandName');
    await refused('PUT', '/api/users/brand/99', { BrandName: 'X' }, 404);
  });
});

describe('companies and their roles', () => {
  it('replaces the roles a company gives; the list shows them', async () => {
    const response = await call('PUT', '/api/users/company/4', { Description: 'External', Roles: [3, 8, 2] });
    expect(response.json()).toEqual({ CompanyId: 4, Description: 'External', Roles: [2, 3, 8] });
    const list = (await call('POST', '/api/users/companyroles/')).json<
      { CompanyId: number; Roles: { RoleId: number }[] }[]
    >();
    expect(list.find((c) => c.CompanyId === 4)?.Roles.map((r) => r.RoleId)).toEqual([2, 3, 8]);
    const added = await call('POST', '/api/users/company/', { Description: 'Partner', Roles: [3] });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ CompanyId: 5, Description: 'Partner', Roles: [3] });
  });

  it('refuses an unknown role and an unknown company', async () => {
    await refused('PUT', '/api/users/company/4', { Description: 'External', Roles: [3, 42] }, 400, 'Roles');
    await refused('PUT', '/api/users/company/77', { Description: 'Nobody', Roles: [] }, 404);
  });
});

describe('applications', () => {
  it('adds and edits SRef and URL', async () => {
    const added = await call('POST', '/api/users/application/', {
      Name: 'Reports',
      Description: 'Monthly reports',
      SRef: 'reports',
      URL: 'https://reports.example.com/',
      sortOrder: 20,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ ApplicationId: 10, SRef: 'reports', URL: 'https://reports.example.com/' });
    const edited = await call('PUT', '/api/users/application/10', {
      Name: 'Reports',
      SRef: 'reports.monthly',
      URL: '/reports',
    });
    expect(edited.json()).toMatchObject({
      ApplicationId: 10,
      SRef: 'reports.monthly',
      URL: '/reports',
      Description: '',
    });
  });

  it.each([
    [{ Name: 'X', SRef: 'has space', URL: '/x' }, 'SRef'],
    [{ Name: 'X', SRef: 'x', URL: 'javascript:alert(1)' }, 'URL'],
    [{ Name: '', SRef: 'x', URL: '/x' }, 'Name'],
  ])('refuses %j naming %s', async (payload, field) => {
    await refused('POST', '/api/users/application/', payload, 400, field);
  });
});

describe('permissions', () => {
  it('adds and edits a permission with its Values', async () => {
    const added = await call('POST', '/api/users/permission/', {
      ApplicationId: 10,
      Name: 'Reports.Export',
      Values: { truevalue: 'yes', falsevalue: 'no' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      PermissionId: 6,
      ApplicationId: 10,
      Values: { truevalue: 'yes', falsevalue: 'no' },
    });
    const edited = await call('PUT', '/api/users/permission/6', {
      ApplicationId: 10,
      Name: 'Reports.Export',
      Description: 'Export reports',
      Values: { truevalue: 'Y', falsevalue: 'N' },
    });
    expect(edited.json()).toMatchObject({ Description: 'Export reports', Values: { truevalue: 'Y', falsevalue: 'N' } });
  });

  it.each([
    [{ ApplicationId: 1, Name: 'CallSearch.AllAgents', Values: { truevalue: 'a', falsevalue: 'b' } }, 'Name'],
    [{ ApplicationId: 99, Name: 'New.One', Values: { truevalue: 'a', falsevalue: 'b' } }, 'ApplicationId'],
    [{ ApplicationId: 1, Name: 'New.One', Values: { truevalue: 'a', falsevalue: 'a' } }, 'Values.falsevalue'],
    [{ ApplicationId: 1, Name: 'New.One', Values: { truevalue: 'a' } }, 'Values.falsevalue'],
  ])('refuses %j naming %s', async (payload, field) => {
    await refused('POST', '/api/users/permission/', payload, 400, field);
  });

  it('does not move a permission in use to another application', async () => {
    await refused(
      'PUT',
      '/api/users/permission/1',
      { ApplicationId: 2, Name: 'CallCenter.EditPricing', Values: { truevalue: 'true', falsevalue: 'false' } },
      400,
      'ApplicationId',
    );
  });
});

describe('company-role permission templates', () => {
  const url = '/api/users/companyrolepermissiontemplate';
  it('sets and deletes a default value', async () => {
    const set = await call('PUT', `${url}/1/3/10/6`, { DefaultValue: 'N' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ CompanyId: 1, RoleId: 3, ApplicationId: 10, PermissionId: 6, DefaultValue: 'N' });
    const list = (await call('POST', '/api/users/companyrolepermissiontemplates/', { CompanyId: 1, RoleId: 3 })).json<
      unknown[]
    >();
    expect(list).toContainEqual({ CompanyId: 1, RoleId: 3, ApplicationId: 10, PermissionId: 6, DefaultValue: 'N' });
    const removed = await call('DELETE', `${url}/1/3/10/6`);
    expect(removed.json()).toEqual({ ok: true, removed: 1 });
  });

  it('refuses a value outside the Values, a role the company does not give, a permission of another application', async () => {
    await refused('PUT', `${url}/1/3/10/6`, { DefaultValue: 'maybe' }, 400, 'DefaultValue');
    await refused('PUT', `${url}/3/1/1/1`, { DefaultValue: 'true' }, 404);
    await refused('PUT', `${url}/1/3/2/1`, { DefaultValue: 'true' }, 404);
    await refused('DELETE', `${url}/1/3/10/6`, undefined, 404);
  });
});
