/**
 * The local user of an identity (administration.md §3, §6; decision 038): created from the claims at the first
 * sign-in (just in time), its name, role, permissions, brand and company set from them again at every later one. A
 * disabled or deleted local user stays refused.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  IDENTITY_USER_ID_OFFSET,
  identityUser,
  verifiedEmail,
  type IdentityClaims,
  type IdentityUser,
} from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import {
  companyRolePermissionTemplates,
  franchises,
  permissions,
  roles,
  userApplications,
  userBranches,
  userIdentities,
  userPermissions,
  users,
} from '../../db/schema/index.js';
import { DEFAULT_APPLICATIONS } from '../../db/seed/reference.js';
import { unauthenticated } from '../../http/errors.js';
import { hashPassword } from '../auth/index.js';

/** The username the user gets: the identity's, or, if a local account already has it, the same marked `@sso`. */
async function freeUsername(tx: DbOrTx, wanted: string, userId: number): Promise<string> {
  for (const candidate of [wanted, `${wanted}@sso`, `${wanted}@sso${userId}`]) {
    const [taken] = await tx
      .select({ userId: users.userId })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${candidate.toLowerCase()}`, ne(users.userId, userId)));
    if (!taken) return candidate;
  }
  throw unauthenticated('The username of this account is taken here. Ask your administrator.');
}

/**
 * The user's permissions: the company and role's defaults for the applications the user holds, as a local user is
 * given them, then the identity's own permission entries over them (decision 055). Permissions this application does
 * not know are left out: there is nothing they could allow here.
 */
async function setPermissions(tx: DbOrTx, user: IdentityUser): Promise<void> {
  await tx.delete(userPermissions).where(eq(userPermissions.userId, user.userId));
  const defaults = await tx
    .select({
      permissionId: companyRolePermissionTemplates.permissionId,
      applicationId: companyRolePermissionTemplates.applicationId,
      value: companyRolePermissionTemplates.defaultValue,
    })
    .from(companyRolePermissionTemplates)
    .innerJoin(
      userApplications,
      and(
        eq(userApplications.applicationId, companyRolePermissionTemplates.applicationId),
        eq(userApplications.userId, user.userId),
      ),
    )
    .where(
      and(
        eq(companyRolePermissionTemplates.companyId, user.companyId),
        eq(companyRolePermissionTemplates.roleId, user.roleId),
      ),
    );
  const ids = user.permissions.map((p) => p.permissionId);
  const known =
    ids.length === 0
      ? []
      : await tx
          .select({ permissionId: permissions.permissionId, applicationId: permissions.applicationId })
          .from(permissions)
          .where(inArray(permissions.permissionId, ids));
  const byId = new Map(defaults.map((d) => [d.permissionId, d]));
  for (const k of known) {
    const value = user.permissions.find((p) => p.permissionId === k.permissionId)?.value ?? '';
    byId.set(k.permissionId, { ...k, value });
  }
  const rows = [...byId.values()].map((p) => ({ userId: user.userId, ...p }));
  if (rows.length > 0) await tx.insert(userPermissions).values(rows);
}

/** The user's branches as the claim gives them; branch numbers this application does not know are left out. */
async function setBranches(tx: DbOrTx, userId: number, branches: string[]): Promise<void> {
  await tx.delete(userBranches).where(eq(userBranches.userId, userId));
  if (branches.length === 0) return;
  const known = await tx
    .select({ branchNo: franchises.branchNo })
    .from(franchises)
    .where(inArray(franchises.branchNo, branches));
  if (known.length > 0) await tx.insert(userBranches).values(known.map((k) => ({ userId, branchNo: k.branchNo })));
}

export const LINK_AMBIGUOUS =
  'Your company sign-in’s email belongs to more than one account here, so it cannot be told which is yours. Ask your administrator.';
export const LINK_TAKEN =
  'Your company sign-in’s email belongs to an account here that another company sign-in already uses. Ask your administrator.';

/**
 * Which user the identity signs in as (docs/decisions/068-sign-out-linking-and-the-signed-out-load.md): the one it is
 * linked to; else the one an earlier sign-in made for it (linked now); else the one account of this application whose
 * email is the identity's verified email (linked now: the same person, one account); else none, and a new one is made.
 * An email that names several accounts, or an account another identity is linked to, refuses the sign-in rather than
 * guess or make a second account.
 */
async function linkedUser(
  tx: DbOrTx,
  issuer: string,
  subject: string,
  madeId: number,
  email: string | null,
): Promise<{ userId: number; linkedBy: 'email' | 'created' } | null> {
  const [link] = await tx
    .select({ userId: userIdentities.userId, linkedBy: userIdentities.linkedBy })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  if (link) return { userId: link.userId, linkedBy: link.linkedBy === 'email' ? 'email' : 'created' };
  const [made] = await tx.select({ userId: users.userId }).from(users).where(eq(users.userId, madeId));
  if (made) {
    await tx.insert(userIdentities).values({ issuer, subject, userId: madeId, linkedBy: 'created' });
    return { userId: madeId, linkedBy: 'created' };
  }
  if (!email) return null;
  // Accounts of this application, not ones an identity's first sign-in made.
  const matches = await tx
    .select({ userId: users.userId, linked: userIdentities.subject })
    .from(users)
    .leftJoin(userIdentities, eq(userIdentities.userId, users.userId))
    .where(and(sql`lower(${users.email}) = ${email}`, lt(users.userId, IDENTITY_USER_ID_OFFSET)))
    .limit(2);
  const [match] = matches;
  if (!match) return null;
  if (matches.length > 1) throw unauthenticated(LINK_AMBIGUOUS);
  if (match.linked !== null) throw unauthenticated(LINK_TAKEN);
  await tx.insert(userIdentities).values({ issuer, subject, userId: match.userId, linkedBy: 'email' });
  return { userId: match.userId, linkedBy: 'email' };
}

/**
 * Create or update the user of the claims, in the caller's transaction; answers its id and how it is linked. A user
 * linked by email keeps its username (its own sign-in with the dialog goes on); everything else the claims say is set
 * as for a user the identity's first sign-in made.
 */
export async function upsertIdentityUser(
  tx: DbOrTx,
  issuer: string,
  claims: IdentityClaims,
): Promise<{ userId: number; linkedBy: 'email' | 'created' }> {
  const known = (await tx.select({ roleId: roles.roleId }).from(roles)).map((r) => r.roleId);
  const mapped = identityUser(claims, known);
  if (!mapped.ok) throw unauthenticated(mapped.message);
  const link = await linkedUser(tx, issuer, claims.sub, mapped.user.userId, verifiedEmail(claims));
  const user = { ...mapped.user, userId: link?.userId ?? mapped.user.userId };
  const [existing] = await tx
    .select({ active: users.active })
    .from(users)
    .where(eq(users.userId, user.userId))
    .for('update');
  if (existing && !existing.active) {
    throw unauthenticated('This account has been disabled here. Ask your administrator.');
  }
  const fields = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    roleId: user.roleId,
    brandId: user.brandId,
    companyId: user.companyId,
    ...(user.sqldbid === undefined ? {} : { sqldbid: user.sqldbid }),
    updatedAt: sql`now()`,
  };
  if (existing && link?.linkedBy === 'email') {
    await tx.update(users).set(fields).where(eq(users.userId, user.userId));
  } else if (existing) {
    const username = await freeUsername(tx, user.username, user.userId);
    await tx
      .update(users)
      .set({ ...fields, username })
      .where(eq(users.userId, user.userId));
  } else {
    const username = await freeUsername(tx, user.username, user.userId);
    // No password signs this user in locally: the hash is of a secret nobody is told.
    const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
    await tx.insert(users).values({ userId: user.userId, passwordHash, username, ...fields });
    await tx.insert(userIdentities).values({ issuer, subject: claims.sub, userId: user.userId, linkedBy: 'created' });
    const apps = DEFAULT_APPLICATIONS[`${user.companyId}:${user.roleId}`] ?? [];
    if (apps.length > 0) {
      await tx.insert(userApplications).values(apps.map((applicationId) => ({ userId: user.userId, applicationId })));
    }
  }
  await setPermissions(tx, user);
  if (user.branches !== undefined) await setBranches(tx, user.userId, user.branches);
  return { userId: user.userId, linkedBy: link?.linkedBy ?? 'created' };
}
