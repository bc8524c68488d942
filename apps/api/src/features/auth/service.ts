import { and, eq, inArray, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import {
  CompanyType,
  DEFAULT_PASSWORD,
  PASSWORD_MESSAGES,
  Role,
  USERNAME_MESSAGES,
  passwordProblem,
  signinDelayMs,
  usernameProblem,
} from '@cc/domain';
import type { SigninRequest, SignupRequest } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { signinAttempts, users } from '../../db/schema/index.js';
import { AppError, unauthenticated } from '../../http/errors.js';
import { createSession, type NewSession } from './sessions.js';

export const hashPassword = (password: string) => hash(password);

/** Verified against when the username is unknown, so a miss costs what a hit costs. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hash('not-a-real-password-Aa1!'));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The row that counts password attempts for one username from one client (IP address). Per client,
 * so that wrong passwords typed anywhere cannot lock a user (the administrator) out everywhere; an
 * IP address never contains '|', so the username is what follows the first one.
 */
export function attemptKey(username: string, client: string): string {
  return `${client}|${username.toLowerCase()}`;
}

/** The row that counts the username's attempts from every client: it slows, never locks (decision 059). */
export function usernameAttemptKey(username: string): string {
  return attemptKey(username, ANY_CLIENT);
}

/** Not an IP address, so no client's row is the username's own. */
const ANY_CLIENT = '*';

function lockedOut(ms: number): AppError {
  return new AppError(
    'LOCKED_OUT',
    `Too many failed sign-in attempts for this username. Try again in ${minutesText(ms)}.`,
  );
}

/**
 * Password guessing for one username from one client is slowed, then refused for a while; guessing
 * for one username from many clients is slowed as well, up to SIGNIN_SLOW_MAX_MS, but never refused,
 * so that nobody can lock a user out for everyone (decision 059). The counts live in the database so
 * that the limits hold across API processes. Both are counted in one atomic statement *before* the
 * password is checked, so parallel guesses cannot all pass before any is counted: only the first
 * `lockAfter` of a window from one client reach the password check. Used by sign-in and by password
 * changes; returns the attempt's number from this client, for `recordPasswordFailure`.
 */
export async function beforePasswordCheck(ctx: AppContext, username: string, client: string): Promise<number> {
  const { signin: limits } = ctx.config;
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - limits.windowSeconds * 1000).toISOString();
  const locked = sql`${signinAttempts.lockedUntil} is not null and ${signinAttempts.lockedUntil} > ${now.toISOString()}::timestamptz`;
  const inWindow = sql`${signinAttempts.firstFailureAt} > ${windowStart}::timestamptz`;
  const clientKey = attemptKey(username, client);
  const rows = await ctx.db
    .insert(signinAttempts)
    .values([
      { usernameKey: clientKey, failures: 1, firstFailureAt: now },
      { usernameKey: usernameAttemptKey(username), failures: 1, firstFailureAt: now },
    ])
    .onConflictDoUpdate({
      target: signinAttempts.usernameKey,
      set: {
        failures: sql`case when ${locked} then ${signinAttempts.failures} when ${inWindow} then ${signinAttempts.failures} + 1 else 1 end`,
        firstFailureAt: sql`case when ${locked} or ${inWindow} then ${signinAttempts.firstFailureAt} else ${now.toISOString()}::timestamptz end`,
      },
    })
    .returning({
      key: signinAttempts.usernameKey,
      attempt: signinAttempts.failures,
      lockedUntil: signinAttempts.lockedUntil,
    });
  const row = rows.find((r) => r.key === clientKey);
  const anywhere = rows.find((r) => r.key !== clientKey);
  if (!row || !anywhere) throw new Error('The attempt count returned no row.');
  if (row.lockedUntil && row.lockedUntil > now) throw lockedOut(row.lockedUntil.getTime() - now.getTime());
  // More attempts than allowed in the window, still in flight in parallel: refused unchecked.
  if (row.attempt > limits.lockAfter) throw lockedOut(limits.lockSeconds * 1000);
  const delay = signinDelayMs(limits, row.attempt, anywhere.attempt);
  if (delay > 0) await sleep(delay);
  return row.attempt;
}

