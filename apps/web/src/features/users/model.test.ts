import { describe, expect, it } from 'vitest';
import type { AdminApplication, CompanyRolePermissionTemplate, PermissionDef } from '@cc/contract';
import type { UserAdminActor } from '@cc/domain';
import {
  applyPreview,
  canGiveApplication,
  canOfferCompany,
  canGiveValue,
  emptyForm,
  formRules,
  NOTHING_HELD,
  passwordRules,
  permissionLabel,
  previewDefaultApplications,
  previewDefaultPermissions,
  requestOf,
  roleOptions,
  TEXTS,
  toggleApplication,
} from './model';
import { usersParamsOf, usersViewOf } from './grid-view';
import { applicationsKey, takesDefaults, withDefaultGrants } from './default-grants';

const admin: UserAdminActor = {
  userId: 1,
  roleId: 1,
  companyId: 1,
  sqldbid: null,
  branches: [],
  permissions: ['role:1'],
  applications: [1, 2, 3, 4, 5],
};
const manager: UserAdminActor = {
  userId: 7,
  roleId: 6,
  companyId: 1,
  sqldbid: null,
  branches: [],
  permissions: ['role:6', 'permission:3:Y'],
  applications: [4, 5],
};
const boundManager: UserAdminActor = { ...manager, companyId: 3, sqldbid: 18001, branches: ['SG101'] };

const yesNo = { truevalue: 'true', falsevalue: 'false' };
const defs: PermissionDef[] = [
  { PermissionId: 1, ApplicationId: 1, Name: 'CallCenter.EditPricing', Description: '', Values: yesNo },
  {
    PermissionId: 2,
    ApplicationId: 3,
    Name: 'CallSearch.AllAgents',
    Description: 'Search calls of every agent',
    Values: yesNo,
  },
  {
    PermissionId: 3,
    ApplicationId: 4,
    Name: 'Utilities.ImportCalls',
    Description: '',
    Values: { truevalue: 'Y', falsevalue: 'N' },
  },
];
const apps: AdminApplication[] = [1, 2, 3, 4].map((id) => ({
  ApplicationId: id,
  Name: `App ${id}`,
  Description: '',
  SRef: `app${id}`,
  URL: `/app${id}`,
  sortOrder: id,
}));
const template = (
  PermissionId: number,
  ApplicationId: number,
  DefaultValue: string,
): CompanyRolePermissionTemplate => ({
  CompanyId: 2,
  RoleId: 3,
  ApplicationId,
  PermissionId,
  DefaultValue,
});

describe('the spec texts', () => {
  it('are the spec’s words with the user’s name', () => {
    expect(TEXTS.created('Welcome-2025')).toBe('User Created with Password: Welcome-2025');
    expect(TEXTS.passwordUpdated('jdoe_1')).toBe('Updated Password for: jdoe_1');
    expect(TEXTS.deleted('jdoe_1')).toBe('User jdoe_1 was successfully deleted.');
    expect(TEXTS.deleteCancelled('jdoe_1')).toBe('Action cancelled! User jdoe_1 was NOT deleted...');
  });
});

describe('the form', () => {
  it('starts a bound manager’s new user in its company and franchise', () => {
    const values = emptyForm(boundManager);
    expect(values.CompanyId).toBe('3');
    expect(values.SQLDBID).toBe('18001');
    expect(emptyForm(admin).CompanyId).toBe('');
  });

  it('sends every permission of the chosen applications, and branches only for independent franchises', () => {
    const values = {
      ...emptyForm(admin),
      Username: ' nova_1 ',
      FirstName: 'Nova',
      LastName: 'N',
      CompanyId: '1',
      RoleId: '3',
      Branches: ['SG101'],
      Applications: [1, 2],
      permissions: { 1: 'true' },
    };
    const body = requestOf(values, defs);
    expect(body.Username).toBe('nova_1');
    expect(body.Branches).toEqual([]);
    expect(body.permissions).toEqual([{ ApplicationId: 1, PermissionId: 1, value: 'true' }]);
    expect(requestOf({ ...values, CompanyId: '3' }, defs).Branches).toEqual(['SG101']);
  });

  it('checks the §5 rules, keeping a username as it was', () => {
    const rules = formRules('csr.cof');
    expect(rules.Username('csr.cof')).toBeNull();
    expect(rules.Username('csr.x')).not.toBeNull();
    expect(formRules(null).Username('abc')).toBe('Username must be 5 to 30 characters long.');
    expect(rules.phone('')).toBeNull();
    expect(rules.phone('+1 (402) 555-0142 ext 12')).toBeNull();
    expect(rules.phone('555-12')).not.toBeNull();
    expect(rules.extension('')).toBeNull();
    expect(rules.extension(' 4471 ')).toBeNull();
    expect(rules.extension('7')).not.toBeNull();
    expect(rules.extension('12a')).not.toBeNull();
    expect(rules.Email('a@b.co')).toBeNull();
    expect(rules.Email('a@b')).not.toBeNull();
  });

  it('adds an application with its permissions at their falsevalue and removes them with it', () => {
    const on = toggleApplication(emptyForm(admin), 4, true, defs);
    expect(on).toEqual({ Applications: [4], permissions: { 3: 'N' } });
    expect(toggleApplication({ ...emptyForm(admin), ...on }, 4, false, defs)).toEqual({
      Applications: [],
      permissions: {},
    });
  });
});

