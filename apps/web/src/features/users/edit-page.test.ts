import { describe, expect, it } from 'vitest';
import type { UserAdminActor } from '@cc/domain';
import { createdOf, isReadOnlyFor, userIdOf } from './edit-page';

const manager: UserAdminActor = {
  userId: 7,
  roleId: 6,
  companyId: 1,
  sqldbid: null,
  branches: [],
  permissions: ['role:6'],
  applications: [4, 5],
};
const admin: UserAdminActor = { ...manager, userId: 1, roleId: 1, permissions: ['role:1'] };

describe("the user's page", () => {
  it('takes a user id of one to nine digits from the path, and nothing else', () => {
    expect(userIdOf('42')).toBe(42);
    expect(userIdOf('123456789')).toBe(123456789);
    expect(userIdOf('1234567890')).toBeNull();
    expect(userIdOf('4x')).toBeNull();
    expect(userIdOf('-1')).toBeNull();
    expect(userIdOf(undefined)).toBeNull();
  });

  it('reads what the add form passed on: the default password, or that the manager set one', () => {
    expect(createdOf({ createdPassword: 'Welcome1!' })).toEqual({ created: 'Welcome1!', createdWithOwn: false });
    expect(createdOf({ createdPassword: null, createdWithOwn: true })).toEqual({ created: null, createdWithOwn: true });
    expect(createdOf(null)).toEqual({ created: null, createdWithOwn: false });
  });

  it('shows an administrator read-only to a user manager, and to an administrator as it is', () => {
    expect(isReadOnlyFor({ RoleId: 1 }, manager)).toBe(true);
    expect(isReadOnlyFor({ RoleId: 1 }, admin)).toBe(false);
    expect(isReadOnlyFor({ RoleId: 6 }, manager)).toBe(false);
    expect(isReadOnlyFor(null, manager)).toBe(false);
  });
});
