/**
 * Roles, permissions, route guards and company scope (administration.md §5-6, call-handling.md §6).
 * Pure: the server applies these to every request; the web app only uses them to hide what a user
 * may not do.
 */
import { CompanyType, type FranchiseDesignation } from './constants.js';

export const Role = {
  Administrator: 1,
  Supervisor: 2,
  Representative: 3,
  FranchiseUser: 4,
  CallCentreManager: 5,
  UserAdministrator: 6,
  CallCentreLead: 7,
  Measurer: 8,
  LeadsCCManager: 9,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];

/** The manager role the spec names; it arrives as `role:SPG_LeadsCCManager` as well as `role:9`. */
export const LEADS_CC_MANAGER_ROLE_NAME = 'SPG_LeadsCCManager';

/** The permission list of a signed-in user: `role:{n}` and `permission:{id}:{value}` entries. */
export type PermissionList = readonly string[];

export function roleEntry(role: number | string): string {
  return `role:${role}`;
}

export function permissionEntry(permissionId: number, value: string): string {
  return `permission:${permissionId}:${value}`;
}

/** The numeric roles in a permission list. */
export function rolesOf(permissions: PermissionList): number[] {
  const roles: number[] = [];
  for (const entry of permissions) {
    const match = /^role:(\d+)$/.exec(entry);
    if (match?.[1] !== undefined) roles.push(Number(match[1]));
  }
  return roles;
}

export function isAdministrator(permissions: PermissionList): boolean {
  return permissions.includes(roleEntry(Role.Administrator));
}

/** True when the list holds any of the roles. Role 1 passes every role check. */
export function hasAnyRole(permissions: PermissionList, roles: readonly number[]): boolean {
  if (isAdministrator(permissions)) return true;
  return roles.some((role) => permissions.includes(roleEntry(role)));
}

/**
 * True when the list holds the permission with the value (any value when none is given).
 * Role 1 passes every permission check.
 */
export function hasPermission(permissions: PermissionList, permissionId: number, value?: string): boolean {
  if (isAdministrator(permissions)) return true;
  const prefix = `permission:${permissionId}:`;
  return permissions.some(
    (entry) => entry.startsWith(prefix) && (value === undefined || entry.slice(prefix.length) === value),
  );
}

export function isLeadsCCManager(permissions: PermissionList): boolean {
  return (
    permissions.includes(roleEntry(LEADS_CC_MANAGER_ROLE_NAME)) || permissions.includes(roleEntry(Role.LeadsCCManager))
  );
}

/**
 * The permissions of the reference data (administration.md §3 Permission), by id. Each one governs the routes that
 * declare it (route-access.ts: a rule's `permission` gates the call, its `reads` narrows what the call does); a
 * permission no route declares is not offered (decision 055).
 */
export const Permission = {
  /** Price, round-count and discount edits on a call, within the spec's rule (canEditPricing). */
  EditPricing: 1,
  /** Every agent's calls in the call search, not only one's own. */
  AllAgents: 2,
  /** Importing outbound call lists in the utilities. */
  ImportCalls: 3,
  /** Opening a measurement for edit and saving it in MeasureIt. */
  Measure: 4,
  /** Applying a not-measured reason to a selection of MeasureIt's search. */
  ApplyReason: 5,
} as const;
export type PermissionId = (typeof Permission)[keyof typeof Permission];

/** The value of a yes/no permission that grants it (the reference data's `truevalue`). */
export const GRANTED = 'true';

/** Does the list grant the yes/no permission? Role 1 passes every permission check. */
export function isGranted(permissions: PermissionList, permissionId: PermissionId): boolean {
  return hasPermission(permissions, permissionId, GRANTED);
}

/**
 * Price, round-count, call-discount and prepay-discount edits (call-handling.md §5): only company-owned users, role 1
 * or leads call-centre managers, and of those only the ones whose CallCenter.EditPricing is granted — the spec's rule
 * is the ceiling, the permission narrows it per user (decision 055). Role 1 passes every permission check.
 */
