import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LEADS_CC_MANAGER_ROLE_NAME,
  Role,
  canEditPricing,
  hasAnyRole,
  hasPermission,
  isAdministrator,
  isLeadsCCManager,
  narrowScope,
  permissionEntry,
  roleEntry,
  rolesOf,
  scopeIncludes,
  scopeOf,
  utilitiesScopeOf,
  variantOf,
  type PermissionList,
  type Scope,
  type ScopeVariant,
} from './access.js';
import { CompanyType } from './constants.js';

const ALL_ROLES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const withRole = (role: number, ...extra: string[]): PermissionList => [roleEntry(role), ...extra];

describe('permission list entries', () => {
  it.each([
    [1, 'role:1'],
    [9, 'role:9'],
    [LEADS_CC_MANAGER_ROLE_NAME, 'role:SPG_LeadsCCManager'],
  ])('roleEntry(%s) is %s', (role, entry) => {
    expect(roleEntry(role)).toBe(entry);
  });

  it('permissionEntry joins id and value', () => {
    expect(permissionEntry(4, 'true')).toBe('permission:4:true');
  });
});

describe('rolesOf', () => {
  it.each<[string, PermissionList, number[]]>([
    ['empty list', [], []],
    ['one role', ['role:3'], [3]],
    ['several roles, in order', ['role:2', 'permission:1:true', 'role:7'], [2, 7]],
    ['named role is not numeric', ['role:SPG_LeadsCCManager', 'role:9'], [9]],
    ['permission entries only', ['permission:1:true', 'permission:2:false'], []],
    ['malformed entries', ['role:', 'role:1a', 'xrole:1', 'role:1 ', 'ROLE:1', 'role:-1'], []],
    ['multi-digit role', ['role:12'], [12]],
  ])('%s', (_name, permissions, roles) => {
    expect(rolesOf(permissions)).toEqual(roles);
  });
});

describe('isAdministrator', () => {
  it.each<[PermissionList, boolean]>([
    [['role:1'], true],
    [['role:2', 'role:1'], true],
    [['role:11'], false],
    [['role:10'], false],
    [['permission:1:1'], false],
    [[], false],
  ])('%j → %s', (permissions, expected) => {
    expect(isAdministrator(permissions)).toBe(expected);
  });
});

describe('hasAnyRole', () => {
  it.each<[string, PermissionList, number[], boolean]>([
    ['holds the role', withRole(2), [2, 5], true],
    ['holds another of the roles', withRole(5), [2, 5], true],
    ['holds none of the roles', withRole(3), [2, 5], false],
    ['no roles asked', withRole(3), [], false],
    ['empty permission list', [], [2], false],
    ['role 12 is not role 1 or 2', withRole(12), [1, 2], false],
    ['a permission entry is not a role', ['permission:2:true'], [2], false],
    ['administrator passes any role check', withRole(1), [2, 5, 6, 7], true],
    ['administrator passes even an empty check', withRole(1), [], true],
  ])('%s', (_name, permissions, roles, expected) => {
    expect(hasAnyRole(permissions, roles)).toBe(expected);
  });
});

describe('hasPermission', () => {
  const list = withRole(3, 'permission:1:true', 'permission:4:false', 'permission:12:true');
  it.each<[string, PermissionList, number, string | undefined, boolean]>([
    ['holds it, any value', list, 1, undefined, true],
    ['holds it with the value', list, 1, 'true', true],
    ['holds it with another value', list, 4, 'true', false],
    ['holds it with the false value', list, 4, 'false', true],
    ['does not hold it', list, 2, undefined, false],
    ['id 1 is not a prefix of id 12', withRole(3, 'permission:12:true'), 1, undefined, false],
    ['value must match whole', withRole(3, 'permission:1:true'), 1, 'tru', false],
    ['empty list', [], 1, undefined, false],
    ['administrator passes any permission', withRole(1), 99, undefined, true],
    ['administrator passes any value', withRole(1, 'permission:1:false'), 1, 'true', true],
  ])('%s', (_name, permissions, id, value, expected) => {
    expect(hasPermission(permissions, id, value)).toBe(expected);
  });
});

