/**
 * One grant at a time (§7): a user's permission set or removed, an application added or removed. Each runs in one
 * transaction with the target locked, the rule that a user manager never touches an administrator and gives only
 * what it holds, and its audit row (decision 026); the user's rights, as they are and as the grant leaves them, must
 * be the actor's own (decision 056).
 */
import { and, eq } from 'drizzle-orm';
import type { UserDetail } from '@cc/contract';
import { touchRefusal, type UserAdminActor, type UserRights } from '@cc/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { applications, permissions, userApplications, userPermissions } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { writeAudit } from './audit.js';
import { actorOf, targetOf, userDetail } from './queries.js';
import { checkRights, rightsOfDetail } from './rights.js';
import { refusalError, validationError } from './validate.js';

const check = (refusal: ReturnType<typeof touchRefusal>) => {
  if (refusal) throw refusalError(refusal);
};

/** The target as it is, locked, after the rules that keep a user manager to users with no more rights than its own. */
async function touchable(tx: DbOrTx, actor: UserAdminActor, userId: number): Promise<UserDetail> {
  const target = await targetOf(tx, actor, userId, { lock: true });
  check(touchRefusal(actor, target));
  const before = await userDetail(tx, userId);
  await checkRights(tx, actor, before, null);
  return before;
}

/** The rights a single grant leaves the user with. */
function withGrant(
  before: UserDetail,
  grant: { app?: number; permission?: { id: number; value: string } },
): UserRights {
  const rights = rightsOfDetail(before);
  const { app, permission } = grant;
  return {
    ...rights,
    applications: app === undefined ? rights.applications : [...new Set([...rights.applications, app])],
    permissions: permission
      ? [
          ...rights.permissions.filter((p) => p.permissionId !== permission.id),
          { permissionId: permission.id, value: permission.value },
        ]
      : rights.permissions,
  };
}

export async function setPermission(
  ctx: AppContext,
  user: AuthUser,
  path: { UserId: number; ApplicationId: number; PermissionId: number },
  value: string,
): Promise<void> {
  const actor = actorOf(user);
  await ctx.db.transaction(async (tx) => {
    const target = await touchable(tx, actor, path.UserId);
    const [permission] = await tx
      .select()
      .from(permissions)
      .where(and(eq(permissions.permissionId, path.PermissionId), eq(permissions.applicationId, path.ApplicationId)));
    if (!permission) throw notFound('No such permission of this application.');
    if (value !== permission.values.truevalue && value !== permission.values.falsevalue) {
      throw validationError({ value: `must be ${permission.values.truevalue} or ${permission.values.falsevalue}` });
    }
    const key = and(eq(userPermissions.userId, path.UserId), eq(userPermissions.permissionId, path.PermissionId));
    const [before] = await tx.select().from(userPermissions).where(key);
    await checkRights(tx, actor, target, withGrant(target, { permission: { id: path.PermissionId, value } }));
    await tx
      .insert(userPermissions)
      .values({ userId: path.UserId, applicationId: path.ApplicationId, permissionId: path.PermissionId, value })
      .onConflictDoUpdate({
        target: [userPermissions.userId, userPermissions.permissionId],
        set: { value, applicationId: path.ApplicationId },
      });
    await writeAudit(ctx, tx, user, {
      action: 'grant',
      entity: 'user_permission',
      entityId: `${path.UserId}:${path.PermissionId}`,
      targetUserId: path.UserId,
      before: before ? { value: before.value } : null,
      after: { ApplicationId: path.ApplicationId, PermissionId: path.PermissionId, value },
    });
  });
  ctx.sessionCache.dropUser(path.UserId);
}

/** Delete a user's permissions: one (PermissionId given), or all of them. Answers how many went. */
export async function deletePermissions(
  ctx: AppContext,
  user: AuthUser,
  userId: number,
  only?: { ApplicationId: number; PermissionId: number },
): Promise<number> {
  const actor = actorOf(user);
  const count = await ctx.db.transaction(async (tx) => {
    await touchable(tx, actor, userId);
    const key = only
      ? and(
          eq(userPermissions.userId, userId),
          eq(userPermissions.applicationId, only.ApplicationId),
          eq(userPermissions.permissionId, only.PermissionId),
        )
      : eq(userPermissions.userId, userId);
    const removed = await tx.delete(userPermissions).where(key).returning();
    if (only && removed.length === 0) throw notFound('The user does not have this permission.');
    if (removed.length > 0) {
      await writeAudit(ctx, tx, user, {
        action: 'revoke',
        entity: 'user_permission',
        entityId: only ? `${userId}:${only.PermissionId}` : `${userId}:*`,
        targetUserId: userId,
        before: removed.map((r) => ({ PermissionId: r.permissionId, value: r.value })),
        after: null,
      });
    }
    return removed.length;
  });
  ctx.sessionCache.dropUser(userId);
  return count;
}

export async function addApplication(
  ctx: AppContext,
  user: AuthUser,
  userId: number,
  applicationId: number,
): Promise<void> {
  const actor = actorOf(user);
  await ctx.db.transaction(async (tx) => {
    const target = await touchable(tx, actor, userId);
    const [app] = await tx.select().from(applications).where(eq(applications.applicationId, applicationId));
    if (!app) throw notFound('No such application.');
    const key = and(eq(userApplications.userId, userId), eq(userApplications.applicationId, applicationId));
    const [held] = await tx.select().from(userApplications).where(key);
    if (held) return;
    await checkRights(tx, actor, target, withGrant(target, { app: applicationId }));
    await tx.insert(userApplications).values({ userId, applicationId }).onConflictDoNothing();
    await writeAudit(ctx, tx, user, {
      action: 'grant',
      entity: 'user_application',
      entityId: `${userId}:${applicationId}`,
      targetUserId: userId,
      before: null,
      after: { ApplicationId: applicationId },
    });
  });
  ctx.sessionCache.dropUser(userId);
}

/** Remove an application from a user, and the user's permissions of it. Answers the rows removed. */
export async function deleteApplication(
  ctx: AppContext,
  user: AuthUser,
  userId: number,
  applicationId: number,
): Promise<number> {
  const actor = actorOf(user);
  const count = await ctx.db.transaction(async (tx) => {
    await touchable(tx, actor, userId);
    const removed = await tx
      .delete(userApplications)
      .where(and(eq(userApplications.userId, userId), eq(userApplications.applicationId, applicationId)))
      .returning();
    if (removed.length === 0) throw notFound('The user does not have this application.');
    const perms = await tx
      .delete(userPermissions)
      .where(and(eq(userPermissions.userId, userId), eq(userPermissions.applicationId, applicationId)))
      .returning();
    await writeAudit(ctx, tx, user, {
      action: 'revoke',
      entity: 'user_application',
      entityId: `${userId}:${applicationId}`,
      targetUserId: userId,
      before: {
        ApplicationId: applicationId,
        permissions: perms.map((p) => ({ PermissionId: p.permissionId, value: p.value })),
      },
      after: null,
    });
    return removed.length + perms.length;
  });
  ctx.sessionCache.dropUser(userId);
  return count;
}
