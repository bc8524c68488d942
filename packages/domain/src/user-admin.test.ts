import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { permissionEntry, Role, roleEntry } from './access.js';
import { passwordProblem } from './validation.js';
import {
  DEFAULT_PASSWORD,
  USER_ADMIN_MESSAGES as M,
  applicationGrantRefusal,
  canSeeUser,
  deleteRefusal,
  effectiveApplications,
  permissionGrantRefusal,
  saveRefusal,
  touchRefusal,
  userAdminReach,
  type UserAdminActor,
  type UserAdminTarget,
} from './user-admin.js';

const actor = (over: Partial<UserAdminActor> = {}): UserAdminActor => {
  const roleId = over.roleId ?? Role.UserAdministrator;
  return {
    userId: 100,
    roleId,
    companyId: 1,
    sqldbid: null,
    branches: [],
    permissions: [roleEntry(roleId)],
    applications: [4, 5, 8, 9],
    ...over,
  };
};
const admin = actor({ userId: 1, roleId: Role.Administrator, permissions: [roleEntry(1)] });
const manager = actor();
const target = (over: Partial<UserAdminTarget> = {}): UserAdminTarget => ({
  userId: 200,
  roleId: Role.Representative,
  companyId: 1,
  sqldbid: null,
  branches: [],
  ...over,
});
const adminTarget = target({ userId: 2, roleId: Role.Administrator });
const franchiseManager = actor({ companyId: 3, sqldbid: 18001, branches: ['SG101', 'SG102'] });

describe('the default password', () => {
  it('passes the password rules it would otherwise be held to', () => {
    expect(passwordProblem(DEFAULT_PASSWORD)).toBeNull();
  });
});

describe('reach: which users a manager sees', () => {
  it('administrators and corporate user managers reach everyone', () => {
    expect(userAdminReach(admin)).toEqual({ kind: 'all' });
    expect(userAdminReach(manager)).toEqual({ kind: 'all' });
    expect(canSeeUser(manager, { companyId: 4, sqldbid: 1, branches: [] })).toBe(true);
  });

  it('a manager of another company is bound to its company and franchise', () => {
    expect(userAdminReach(franchiseManager)).toEqual({
      kind: 'company',
      companyId: 3,
      sqldbid: 18001,
      branches: ['SG101', 'SG102'],
    });
    expect(canSeeUser(franchiseManager, { companyId: 3, sqldbid: 18001, branches: ['SG101'] })).toBe(true);
    expect(canSeeUser(franchiseManager, { companyId: 3, sqldbid: 18002, branches: [] })).toBe(false);
    expect(canSeeUser(franchiseManager, { companyId: 1, sqldbid: null, branches: [] })).toBe(false);
    const cof = actor({ companyId: 2, sqldbid: null });
    expect(canSeeUser(cof, { companyId: 2, sqldbid: 17501, branches: [] })).toBe(true);
    expect(canSeeUser(cof, { companyId: 3, sqldbid: 17501, branches: [] })).toBe(false);
  });

  it('an independent-franchise manager sees only users whose branches are all its own', () => {
    const sg101 = actor({ companyId: 3, sqldbid: 18001, branches: ['SG101'] });
    expect(canSeeUser(sg101, { companyId: 3, sqldbid: 18001, branches: ['SG101'] })).toBe(true);
    expect(canSeeUser(sg101, { companyId: 3, sqldbid: 18001, branches: [] })).toBe(true);
    expect(canSeeUser(sg101, { companyId: 3, sqldbid: 18001, branches: ['SG102'] })).toBe(false);
    expect(canSeeUser(sg101, { companyId: 3, sqldbid: 18001, branches: ['SG101', 'SG102'] })).toBe(false);
  });

  it('a foreign user is "not found", not forbidden', () => {
    expect(touchRefusal(franchiseManager, target())).toEqual({ status: 404, message: 'User not found.' });
  });
});

