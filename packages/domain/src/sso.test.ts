import { describe, expect, it } from 'vitest';
import { brandFromClaim, identityUser, permissionsFromEntries, rolesFromEntries, safeTarget } from './sso.js';

const KNOWN = [1, 2, 3, 4, 5, 6, 7, 8, 9];

describe('an identity as a user', () => {
  it('takes the id plus 1,000,000, the lowest known role, the permissions and the brand', () => {
    const mapped = identityUser(
      {
        sub: '42',
        preferred_username: 'casey',
        given_name: 'Casey',
        family_name: 'Corbin',
        brandid: '3',
        permission: ['role:3', 'role:2', 'role:77', 'permission:12:true', 'permission:12:false', 'other'],
        companyid: '1',
      },
      KNOWN,
    );
    expect(mapped).toEqual({
      ok: true,
      user: {
        userId: 1_000_042,
        username: 'casey',
        firstName: 'Casey',
        lastName: 'Corbin',
        email: '',
        roleId: 2,
        brandId: 2,
        companyId: 1,
        permissions: [{ permissionId: 12, value: 'false' }],
        sqldbid: undefined,
        branches: undefined,
      },
    });
  });

  it('refuses an identity without a known role, a username or a numeric id', () => {
    expect(identityUser({ sub: '1', preferred_username: 'x', permission: ['role:99'] }, KNOWN).ok).toBe(false);
    expect(identityUser({ sub: '1', permission: 'role:1' }, KNOWN).ok).toBe(false);
    expect(identityUser({ sub: 'abc', preferred_username: 'x', permission: 'role:1' }, KNOWN).ok).toBe(false);
  });

  it('reads the franchise and branches when they are sent', () => {
    const mapped = identityUser(
      { sub: '3', preferred_username: 'r', permission: 'role:4', sqldbid: '18001', branches: ['SG101', 'bad one'] },
      KNOWN,
    );
    expect(mapped.ok && mapped.user).toMatchObject({ sqldbid: 18001, branches: ['SG101'] });
  });

  it('reads a single string entry and defaults the company to independent franchise', () => {
    const mapped = identityUser({ sub: '7', name: 'Riley Franks', permission: 'role:4' }, KNOWN);
    expect(mapped.ok && mapped.user).toMatchObject({ username: 'Riley Franks', firstName: 'Riley', companyId: 3 });
  });

  it('maps brandid 1 and 2 to brand 1 (sg), 3 to brand 2 (pb), anything else to none', () => {
    expect([1, '1', '2', '3', 3, '4', undefined, 'x'].map(brandFromClaim)).toEqual([1, 1, 1, 2, 2, null, null, null]);
  });

  it('reads role and permission entries', () => {
    expect(rolesFromEntries(['role:5', ' role:1 ', 'role:SPG_LeadsCCManager'])).toEqual([1, 5]);
    expect(permissionsFromEntries(['permission:3:yes', 'permission:x:1'])).toEqual([{ permissionId: 3, value: 'yes' }]);
  });
});

describe('the target after signing in', () => {
  it('keeps a path of this application and nothing else', () => {
    expect(safeTarget('/current-call/inbound?sqldbid=1')).toBe('/current-call/inbound?sqldbid=1');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', 'x', 5, '/a\nb']) {
      expect(safeTarget(bad)).toBe('/dashboard');
    }
  });
});
