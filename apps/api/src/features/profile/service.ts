import { and, eq, ne } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { DEFAULT_PASSWORD, PASSWORD_MESSAGES, passwordProblem } from '@cc/domain';
import type { PasswordUpdateRequest, ProfileUpdateRequest, SessionUser } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { sessions, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, forbidden } from '../../http/errors.js';
import {
  beforePasswordCheck,
  clearPasswordFailures,
  hashPassword,
  recordPasswordFailure,
  sessionUserById,
} from '../auth/index.js';

/** A user edits only their own profile here; administrators edit others through user administration. */
function requireSelf(user: AuthUser, userId: number): void {
  if (user.userId !== userId) throw forbidden('You can change only your own profile.');
}

export async function updateProfile(
  ctx: AppContext,
  user: AuthUser,
  userId: number,
  input: ProfileUpdateRequest,
): Promise<SessionUser> {
  requireSelf(user, userId);
  await ctx.db
    .update(users)
    .set({ firstName: input.FirstName, lastName: input.LastName, email: input.Email, updatedAt: ctx.now() })
    .where(eq(users.userId, userId));
  ctx.sessionCache.dropUser(userId);
  return sessionUserById(ctx.db, userId, user.sessionId);
}

/**
 * Change the password; the user's other sessions end, this one goes on, no longer held to the change if it was
 * (decision 064). The new password is the user's own: not the current one again, nor the default every new user gets.
 */
export async function updatePassword(
  ctx: AppContext,
  user: AuthUser,
  userId: number,
  input: PasswordUpdateRequest,
  client: string,
): Promise<void> {
  requireSelf(user, userId);
  // The current password first, and throttled like sign-in, so a stolen session cannot guess it.
  const attempt = await beforePasswordCheck(ctx, user.username, client);
  const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.userId, userId));
  if (!row || !(await verify(row.passwordHash, input.currentPassword))) {
    await recordPasswordFailure(ctx, user.username, client, attempt);
    const message = 'The current password is not correct.';
    throw new AppError('VALIDATION', `currentPassword: ${message}`, { currentPassword: message });
  }
  await clearPasswordFailures(ctx, user.username, client);
  const problem =
    passwordProblem(input.password) ??
    (input.password === input.currentPassword
      ? PASSWORD_MESSAGES.same
      : input.password === DEFAULT_PASSWORD
        ? PASSWORD_MESSAGES.default
        : null);
  if (problem) throw new AppError('VALIDATION', `password: ${problem}`, { password: problem });
  if (input.confirmPassword !== input.password) {
    throw new AppError('VALIDATION', `confirmPassword: ${PASSWORD_MESSAGES.confirm}`, {
      confirmPassword: PASSWORD_MESSAGES.confirm,
    });
  }
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: now })
      .where(eq(users.userId, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), ne(sessions.sessionId, user.sessionId)));
    await tx
      .update(sessions)
      .set({ passwordChangeRequired: false })
      .where(and(eq(sessions.sessionId, user.sessionId), eq(sessions.passwordChangeRequired, true)));
  });
  ctx.sessionCache.dropUser(userId);
}