describe('isLeadsCCManager', () => {
  it.each<[PermissionList, boolean]>([
    [['role:SPG_LeadsCCManager'], true],
    [['role:9'], true],
    [['role:9', 'role:SPG_LeadsCCManager'], true],
    [['role:1'], false],
    [['role:5'], false],
    [['SPG_LeadsCCManager'], false],
    [['role:spg_leadsccmanager'], false],
    [[], false],
  ])('%j → %s', (permissions, expected) => {
    expect(isLeadsCCManager(permissions)).toBe(expected);
  });
});

describe('canEditPricing', () => {
  const EDIT = 'permission:1:true';
  it.each<[string, number, PermissionList, boolean]>([
    ['company-owned user granted CallCenter.EditPricing', CompanyType.CompanyOwned, withRole(3, EDIT), true],
    ['company-owned measurer granted it', CompanyType.CompanyOwned, withRole(8, EDIT), true],
    ['company-owned user without it', CompanyType.CompanyOwned, withRole(3), false],
    ['company-owned user whose value is false', CompanyType.CompanyOwned, withRole(3, 'permission:1:false'), false],
    ['corporate administrator, without it', CompanyType.Corporate, withRole(1), true],
    ['administrator of another company type', CompanyType.External, withRole(1), true],
    ['leads manager by role number, granted it', CompanyType.Corporate, withRole(9, EDIT), true],
    ['leads manager by role name, granted it', CompanyType.Corporate, ['role:SPG_LeadsCCManager', EDIT], true],
    ['leads manager without it', CompanyType.Corporate, withRole(9, 'permission:1:false'), false],
    ['corporate CSR', CompanyType.Corporate, withRole(3), false],
    ['corporate supervisor', CompanyType.Corporate, withRole(2), false],
    ['independent franchise user', CompanyType.IndependentFranchise, withRole(4), false],
    ['external CSR', CompanyType.External, withRole(3), false],
    ['an edit-pricing permission alone is not enough', CompanyType.Corporate, withRole(3, EDIT), false],
    ['nor outside the rule for a franchise user', CompanyType.IndependentFranchise, withRole(4, EDIT), false],
  ])('%s → %s', (_name, companyId, permissions, expected) => {
    expect(canEditPricing({ companyId, permissions })).toBe(expected);
  });
});

describe('scopeOf', () => {
  it.each<[string, number, PermissionList, string[], Scope]>([
    ['corporate administrator sees all', 1, withRole(1), [], { kind: 'all' }],
    ['corporate administrator with branches still sees all', 1, withRole(1), ['SG101'], { kind: 'all' }],
    ['corporate CSR uses the IND designation', 1, withRole(3), [], { kind: 'designation', designation: 'IND' }],
    ['corporate supervisor uses the IND designation', 1, withRole(2), [], { kind: 'designation', designation: 'IND' }],
    [
      'corporate leads manager uses the IND designation',
      1,
      withRole(9),
      [],
      { kind: 'designation', designation: 'IND' },
    ],
    ['company-owned uses COF', 2, withRole(3), [], { kind: 'designation', designation: 'COF' }],
    ['company-owned administrator still uses COF', 2, withRole(1), [], { kind: 'designation', designation: 'COF' }],
    [
      'independent franchise sees its branches',
      3,
      withRole(4),
      ['SG101', 'SG102'],
      { kind: 'branches', branches: ['SG101', 'SG102'] },
    ],
    [
      'independent franchise, branches deduplicated',
      3,
      withRole(4),
      ['SG101', 'SG101'],
      { kind: 'branches', branches: ['SG101'] },
    ],
    ['independent franchise without branches sees none', 3, withRole(4), [], { kind: 'branches', branches: [] }],
    [
      'independent franchise administrator is still limited',
      3,
      withRole(1),
      ['SG101'],
      { kind: 'branches', branches: ['SG101'] },
    ],
    ['external uses the general scope', 4, withRole(3), [], { kind: 'general' }],
    ['unknown company type 0 sees nothing', 0, withRole(1), ['SG101'], { kind: 'branches', branches: [] }],
    ['unknown company type 5 sees nothing', 5, withRole(3), [], { kind: 'branches', branches: [] }],
    ['unknown company type -1 sees nothing', -1, withRole(1), [], { kind: 'branches', branches: [] }],
  ])('%s', (_name, companyId, permissions, branches, expected) => {
    expect(scopeOf({ companyId, permissions, branches })).toEqual(expected);
  });

  it('does not share the caller’s branch array', () => {
    const branches = ['SG101'];
    const scope = scopeOf({ companyId: 3, permissions: withRole(4), branches });
    branches.push('SG999');
    expect(scope).toEqual({ kind: 'branches', branches: ['SG101'] });
  });

  it('property: a company-3 user never gets a branch of another franchise', () => {
    const branchNo = fc.stringMatching(/^[A-Z]{2}\d{3}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(branchNo, { minLength: 0, maxLength: 8 }),
        fc.uniqueArray(branchNo, { minLength: 1, maxLength: 8 }),
        fc.subarray([...ALL_ROLES]),
        fc.constantFrom<'IND' | 'COF'>('IND', 'COF'),
        (own, others, roles, designation) => {
          const foreign = others.filter((b) => !own.includes(b));
          const scope = scopeOf({ companyId: 3, permissions: roles.map((r) => roleEntry(r)), branches: own });
          for (const b of own) expect(scopeIncludes(scope, { branchNo: b, designation })).toBe(true);
          for (const b of foreign) expect(scopeIncludes(scope, { branchNo: b, designation })).toBe(false);
          // Narrowing to any endpoint variant never widens it.
          for (const variant of ['general', 'cof', 'ind'] as const) {
            const narrowed = narrowScope(scope, variant);
            for (const b of foreign) expect(scopeIncludes(narrowed, { branchNo: b, designation })).toBe(false);
          }
        },
      ),
    );
  });
});

