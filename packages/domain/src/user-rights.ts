/**
 * What a user may do, as one value that can be compared (docs/decisions/056-user-manager-delegation.md): a user
 * manager may give, and may act on, only a user whose rights are a subset of its own. Rights are what the code
 * derives from a user's row and grants: the route rules its role passes, price edits (company 2, role 1, role 9),
 * the branches its company type and branches reach (`scopeOf`), its applications, its permission values that give
 * something, and the CSR flags that widen what it reaches. Pure: the server compares rights it has just read inside
 * the transaction of the change.
 */
import {
  canEditPricing,
  GRANTED,
  hasAnyRole,
  isAdministrator,
  Permission,
  permissionEntry,
  roleEntry,
  Role,
  scopeOf,
  type PermissionList,
  type Scope,
} from './access.js';
import type { FranchiseDesignation } from './constants.js';
import { ACCESS, App, needsSession, type Access } from './route-access.js';

/** The CSR flags of administration.md §3. */
export interface CsrFlagValues {
  allowCorporate: boolean;
  allowFranchise: boolean;
  isAdmin: boolean;
  allowVerification: boolean;
  measureItToolOnly: boolean;
}

/** The flags that widen what a user reaches when true (assignments and callbacks go to allowCorporate or isAdmin). */
export const WIDENING_FLAGS = ['allowCorporate', 'allowFranchise', 'isAdmin', 'allowVerification'] as const;
/** The flag that narrows when true: off, the user opens every application it was given. */
export const NARROWING_FLAG = 'measureItToolOnly' as const;

/** A user's rights, as read from its row and grants. */
export interface UserRights {
  roleId: number;
  companyId: number;
  branches: readonly string[];
  /** The applications granted (a measureItToolOnly user is given more than it opens; they come back with the flag off). */
  applications: readonly number[];
  permissions: readonly { permissionId: number; value: string }[];
  flags: CsrFlagValues;
}

/** What the comparison needs from the reference tables. */
export interface RightsFacts {
  /** Each permission's falsevalue: a permission at it gives nothing. One not named here is taken to give something. */
  falsevalues: ReadonlyMap<number, string>;
  /** The designation of each branch named; a branch not named here belongs to no designation. */
  designations: ReadonlyMap<string, FranchiseDesignation>;
}

/** The first right one user has and another lacks: its kind, the request field that gives it, and what it is. */
export interface Excess {
  kind: 'administrator' | 'role' | 'pricing' | 'scope' | 'application' | 'permission' | 'flag';
  field: string;
  right: string;
}

/** The permission list a user's rights give it (`role:n` and its permission values), as the access rules read it. */
export function permissionListOf(rights: Pick<UserRights, 'roleId' | 'permissions'>): PermissionList {
  return [roleEntry(rights.roleId), ...rights.permissions.map((p) => permissionEntry(p.permissionId, p.value))];
}

/** The names of the route rules that a role passes by itself (the rules that name roles; role 1 passes them all). */
export function roleRules(roleId: number): string[] {
  const rules = Object.entries(ACCESS) as [string, Access][];
  return rules
    .filter(([, rule]) => needsSession(rule) && rule.roles !== undefined && hasAnyRole([roleEntry(roleId)], rule.roles))
    .map(([name]) => name);
}

/** Does scope `inner` reach no branch that `outer` does not? `designations` tells the designation of named branches. */
export function scopeWithin(
  inner: Scope,
  outer: Scope,
  designations: ReadonlyMap<string, FranchiseDesignation>,
): boolean {
  switch (outer.kind) {
    case 'all':
      return true;
    case 'general':
      // The general search reaches every branch of either designation; only 'all' is more.
      return inner.kind !== 'all';
    case 'designation':
      if (inner.kind === 'designation') return inner.designation === outer.designation;
      if (inner.kind === 'branches') return inner.branches.every((b) => designations.get(b) === outer.designation);
      return false;
    case 'branches':
      return (
        inner.kind === 'branches' &&
        inner.branches.every(
          (b) =>
            outer.branches.includes(b) &&
            (outer.designation === undefined || designations.get(b) === outer.designation),
        )
      );
  }
}

const scopeOfRights = (rights: UserRights): Scope =>
  scopeOf({ companyId: rights.companyId, permissions: permissionListOf(rights), branches: rights.branches });