export function canEditPricing(subject: { companyId: number; permissions: PermissionList }): boolean {
  if (isAdministrator(subject.permissions)) return true;
  const byRule = subject.companyId === CompanyType.CompanyOwned || isLeadsCCManager(subject.permissions);
  return byRule && isGranted(subject.permissions, Permission.EditPricing);
}

/**
 * Which branches a user may see.
 * - all: corporate administrators;
 * - designation: every franchise of one designation (IND for corporate non-admins, COF for company-owned);
 * - branches: the user's own branches (independent franchise);
 * - general: the general search of external users (every branch; kept apart so it can be narrowed).
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'general' }
  | { kind: 'designation'; designation: FranchiseDesignation }
  | { kind: 'branches'; branches: readonly string[]; designation?: FranchiseDesignation };

/** Does the scope reach every branch (no branch condition at all)? */
export const seesEveryBranch = (scope: Scope): boolean => scope.kind === 'all' || scope.kind === 'general';

export interface ScopeSubject {
  companyId: number;
  permissions: PermissionList;
  branches: readonly string[];
}

export function scopeOf(subject: ScopeSubject): Scope {
  switch (subject.companyId) {
    case CompanyType.Corporate:
      return isAdministrator(subject.permissions) ? { kind: 'all' } : { kind: 'designation', designation: 'IND' };
    case CompanyType.CompanyOwned:
      return { kind: 'designation', designation: 'COF' };
    case CompanyType.IndependentFranchise:
      return { kind: 'branches', branches: [...new Set(subject.branches)] };
    case CompanyType.External:
      return { kind: 'general' };
    default:
      // An unknown company type sees nothing rather than everything.
      return { kind: 'branches', branches: [] };
  }
}

/**
 * The scope of the call-centre utilities (Import CSV, Assign Service Reps, Reassign Callbacks, Franchise Maintenance,
 * Resend Emails) and of the supervisor's floor view, which is not the search scope (decision 065): the spec's search
 * rule puts a corporate non-admin on the independent-franchise search and lists, but the utilities are the corporate
 * call centre's tools for the whole network — they are called with 'COF' (GetSourceList) and the CSRs they hand work
 * to are the corporate ones (allowCorporate). So a corporate user who may open them runs every franchise's lists, of
 * both designations; every other company keeps its own scope (company-owned: COF; independent: its own branches;
 * external: the general scope). Only reached behind the utilities' role guard.
 */
export function utilitiesScopeOf(subject: ScopeSubject): Scope {
  return subject.companyId === CompanyType.Corporate ? { kind: 'all' } : scopeOf(subject);
}

/** The list and search variant a scope uses: general, company-owned (cof) or independent (ind). */
export type ScopeVariant = 'general' | 'cof' | 'ind';

export function variantOf(scope: Scope): ScopeVariant {
  switch (scope.kind) {
    case 'all':
    case 'general':
      return 'general';
    case 'designation':
      return scope.designation === 'COF' ? 'cof' : 'ind';
    case 'branches':
      return 'ind';
  }
}

/** Does a scope include a branch of the given designation? Pure form of the SQL the server applies. */
export function scopeIncludes(scope: Scope, branch: { branchNo: string; designation: FranchiseDesignation }): boolean {
  switch (scope.kind) {
    case 'all':
    case 'general':
      return true;
    case 'designation':
      return branch.designation === scope.designation;
    case 'branches':
      return (
        scope.branches.includes(branch.branchNo) &&
        (scope.designation === undefined || scope.designation === branch.designation)
      );
  }
}

/**
 * Narrow a scope further to the variant of an endpoint (a `…cof…` or `…ind…` call): a company-owned
 * user calling an independent-franchise list gets nothing, never more than their own scope.
 */
export function narrowScope(scope: Scope, variant: ScopeVariant): Scope {
  if (variant === 'general') return scope;
  const designation: FranchiseDesignation = variant === 'cof' ? 'COF' : 'IND';
  switch (scope.kind) {
    case 'all':
    case 'general':
      return { kind: 'designation', designation };
    case 'designation':
      return scope.designation === designation ? scope : { kind: 'branches', branches: [] };
    case 'branches':
      // The user's own branches, and of those only the ones of the endpoint's designation.
      return { ...scope, designation };
  }
}
