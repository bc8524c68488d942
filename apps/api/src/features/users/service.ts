/**
 * The writes of user administration (decision 026). Each runs in one transaction that
 * reads what the rules need (the target locked, the active administrators counted under lock), applies the rules of
 * @cc/domain, writes, and writes its audit row; a refusal throws before or inside it, so nothing is kept.
 *
 * What a change grants takes effect on the user's next request: every request loads the user's role, company,
 * branches, applications and permissions afresh from these tables (http/auth.ts), nothing is cached.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import type { UserCreateResponse, UserDetail } from '@cc/contract';
import { DEFAULT_PASSWORD, deleteRefusal, saveRefusal, touchRefusal } from '@cc/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { sessions, userApplications, userBranches, userPermissions, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { endSession, hashPassword } from '../auth/index.js';
import { writeAudit } from './audit.js';
import { activeAdministrators, actorOf, targetOf, userDetail } from './queries.js';
import { checkRights, rightsOfInput } from './rights.js';
import {
  checkUserInput,
  passwordErrors,
  refusalError,
  validationError,
  type CreateInput,
  type UserInput,
} from './validate.js';

/** Why the pending change may not be cleared (decision 078): the default password is known to everyone. */
export const DEFAULT_PASSWORD_KEEPS_CHANGE = {
  create: 'A user given the default password must change it at the first sign-in: type a password to turn this off.',
  update: 'The user still has the default password: the change stays required until a password is set.',
};

const check = (refusal: ReturnType<typeof touchRefusal>) => {
  if (refusal) throw refusalError(refusal);
};

/** What the audit log keeps of a user: its fields, and its grants as ids and values. */
function auditView(detail: UserDetail) {
  return {
    ...detail,
    Applications: detail.Applications.map((a) => a.ApplicationId),
    permissions: detail.permissions.map((p) => ({ PermissionId: p.PermissionId, value: p.value })),
  };
}

/** Write a user's branches, and its applications and permissions when the form gives them (replacing them). */
async function writeGrants(tx: DbOrTx, userId: number, input: UserInput): Promise<void> {
  await tx.delete(userBranches).where(eq(userBranches.userId, userId));
  const branches = [...new Set(input.Branches)];
  if (branches.length > 0) await tx.insert(userBranches).values(branches.map((branchNo) => ({ userId, branchNo })));
  if (input.Applications) {
    await tx.delete(userApplications).where(eq(userApplications.userId, userId));
    const apps = [...new Set(input.Applications)];
    if (apps.length > 0)
      await tx.insert(userApplications).values(apps.map((applicationId) => ({ userId, applicationId })));
  }
  if (input.permissions) {
    await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
    if (input.permissions.length > 0) {
      await tx.insert(userPermissions).values(
        input.permissions.map((p) => ({
          userId,
          applicationId: p.ApplicationId,
          permissionId: p.PermissionId,
          value: p.value,
        })),
      );
    }
  }
}

const userColumns = (input: UserInput) => ({
  username: input.Username,
  firstName: input.FirstName,
  lastName: input.LastName,
  email: input.Email,
  phone: input.phone,
  extension: input.extension === '' ? null : input.extension,
  brandId: input.BrandId,
  companyId: input.CompanyId,
  roleId: input.RoleId,
  sqldbid: input.SQLDBID,
  allowCorporate: input.allowCorporate,
  allowFranchise: input.allowFranchise,
  isAdmin: input.isAdmin,
  allowVerification: input.allowVerification,
  measureItToolOnly: input.measureItToolOnly,
});

const shapeOf = (input: UserInput) => ({
  roleId: input.RoleId,
  companyId: input.CompanyId,
  sqldbid: input.SQLDBID,
  branches: [...new Set(input.Branches)],
});

export async function createUser(ctx: AppContext, user: AuthUser, input: CreateInput): Promise<UserCreateResponse> {
  const actor = actorOf(user);
  const password = input.password ?? DEFAULT_PASSWORD;
  // Hashing takes a while: done before the transaction, after the cheap checks of the password itself.
  if (input.password !== undefined) {
    const errors = passwordErrors(input.password, input.confirmPassword);
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }
  // The default password is public: typed or left out, it keeps the change at the first sign-in.
  if (!input.mustChangePassword && (input.password === undefined || input.password === DEFAULT_PASSWORD)) {
    throw validationError({ mustChangePassword: DEFAULT_PASSWORD_KEEPS_CHANGE.create });
  }
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    await checkUserInput(tx, input, null);
    check(saveRefusal(actor, null, shapeOf(input), await activeAdministrators(tx)));
    await checkRights(tx, actor, null, rightsOfInput(input, null));
    const inserted = await tx
      .insert(users)
      // Given or the default, the password is the administrator's: the user chooses its own at the first sign-in
      // (decision 064), unless the administrator who typed it says otherwise (decision 078).
      .values({
        ...userColumns(input),
        passwordHash,
        mustChangePassword: input.mustChangePassword,
        updatedAt: ctx.now(),
        createdAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ userId: users.userId });
    const created = inserted[0];
    // Taken by a save that committed after the check.
    if (!created) throw validationError({ Username: 'Username is already taken.' });
    await writeGrants(tx, created.userId, input);
    const after = await userDetail(tx, created.userId);
    await writeAudit(ctx, tx, user, {
      action: 'create',
      entity: 'user',
      entityId: created.userId,
      targetUserId: created.userId,
      before: null,
      after: auditView(after),
    });
    return created.userId;
  });
  return { user: await userDetail(ctx.db, userId), defaultPassword: input.password === undefined ? password : null };
}