/** The applications a user opens: a measureItToolOnly user only MeasureIt, whatever else it was given. */
const opens = (rights: UserRights) =>
  rights.flags.measureItToolOnly ? rights.applications.filter((a) => a === App.MeasureIt) : rights.applications;

/**
 * The first right `other` has that `own` lacks, or null when `other`'s rights are a subset of `own`'s. Role 1 has
 * every right. The order is the order the form is read in: role, company, branches, grants, flags.
 */
export function rightsExcess(own: UserRights, other: UserRights, facts: RightsFacts): Excess | null {
  if (own.roleId === Role.Administrator) return null;
  const otherPermissions = permissionListOf(other);
  if (isAdministrator(otherPermissions)) return { kind: 'administrator', field: 'RoleId', right: 'role 1' };
  const ownRules = roleRules(own.roleId);
  const missing = roleRules(other.roleId).filter((r) => !ownRules.includes(r));
  if (missing.length > 0) {
    return { kind: 'role', field: 'RoleId', right: `the calls of role ${other.roleId} (${missing.join('; ')})` };
  }
  const ownPermissions = permissionListOf(own);
  if (
    canEditPricing({ companyId: other.companyId, permissions: otherPermissions }) &&
    !canEditPricing({ companyId: own.companyId, permissions: ownPermissions })
  ) {
    const byRole = canEditPricing({ companyId: 0, permissions: otherPermissions });
    return { kind: 'pricing', field: byRole ? 'RoleId' : 'CompanyId', right: 'price edits' };
  }
  const otherScope = scopeOfRights(other);
  if (!scopeWithin(otherScope, scopeOfRights(own), facts.designations)) {
    const field = otherScope.kind === 'branches' && other.companyId === own.companyId ? 'Branches' : 'CompanyId';
    return { kind: 'scope', field, right: 'customers beyond your own reach' };
  }
  const ownApps = opens(own);
  const app = other.applications.find((a) => !ownApps.includes(a));
  if (app !== undefined) return { kind: 'application', field: 'Applications', right: `application ${app}` };
  const permission = other.permissions.find(
    (p) =>
      p.value !== facts.falsevalues.get(p.permissionId) &&
      !own.permissions.some((q) => q.permissionId === p.permissionId && q.value === p.value),
  );
  if (permission) {
    return {
      kind: 'permission',
      field: 'permissions',
      right: `permission ${permission.permissionId} = ${permission.value}`,
    };
  }
  const flag = WIDENING_FLAGS.find((f) => other.flags[f] && !own.flags[f]);
  if (flag) return { kind: 'flag', field: flag, right: flag };
  if (!other.flags[NARROWING_FLAG] && own.flags[NARROWING_FLAG]) {
    return { kind: 'flag', field: NARROWING_FLAG, right: 'more than MeasureIt' };
  }
  return null;
}

/** A flag a user turns on for itself that widens its reach (or measureItToolOnly turned off), or null. */
export function selfWidening(before: CsrFlagValues, after: CsrFlagValues): string | null {
  const flag = WIDENING_FLAGS.find((f) => after[f] && !before[f]);
  if (flag) return flag;
  return before[NARROWING_FLAG] && !after[NARROWING_FLAG] ? NARROWING_FLAG : null;
}

const NO_FLAGS: CsrFlagValues = {
  allowCorporate: false,
  allowFranchise: false,
  isAdmin: false,
  allowVerification: false,
  measureItToolOnly: false,
};

/**
 * What a company and a role give by themselves (route rules, price edits, reach) that the actor lacks: the user form
 * offers neither a role nor a company that would give more. The server compares the whole form (`rightsRefusal`).
 */
export function offerExcess(
  actor: { roleId: number; companyId: number; branches: readonly string[] },
  companyId: number,
  roleId: number,
): Excess | null {
  // Both sides with CallCenter.EditPricing granted: a role or company that allows price edits is not offered to a
  // manager whose own role and company do not, since the templates grant the permission with it (decision 055).
  const bare = {
    applications: [],
    permissions: [{ permissionId: Permission.EditPricing, value: GRANTED }],
    flags: NO_FLAGS,
  };
  const own = { ...bare, roleId: actor.roleId, companyId: actor.companyId, branches: actor.branches };
  const other = { ...bare, roleId, companyId, branches: [] };
  return rightsExcess(own, other, { falsevalues: new Map(), designations: new Map() });
}
