/**
 * The local user of an identity (administration.md §3, §6; decision 038): created from the claims at the first
 * sign-in (just in time), its name, role, permissions, brand and company set from them again at every later one. A
 * disabled or deleted local user stays refused.
 */
import crypto from 'node:crypto';
import { eq, inArray, ne, sql, and } from 'drizzle-orm';
import { identityUser, type IdentityClaims, type IdentityUser } from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import {
  companyRolePermissionTemplates,
  franchises,
  permissions,
  roles,
  userApplications,
  userBranches,
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

/** Create or update the user of the claims, in the caller's transaction; answers its id. */
export async function upsertIdentityUser(tx: DbOrTx, claims: IdentityClaims): Promise<number> {
  const known = (await tx.select({ roleId: roles.roleId }).from(roles)).map((r) => r.roleId);
  const mapped = identityUser(claims, known);
  if (!mapped.ok) throw unauthenticated(mapped.message);
  const user = mapped.user;
  const [existing] = await tx
    .select({ active: users.active })
    .from(users)
    .where(eq(users.userId, user.userId))
    .for('update');
  if (existing && !existing.active) {
    throw unauthenticated('This account has been disabled here. Ask your administrator.');
  }
  const username = await freeUsername(tx, user.username, user.userId);
  const fields = {
    username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    roleId: user.roleId,
    brandId: user.brandId,
    companyId: user.companyId,
    ...(user.sqldbid === undefined ? {} : { sqldbid: user.sqldbid }),
    updatedAt: sql`now()`,
  };
  if (existing) {
    await tx.update(users).set(fields).where(eq(users.userId, user.userId));
  } else {
    // No password signs this user in locally: the hash is of a secret nobody is told.
    const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
    await tx.insert(users).values({ userId: user.userId, passwordHash, ...fields });
    const apps = DEFAULT_APPLICATIONS[`${user.companyId}:${user.roleId}`] ?? [];
    if (apps.length > 0) {
      await tx.insert(userApplications).values(apps.map((applicationId) => ({ userId: user.userId, applicationId })));
    }
  }
  await setPermissions(tx, user);
  if (user.branches !== undefined) await setBranches(tx, user.userId, user.branches);
  return user.userId;
}