export async function updateUser(
  ctx: AppContext,
  user: AuthUser,
  userId: number,
  input: UserInput,
): Promise<UserDetail> {
  const actor = actorOf(user);
  await ctx.db.transaction(async (tx) => {
    // The administrators are locked first, always in the same order, so two saves that each demote the other
    // administrator wait for one another (and the second sees one administrator left) instead of deadlocking.
    const administrators = await activeAdministrators(tx);
    const target = await targetOf(tx, actor, userId, { lock: true });
    const before = await userDetail(tx, userId);
    await checkUserInput(tx, input, { userId, username: before.Username });
    check(saveRefusal(actor, target, shapeOf(input), administrators));
    await checkRights(tx, actor, before, rightsOfInput(input, before));
    const pending = await pendingChange(tx, userId, before.mustChangePassword, input.mustChangePassword);
    await tx
      .update(users)
      .set({ ...userColumns(input), mustChangePassword: pending, updatedAt: ctx.now() })
      .where(eq(users.userId, userId));
    if (before.mustChangePassword && !pending) {
      // A session held at the change screen goes on: what held it has been waived (the cache hears it by trigger).
      await tx
        .update(sessions)
        .set({ passwordChangeRequired: false })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    }
    await writeGrants(tx, userId, input);
    const after = await userDetail(tx, userId);
    await writeAudit(ctx, tx, user, {
      action: 'update',
      entity: 'user',
      entityId: userId,
      targetUserId: userId,
      before: auditView(before),
      after: auditView(after),
    });
  });
  // Every process hears it through migration 0033's triggers; this one drops its entries at once (decision 042).
  ctx.sessionCache.dropUser(userId);
  return userDetail(ctx.db, userId);
}

/**
 * The pending password change after a save (decision 078): as asked, or as it was when the form leaves it out. It may
 * be set for any user, and cleared unless the user's password is still the default one, which sign-in holds anyway.
 */
async function pendingChange(tx: DbOrTx, userId: number, was: boolean, asked: boolean | undefined): Promise<boolean> {
  if (asked === undefined || asked === was) return was;
  if (asked) return true;
  const [row] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.userId, userId));
  if (row?.hash && (await verify(row.hash, DEFAULT_PASSWORD).catch(() => false))) {
    throw validationError({ mustChangePassword: DEFAULT_PASSWORD_KEEPS_CHANGE.update });
  }
  return false;
}

/** End every live session of a user but `except`: its calls are released and its tokens stop working. */
async function endSessionsOf(ctx: AppContext, tx: DbOrTx, userId: number, except?: string): Promise<number> {
  const live = await tx
    .select({ sessionId: sessions.sessionId })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(except === undefined ? [] : [ne(sessions.sessionId, except)]),
      ),
    );
  for (const s of live) await endSession(ctx, tx, s.sessionId);
  return live.length;
}

/**
 * removeUser: the user is kept (calls and history name it) but made inactive, so it signs in no more and leaves
 * the lists; its sessions end at once and the calls it held are released (decision 026).
 */
export async function removeUser(ctx: AppContext, user: AuthUser, userId: number): Promise<void> {
  const actor = actorOf(user);
  await ctx.db.transaction(async (tx) => {
    const administrators = await activeAdministrators(tx);
    const target = await targetOf(tx, actor, userId, { lock: true });
    check(deleteRefusal(actor, target, administrators));
    const before = await userDetail(tx, userId);
    await checkRights(tx, actor, before, null);
    await tx.update(users).set({ active: false, updatedAt: ctx.now() }).where(eq(users.userId, userId));
    const ended = await endSessionsOf(ctx, tx, userId);
    await writeAudit(ctx, tx, user, {
      action: 'delete',
      entity: 'user',
      entityId: userId,
      targetUserId: userId,
      before: auditView(before),
      after: { active: false, sessionsEnded: ended },
    });
  });
  ctx.sessionCache.dropUser(userId);
}

/**
 * updatePassword (an administrator's reset): the user's other sessions end; the caller's own goes on. The user must
 * change the new password at its next sign-in, unless the caller reset its own (decision 064).
 */
export async function resetPassword(
  ctx: AppContext,
  user: AuthUser,
  userId: number,
  input: { password: string; confirmPassword: string },
): Promise<void> {
  const actor = actorOf(user);
  const target = await targetOf(ctx.db, actor, userId);
  check(touchRefusal(actor, target));
  const errors = passwordErrors(input.password, input.confirmPassword);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    check(touchRefusal(actor, await targetOf(tx, actor, userId, { lock: true })));
    await checkRights(tx, actor, await userDetail(tx, userId), null);
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: userId !== user.userId, updatedAt: ctx.now() })
      .where(eq(users.userId, userId));
    const ended = await endSessionsOf(ctx, tx, userId, user.sessionId);
    await writeAudit(ctx, tx, user, {
      action: 'password',
      entity: 'user_password',
      entityId: userId,
      targetUserId: userId,
      before: null,
      after: { passwordChanged: true, mustChangePassword: userId !== user.userId, sessionsEnded: ended },
    });
  });
  ctx.sessionCache.dropUser(userId);
}