describe('utilitiesScopeOf', () => {
  it.each<[string, number, PermissionList, string[], Scope]>([
    ['corporate supervisor runs every franchise', 1, withRole(2), [], { kind: 'all' }],
    ['corporate call-centre manager runs every franchise', 1, withRole(5), [], { kind: 'all' }],
    ['corporate administrator sees all as before', 1, withRole(1), [], { kind: 'all' }],
    ['company-owned supervisor keeps COF', 2, withRole(2), [], { kind: 'designation', designation: 'COF' }],
    [
      'independent-franchise supervisor keeps its own branches',
      3,
      withRole(2),
      ['SG101', 'SG102'],
      { kind: 'branches', branches: ['SG101', 'SG102'] },
    ],
    ['external keeps the general scope', 4, withRole(2), [], { kind: 'general' }],
    ['unknown company type sees nothing', 0, withRole(2), ['SG101'], { kind: 'branches', branches: [] }],
  ])('%s', (_name, companyId, permissions, branches, expected) => {
    expect(utilitiesScopeOf({ companyId, permissions, branches })).toEqual(expected);
  });

  it('property: outside Corporate it is the search scope, so a franchise user never reaches another branch', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 6 }).filter((c) => c !== CompanyType.Corporate),
        fc.subarray([...ALL_ROLES]),
        fc.uniqueArray(fc.stringMatching(/^[A-Z]{2}\d{3}$/), { maxLength: 5 }),
        (companyId, roles, branches) => {
          const subject = { companyId, permissions: roles.map((r) => roleEntry(r)), branches };
          expect(utilitiesScopeOf(subject)).toEqual(scopeOf(subject));
        },
      ),
    );
  });
});

describe('variantOf', () => {
  it.each<[Scope, ScopeVariant]>([
    [{ kind: 'all' }, 'general'],
    [{ kind: 'general' }, 'general'],
    [{ kind: 'designation', designation: 'COF' }, 'cof'],
    [{ kind: 'designation', designation: 'IND' }, 'ind'],
    [{ kind: 'branches', branches: ['SG101'] }, 'ind'],
    [{ kind: 'branches', branches: [] }, 'ind'],
  ])('%j → %s', (scope, variant) => {
    expect(variantOf(scope)).toBe(variant);
  });
});