describe('saving a user', () => {
  it('an administrator may do anything but demote the last administrator or itself', () => {
    expect(saveRefusal(admin, null, target({ roleId: 1 }), 1)).toBeNull();
    expect(saveRefusal(admin, adminTarget, target({ roleId: 3 }), 2)).toBeNull();
    expect(saveRefusal(admin, adminTarget, target({ roleId: 3 }), 1)).toEqual({
      status: 409,
      field: 'RoleId',
      message: M.lastAdministrator,
    });
    const self = target({ userId: 1, roleId: 1 });
    expect(saveRefusal(admin, self, { ...self, roleId: 6 }, 5)).toMatchObject({ status: 409, message: M.ownRole });
    expect(saveRefusal(admin, self, { ...self, companyId: 2 }, 1)).toBeNull();
  });

  it('a user manager cannot give role 1, in a new user or an existing one', () => {
    expect(saveRefusal(manager, null, target({ roleId: 1 }), 3)).toMatchObject({ status: 403, message: M.giveRole1 });
    expect(saveRefusal(manager, target(), target({ roleId: 1 }), 3)).toMatchObject({ status: 403, field: 'RoleId' });
    expect(saveRefusal(manager, target(), target({ roleId: 6 }), 3)).toBeNull();
  });

  it('a user manager cannot edit an administrator at all', () => {
    expect(saveRefusal(manager, adminTarget, adminTarget, 3)).toEqual({ status: 403, message: M.administrator });
    expect(saveRefusal(manager, adminTarget, { ...adminTarget, roleId: 3 }, 3)).toMatchObject({ status: 403 });
  });

  it('nobody changes their own role', () => {
    const self = target({ userId: manager.userId, roleId: 6 });
    expect(saveRefusal(manager, self, { ...self, roleId: 3 }, 1)).toMatchObject({ status: 409, message: M.ownRole });
    expect(saveRefusal(manager, self, { ...self, companyId: 2 }, 1)).toBeNull();
  });

  it('a bound manager keeps users in its company, franchise and branches', () => {
    const own = target({ companyId: 3, sqldbid: 18001, branches: ['SG101'] });
    expect(saveRefusal(franchiseManager, null, own, 1)).toBeNull();
    expect(saveRefusal(franchiseManager, own, { ...own, branches: ['SG101', 'SG102'] }, 1)).toBeNull();
    expect(saveRefusal(franchiseManager, own, { ...own, companyId: 1 }, 1)).toMatchObject({ field: 'CompanyId' });
    expect(saveRefusal(franchiseManager, own, { ...own, sqldbid: 18002 }, 1)).toMatchObject({ field: 'SQLDBID' });
    expect(saveRefusal(franchiseManager, own, { ...own, branches: ['SG111'] }, 1)).toMatchObject({
      field: 'Branches',
    });
    expect(saveRefusal(franchiseManager, target(), { ...own }, 1)).toMatchObject({ status: 404 });
  });
});

describe('deleting a user', () => {
  it('nobody deletes themselves', () => {
    expect(deleteRefusal(admin, target({ userId: 1, roleId: 1 }), 5)).toMatchObject({ message: M.deleteSelf });
    expect(deleteRefusal(manager, target({ userId: 100, roleId: 6 }), 5)).toMatchObject({ message: M.deleteSelf });
  });

  it('the last active administrator stays; a user manager deletes no administrator', () => {
    expect(deleteRefusal(admin, adminTarget, 1)).toMatchObject({ status: 409, message: M.lastAdministrator });
    expect(deleteRefusal(admin, adminTarget, 2)).toBeNull();
    expect(deleteRefusal(manager, adminTarget, 2)).toMatchObject({ status: 403, message: M.administrator });
    expect(deleteRefusal(manager, target(), 1)).toBeNull();
  });
});

describe('grants', () => {
  it('a user manager gives only applications it has', () => {
    expect(applicationGrantRefusal(manager, 5)).toBeNull();
    expect(applicationGrantRefusal(manager, 1)).toMatchObject({ status: 403, message: M.application });
    expect(applicationGrantRefusal(admin, 1)).toBeNull();
  });

  it('a user manager gives a permission only with a value it holds; the falsevalue always', () => {
    const p = { permissionId: 3, falsevalue: 'false' };
    expect(permissionGrantRefusal(manager, p, 'false')).toBeNull();
    expect(permissionGrantRefusal(manager, p, 'true')).toMatchObject({ status: 403, message: M.permission });
    const holder = actor({ permissions: [roleEntry(6), permissionEntry(3, 'true')] });
    expect(permissionGrantRefusal(holder, p, 'true')).toBeNull();
    expect(permissionGrantRefusal(holder, p, 'other')).toMatchObject({ status: 403 });
    expect(permissionGrantRefusal(admin, p, 'anything')).toBeNull();
  });

  it('whatever a user manager holds, it never gives role 1 or more than it holds (property)', () => {
    fc.assert(
      fc.property(
        fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9]),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom('true', 'false', 'x'),
        (apps, app, role, value) => {
          const a = actor({ applications: apps, permissions: [roleEntry(6), permissionEntry(1, 'true')] });
          // Each grant allowed implies the manager holds it: never an application, a right or role 1 it lacks.
          expect(applicationGrantRefusal(a, app) !== null || apps.includes(app)).toBe(true);
          const given = permissionGrantRefusal(a, { permissionId: 2, falsevalue: 'false' }, value);
          expect(given !== null || value === 'false').toBe(true);
          expect(saveRefusal(a, target(), target({ roleId: role }), 2) !== null || role !== 1).toBe(true);
        },
      ),
    );
  });
});

describe('measureItToolOnly', () => {
  it('leaves only MeasureIt', () => {
    expect(effectiveApplications([1, 2, 6, 7], true)).toEqual([6]);
    expect(effectiveApplications([1, 2], true)).toEqual([]);
    expect(effectiveApplications([1, 2, 6], false)).toEqual([1, 2, 6]);
  });
});
