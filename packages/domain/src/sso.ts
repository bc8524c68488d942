/**
 * How an identity from the identity server becomes a user of this application (administration.md §3, §6; decision
 * 038). Pure: the API reads the claims, this says what they mean.
 */
import { CompanyType, IDENTITY_USER_ID_OFFSET } from './constants.js';

/** The routes whose unauthenticated visit goes to the identity-server login, the target kept (§2). */
export const SSO_TARGET_SCREENS = ['portalsignin', 'currentCall', 'editMeasureIt'] as const;

/** The claims of an identity, as the ID token and GET /connect/userinfo give them. */
export interface IdentityClaims {
  sub: string;
  preferred_username?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  email?: unknown;
  /** True when the identity server has verified that the email is the person's (OpenID Connect Core §5.1). */
  email_verified?: unknown;
  /** Lower case (§2): 1 or 2 give theme sg, 3 gives pb. */
  brandid?: unknown;
  /** 'role:{n}' and 'permission:{id}:{value}' entries (§6); a single string when there is only one. */
  permission?: unknown;
  role?: unknown;
  /** Optional: the company type (1 to 4) of the account; unset, independent franchise (as at sign-up). */
  companyid?: unknown;
  /** Optional: the franchise (SQLDBID) and the branch numbers of the account; unset, left as they are here. */
  sqldbid?: unknown;
  branches?: unknown;
}

export interface IdentityUser {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  roleId: number;
  brandId: number | null;
  companyId: number;
  permissions: { permissionId: number; value: string }[];
  /** Undefined: the claim was not sent, and what an administrator set stays. */
  sqldbid: number | null | undefined;
  branches: string[] | undefined;
}

export type IdentityMapping = { ok: true; user: IdentityUser } | { ok: false; message: string };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

/**
 * The user's brand from the brandid claim: 1 or 2 (theme sg) is brand 1, 3 (theme pb) is brand 2 — the brand whose
 * theme the header then shows — and anything else no brand (the corporate logo and the default theme).
 */
export function brandFromClaim(claim: unknown): number | null {
  const value = typeof claim === 'number' ? String(claim) : text(claim);
  if (value === '1' || value === '2') return 1;
  if (value === '3') return 2;
  return null;
}

/** The numeric roles of the entries; the user's role is the lowest known one (role 1, the administrator, first). */
export function rolesFromEntries(entries: readonly string[]): number[] {
  const roles = new Set<number>();
  for (const entry of entries) {
    const match = /^role:(\d{1,6})$/.exec(entry.trim());
    if (match?.[1] !== undefined) roles.add(Number(match[1]));
  }
  return [...roles].sort((a, b) => a - b);
}

/** The 'permission:{id}:{value}' entries; a later entry for the same id wins. */
export function permissionsFromEntries(entries: readonly string[]): { permissionId: number; value: string }[] {
  const byId = new Map<number, string>();
  for (const entry of entries) {
    const match = /^permission:(\d{1,9}):(.{1,100})$/.exec(entry.trim());
    if (match?.[1] !== undefined && match[2] !== undefined) byId.set(Number(match[1]), match[2]);
  }
  return [...byId].map(([permissionId, value]) => ({ permissionId, value }));
}

const wholeNumber = (value: unknown): number | null => {
  const n = Number(typeof value === 'number' ? value : text(value));
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
};

/**
 * The user an identity stands for, or why it cannot sign in: the subject must be a whole number (the user id is it
 * plus 1,000,000), a username must be given, and at least one of `knownRoles` must be among the role entries.
 */
export function identityUser(claims: IdentityClaims, knownRoles: readonly number[]): IdentityMapping {
  if (!/^\d{1,9}$/.test(claims.sub)) {
    return { ok: false, message: 'The identity server sent an account id this application cannot use.' };
  }
  const username = text(claims.preferred_username) || text(claims.name);
  if (!username) return { ok: false, message: 'The identity server sent no username for this account.' };
  const entries = [...list(claims.permission), ...list(claims.role)];
  const roleId = rolesFromEntries(entries).find((role) => knownRoles.includes(role));
  if (roleId === undefined) {
    return { ok: false, message: 'The identity server gave this account no role of this application.' };
  }
  const company = Number(typeof claims.companyid === 'number' ? claims.companyid : text(claims.companyid));
  const companyId = [1, 2, 3, 4].includes(company) ? company : CompanyType.IndependentFranchise;
  const [first = '', ...rest] = text(claims.name).split(/\s+/);
  return {
    ok: true,
    user: {
      userId: Number(claims.sub) + IDENTITY_USER_ID_OFFSET,
      username: username.slice(0, 100),
      firstName: (text(claims.given_name) || first || username).slice(0, 100),
      lastName: (text(claims.family_name) || rest.join(' ')).slice(0, 100),
      email: text(claims.email).slice(0, 254),
      roleId,
      brandId: brandFromClaim(claims.brandid),
      companyId,
      permissions: permissionsFromEntries(entries),
      sqldbid: claims.sqldbid === undefined ? undefined : wholeNumber(claims.sqldbid),
      branches:
        claims.branches === undefined ? undefined : list(claims.branches).filter((b) => /^[A-Za-z0-9]{1,20}$/.test(b)),
    },
  };
}

/** Any character below a space (a line break, a tab, a NUL). */
const hasControl = (value: string) => [...value].some((c) => c.charCodeAt(0) < 32);

/**
 * A target to return to after signing in: a path of this application (with its query), never another site. Anything
 * else is the dashboard.
 */
export function safeTarget(target: unknown): string {
  if (typeof target !== 'string' || target.length > 2000) return '/dashboard';
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\') || hasControl(target)) {
    return '/dashboard';
  }
  return target;
}

/**
 * The email an identity may be linked to a user of this application by (decision 068): the `email` claim, only when
 * `email_verified` is true (boolean, or the string some servers send); otherwise null, and nothing is linked by it.
 */
export function verifiedEmail(claims: Pick<IdentityClaims, 'email' | 'email_verified'>): string | null {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const email = text(claims.email).toLowerCase();
  return verified && /^[^@\s]+@[^@\s]+$/.test(email) ? email : null;
}