/** A wrong password on attempt `attempt`: throws 429 when it is the one that locks the username here. */
export async function recordPasswordFailure(
  ctx: AppContext,
  username: string,
  client: string,
  attempt: number,
): Promise<void> {
  const { signin: limits } = ctx.config;
  if (attempt < limits.lockAfter) return;
  const now = ctx.now();
  const lockedUntil = new Date(now.getTime() + limits.lockSeconds * 1000);
  await ctx.db
    .update(signinAttempts)
    .set({ lockedUntil, failures: 0, firstFailureAt: now })
    .where(eq(signinAttempts.usernameKey, attemptKey(username, client)));
  throw lockedOut(limits.lockSeconds * 1000);
}

/** A right password: this client's count for the username, and the username's from every client, start again. */
export async function clearPasswordFailures(ctx: AppContext, username: string, client: string): Promise<void> {
  await ctx.db
    .delete(signinAttempts)
    .where(inArray(signinAttempts.usernameKey, [attemptKey(username, client), usernameAttemptKey(username)]));
}

/**
 * A user manager's unlock: every client's count and lock for the username end, and its count from anywhere. Answers
 * how many rows went. Who may unlock whom is decided by the caller (users/unlock.ts), in the transaction it passes.
 */
export async function unlockUsername(db: DbOrTx, username: string): Promise<number> {
  const removed = await db
    .delete(signinAttempts)
    .where(
      sql`substr(${signinAttempts.usernameKey}, strpos(${signinAttempts.usernameKey}, '|') + 1) = ${username.toLowerCase()}`,
    )
    .returning({ key: signinAttempts.usernameKey });
  return removed.length;
}

export async function signin(ctx: AppContext, input: SigninRequest, client: string): Promise<NewSession> {
  const attempt = await beforePasswordCheck(ctx, input.username, client);
  const [user] = await ctx.db
    .select({ userId: users.userId, passwordHash: users.passwordHash, mustChange: users.mustChangePassword })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, eq(users.active, true)));
  const ok = user
    ? await verify(user.passwordHash, input.password)
    : (await verify(await dummy(), input.password), false);
  if (!ok || !user) {
    await recordPasswordFailure(ctx, input.username, client, attempt);
    throw unauthenticated('Invalid username or password.');
  }
  await clearPasswordFailures(ctx, input.username, client);
  // A password someone else set must be changed before anything else (decision 064): the flag an administrator's
  // create or reset leaves, and the default password whatever the flag says (users made before the flag existed).
  return createSession(ctx, ctx.db, user.userId, {
    browser: input.browser,
    passwordChangeRequired: user.mustChange || input.password === DEFAULT_PASSWORD,
  });
}

export async function usernameTaken(db: DbOrTx, username: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ userId: users.userId })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return rows.some((r) => r.userId !== exceptUserId);
}

/** The errors map of a sign-up form: one message per field, empty when the form is valid. */
export async function signupErrors(db: DbOrTx, input: SignupRequest): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const username = usernameProblem(input.username);
  if (username) errors.username = username;
  else if (await usernameTaken(db, input.username)) errors.username = USERNAME_MESSAGES.taken;
  const password = passwordProblem(input.password);
  if (password) errors.password = password;
  if (input.confirmPassword !== input.password) errors.confirmPassword = PASSWORD_MESSAGES.confirm;
  if (!input.firstName) errors.firstName = 'First name is required.';
  if (!input.lastName) errors.lastName = 'Last name is required.';
  if (input.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) errors.email = 'Enter a valid email address.';
  return errors;
}

/**
 * A signed-up user starts as an independent-franchise user with no branches and no applications:
 * they can sign in but see no customer until an administrator gives them a company, role and branches.
 */
export async function signup(ctx: AppContext, input: SignupRequest): Promise<NewSession> {
  const errors = await signupErrors(ctx.db, input);
  const first = Object.entries(errors)[0];
  if (first) throw new AppError('VALIDATION', `${first[0]}: ${first[1]}`, errors);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash,
        companyId: CompanyType.IndependentFranchise,
        roleId: Role.FranchiseUser,
      })
      .onConflictDoNothing()
      .returning({ userId: users.userId });
    const created = inserted[0];
    if (!created)
      throw new AppError('VALIDATION', `username: ${USERNAME_MESSAGES.taken}`, { username: USERNAME_MESSAGES.taken });
    return createSession(ctx, tx, created.userId, { browser: input.browser });
  });
}