describe('scopeIncludes', () => {
  const ind = { branchNo: 'SG101', designation: 'IND' } as const;
  const cof = { branchNo: 'SLI010', designation: 'COF' } as const;
  it.each<[string, Scope, { branchNo: string; designation: 'IND' | 'COF' }, boolean]>([
    ['all includes IND', { kind: 'all' }, ind, true],
    ['all includes COF', { kind: 'all' }, cof, true],
    ['general includes IND', { kind: 'general' }, ind, true],
    ['general includes COF', { kind: 'general' }, cof, true],
    ['IND designation includes IND', { kind: 'designation', designation: 'IND' }, ind, true],
    ['IND designation excludes COF', { kind: 'designation', designation: 'IND' }, cof, false],
    ['COF designation includes COF', { kind: 'designation', designation: 'COF' }, cof, true],
    ['COF designation excludes IND', { kind: 'designation', designation: 'COF' }, ind, false],
    ['own branch', { kind: 'branches', branches: ['SG101', 'SG102'] }, ind, true],
    ['other branch', { kind: 'branches', branches: ['SG102'] }, ind, false],
    ['no branches', { kind: 'branches', branches: [] }, ind, false],
    ['own branch of the wrong designation', { kind: 'branches', branches: ['SG101'], designation: 'COF' }, ind, false],
    ['own branch of the right designation', { kind: 'branches', branches: ['SG101'], designation: 'IND' }, ind, true],
    ['branch numbers match exactly', { kind: 'branches', branches: ['sg101', 'SG1011'] }, ind, false],
  ])('%s → %s', (_name, scope, branch, expected) => {
    expect(scopeIncludes(scope, branch)).toBe(expected);
  });
});

describe('narrowScope', () => {
  const all: Scope = { kind: 'all' };
  const general: Scope = { kind: 'general' };
  const IND: Scope = { kind: 'designation', designation: 'IND' };
  const COF: Scope = { kind: 'designation', designation: 'COF' };
  const own: Scope = { kind: 'branches', branches: ['SG101'] };
  const none: Scope = { kind: 'branches', branches: [] };

  it.each<[string, Scope, ScopeVariant, Scope]>([
    ['all, general endpoint', all, 'general', all],
    ['all, cof endpoint', all, 'cof', COF],
    ['all, ind endpoint', all, 'ind', IND],
    ['general, general endpoint', general, 'general', general],
    ['general, cof endpoint', general, 'cof', COF],
    ['general, ind endpoint', general, 'ind', IND],
    ['IND, ind endpoint', IND, 'ind', IND],
    ['IND, cof endpoint gets nothing', IND, 'cof', none],
    ['COF, cof endpoint', COF, 'cof', COF],
    ['COF, ind endpoint gets nothing', COF, 'ind', none],
    ['IND, general endpoint', IND, 'general', IND],
    ['own branches, only the IND ones (ind)', own, 'ind', { ...own, designation: 'IND' }],
    ['own branches, only the COF ones (cof)', own, 'cof', { ...own, designation: 'COF' }],
    ['own branches stay own branches (general)', own, 'general', own],
  ])('%s', (_name, scope, variant, expected) => {
    expect(narrowScope(scope, variant)).toEqual(expected);
  });

  it('property: a narrowed scope never includes a branch the scope did not', () => {
    const scopeArb: fc.Arbitrary<Scope> = fc.oneof(
      fc.constant<Scope>(all),
      fc.constant<Scope>(general),
      fc.constantFrom<'IND' | 'COF'>('IND', 'COF').map((designation): Scope => ({ kind: 'designation', designation })),
      fc
        .uniqueArray(fc.constantFrom('SG101', 'SG102', 'SLI010', 'PB171'))
        .map((branches): Scope => ({ kind: 'branches', branches })),
    );
    fc.assert(
      fc.property(
        scopeArb,
        fc.constantFrom<ScopeVariant>('general', 'cof', 'ind'),
        fc.constantFrom('SG101', 'SG102', 'SLI010', 'PB171', 'SG999'),
        fc.constantFrom<'IND' | 'COF'>('IND', 'COF'),
        (scope, variant, branchNo, designation) => {
          const branch = { branchNo, designation };
          // The narrowed scope includes the branch only if the scope does.
          expect(!scopeIncludes(narrowScope(scope, variant), branch) || scopeIncludes(scope, branch)).toBe(true);
        },
      ),
    );
  });
});

describe('Role ids', () => {
  it('match the numeric roles of the spec', () => {
    expect(Role).toMatchObject({ Administrator: 1, UserAdministrator: 6, LeadsCCManager: 9 });
    expect([Role.Supervisor, Role.CallCentreManager, Role.UserAdministrator, Role.CallCentreLead]).toEqual([
      2, 5, 6, 7,
    ]);
  });
});