describe('what a user manager may offer', () => {
  const companyRoles = [{ CompanyId: 1, Roles: [1, 3, 6].map((RoleId) => ({ RoleId, Description: `R${RoleId}` })) }];

  it('offers role 1 to an administrator only', () => {
    expect(roleOptions(companyRoles, 1, admin, null).map((r) => r.value)).toEqual(['1', '3', '6']);
    expect(roleOptions(companyRoles, 1, manager, null).map((r) => r.value)).toEqual(['3', '6']);
  });

  it('offers no role or company whose price edits or reach the manager lacks, but keeps the user’s own', () => {
    const withLeads = [{ CompanyId: 1, Roles: [2, 3, 9].map((RoleId) => ({ RoleId, Description: `R${RoleId}` })) }];
    expect(roleOptions(withLeads, 1, manager, null).map((r) => r.value)).toEqual(['2', '3']);
    expect(roleOptions(withLeads, 1, manager, 9).map((r) => r.value)).toEqual(['2', '3', '9']);
    expect(roleOptions(withLeads, 1, admin, null).map((r) => r.value)).toEqual(['2', '3', '9']);
    expect([1, 2, 3, 4].filter((c) => canOfferCompany(manager, c, null))).toEqual([1, 3]);
    expect([1, 2, 3, 4].filter((c) => canOfferCompany(manager, c, 4))).toEqual([1, 3, 4]);
    expect([1, 2, 3, 4].filter((c) => canOfferCompany(admin, c, null))).toEqual([1, 2, 3, 4]);
  });

  it('gives only applications and values it holds, or what the user had', () => {
    expect(canGiveApplication(manager, 1, false)).toBe(false);
    expect(canGiveApplication(manager, 1, true)).toBe(true);
    expect(canGiveApplication(manager, 4, false)).toBe(true);
    const [pricing, , imports] = defs as [PermissionDef, PermissionDef, PermissionDef];
    expect(canGiveValue(manager, pricing, 'true', null)).toBe(false);
    expect(canGiveValue(manager, pricing, 'false', null)).toBe(true);
    expect(canGiveValue(manager, pricing, 'true', 'true')).toBe(true);
    expect(canGiveValue(manager, imports, 'Y', null)).toBe(true);
  });
});

describe('the template previews', () => {
  const base = { ...emptyForm(admin), CompanyId: '2', RoleId: '3', Applications: [1, 2], permissions: { 1: 'false' } };
  const templates = [template(1, 1, 'true'), template(2, 3, 'true')];

  it("'apply default permissions' lists each change of the user's applications", () => {
    const ctx = { templates, values: base, defs, applications: apps, actor: admin, held: NOTHING_HELD };
    const preview = previewDefaultPermissions(ctx);
    expect(preview.permissions).toEqual([
      expect.objectContaining({ PermissionId: 1, from: 'false', to: 'true', allowed: true }),
    ]);
    expect(applyPreview(base, preview).permissions[1]).toBe('true');
  });

  it("'load default applications' adds the template's, removes the others, and sets the added ones' values", () => {
    const ctx = { templates, values: base, defs, applications: apps, actor: admin, held: NOTHING_HELD };
    const preview = previewDefaultApplications(ctx);
    expect(preview.add.map((a) => a.ApplicationId)).toEqual([3]);
    expect(preview.remove.map((a) => a.ApplicationId)).toEqual([2]);
    expect(preview.permissions).toEqual([expect.objectContaining({ PermissionId: 2, from: '(none)', to: 'true' })]);
    // Named as people read it (its description), not by its code name; one without a description by its name.
    expect(preview.permissions[0]?.name).toBe('Search calls of every agent');
    expect(permissionLabel(defs[0]!)).toBe('CallCenter.EditPricing');
    const after = applyPreview(base, preview);
    expect(after.Applications).toEqual([1, 3]);
    expect(after.permissions[2]).toBe('true');
  });

  it('shows what a manager may not give and leaves it as it is', () => {
    const ctx = { templates, values: base, defs, applications: apps, actor: manager, held: NOTHING_HELD };
    const preview = previewDefaultApplications(ctx);
    expect(preview.add).toEqual([expect.objectContaining({ ApplicationId: 3, allowed: false })]);
    const after = applyPreview(base, preview);
    expect(after.Applications).toEqual([1]);
    const perms = previewDefaultPermissions(ctx);
    expect(perms.permissions[0]?.allowed).toBe(false);
    expect(applyPreview(base, perms).permissions[1]).toBe('false');
  });

  it("gives a new user its company and role's default applications, then their default permissions", () => {
    const ctx = { templates, values: base, defs, applications: apps, actor: admin, held: NOTHING_HELD };
    const next = withDefaultGrants(ctx);
    expect(next.Applications).toEqual([1, 3]);
    expect(next.permissions).toEqual({ 1: 'true', 2: 'true' });
  });

  it('loads the defaults again only while the applications are none or the ones last loaded', () => {
    expect(takesDefaults([], null)).toBe(true);
    expect(takesDefaults([3, 1], applicationsKey([1, 3]))).toBe(true);
    expect(takesDefaults([1, 3, 4], applicationsKey([1, 3]))).toBe(false);
    expect(takesDefaults([1], null)).toBe(false);
  });
});

describe('the password rules and the grid view', () => {
  it('ticks each rule as it is met', () => {
    expect(passwordRules('abc').filter((r) => r.met)).toHaveLength(1);
    expect(passwordRules('Fresh-pass7').every((r) => r.met)).toBe(true);
  });

  it('reads the URL and writes back only what differs from the default', () => {
    const view = usersViewOf(new URLSearchParams('q=ann&sort=Role&dir=desc&page=3&size=100'));
    expect(view).toEqual({ q: 'ann', sort: 'Role', dir: 'desc', page: 3, size: 100 });
    expect(usersViewOf(new URLSearchParams('sort=Password&size=7&page=-1'))).toEqual({
      q: '',
      sort: 'Username',
      dir: 'asc',
      page: 1,
      size: 25,
    });
    expect(usersParamsOf(view).toString()).toBe('q=ann&sort=Role&dir=desc&page=3&size=100');
  });
});
