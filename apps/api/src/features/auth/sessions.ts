/**
 * Sessions and their credentials (decision 022). A session has a random id that never
 * changes, so what it holds (its call locks) outlives the rotation of its credentials. Its bearer tokens are
 * `access_tokens`: a script's sign-in gets one that lasts as long as the session; a browser's gets one of
 * ACCESS_TOKEN_SECONDS and a refresh credential in an HttpOnly cookie, `{sessionId}.{secret}`, that only the
 * refresh call reads. Each refresh answers a new access token and a new secret; the secret it replaced is
 * accepted for REFRESH_GRACE_SECONDS more (an answer lost on the way, a reload in flight) and after that ends
 * the whole session, as a stolen, replayed credential would.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SigninResponse } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { accessTokens, sessions } from '../../db/schema/index.js';
import { unauthenticated, type AppError } from '../../http/errors.js';
import { hashToken, newToken, sessionEnded } from '../../http/auth.js';
import { sessionUserById } from './session-user.js';
import { agentSessionEnded, settleLapsedSessions } from '../agent-states/index.js';
import { releaseSessionCalls } from '../current-call/index.js';

export const REFRESH_COOKIE = 'cc_refresh';
/** The one path the browser sends the refresh cookie to. */
export const REFRESH_PATH = '/api/auth/refresh';
/**
 * A part of the refresh cookie as `newToken` writes it: base64url (43 characters). Up to 128 are taken, so a session
 * id of any earlier shape (migration 0020 made old token hashes, 64 hex digits, into ids) still reaches the lookup.
 */
const CREDENTIAL_PART = /^[A-Za-z0-9_-]{1,128}$/;
/** How long the secret a refresh replaced is still accepted (decision 022). */
export const REFRESH_GRACE_SECONDS = 10;

/** A new session's answer, and for a browser the refresh cookie to set. */
export interface NewSession {
  response: SigninResponse;
  refresh: { value: string; maxAgeSeconds: number } | null;
}

async function issueAccessToken(db: DbOrTx, sessionId: string, expiresAt: Date): Promise<string> {
  const token = newToken();
  await db.insert(accessTokens).values({ tokenHash: hashToken(token), sessionId, expiresAt });
  return token;
}

function accessEnd(ctx: AppContext, now: Date, sessionEnd: Date): Date {
  const end = new Date(now.getTime() + ctx.config.session.accessSeconds * 1000);
  return end < sessionEnd ? end : sessionEnd;
}

export async function createSession(
  ctx: AppContext,
  db: DbOrTx,
  userId: number,
  options: {
    browser?: boolean | undefined;
    /** Opened with a password someone else set: held to the password change (decision 064). */
    passwordChangeRequired?: boolean;
  } = {},
): Promise<NewSession> {
  const sessionId = newToken();
  const now = ctx.now();
  // A state left standing by sessions that lapsed (a browser closed, no sweep yet) ends when they did: without this the
  // new session would bring it back to the floor, a Ready from hours ago
  // (docs/decisions/089-screens-fill-the-desk-and-the-floor-shows-who-is-in.md).
  await settleLapsedSessions(db, now, ctx.config.session.idleSeconds, userId);
  const expiresAt = new Date(now.getTime() + ctx.config.session.maxSeconds * 1000);
  const secret = options.browser ? newToken() : null;
  await db.insert(sessions).values({
    sessionId,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    refreshHash: secret ? hashToken(secret) : null,
    refreshedAt: secret ? now : null,
    passwordChangeRequired: options.passwordChangeRequired ?? false,
  });
  const tokenExpiresAt = secret ? accessEnd(ctx, now, expiresAt) : expiresAt;
  const token = await issueAccessToken(db, sessionId, tokenExpiresAt);
  return {
    response: {
      token,
      expiresAt: expiresAt.toISOString(),
      tokenExpiresAt: tokenExpiresAt.toISOString(),
      user: await sessionUserById(db, userId, sessionId),
    },
    refresh: secret ? { value: `${sessionId}.${secret}`, maxAgeSeconds: ctx.config.session.maxSeconds } : null,
  };
}

/**
 * End a session: its calls are released at once (another CSR can open them; they stay the user's saved call,
 * so the dashboard sends the user back after the next sign-in), its access tokens and refresh credential stop
 * working, and a user left with no live session is Offline.
 */
export async function endSession(ctx: AppContext, tx: DbOrTx, sessionId: string): Promise<void> {
  await releaseSessionCalls(ctx, tx, sessionId);
  // Read before the session is revoked below: the user's last session ending is Offline (decision 076).
  await agentSessionEnded(ctx, tx, sessionId);
  await tx
    .update(sessions)
    .set({ revokedAt: ctx.now(), refreshHash: null, previousRefreshHash: null })
    .where(eq(sessions.sessionId, sessionId));
  await tx.delete(accessTokens).where(eq(accessTokens.sessionId, sessionId));
}

export async function signout(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.transaction((tx) => endSession(ctx, tx, sessionId));
  // Every process hears it through migration 0033's triggers; this one drops the session at once (decision 042).
  ctx.sessionCache.dropSession(sessionId);
}

/**
 * The refresh call: a new access token and a new refresh secret for the session the cookie names, if the
 * session still lives (not revoked, not idle, not past its end: a refresh is not activity, so it never keeps
 * an idle session alive) and the secret is its current one, or the one just replaced within the grace. Any
 * other secret of a live session is a used one presented again: the session ends.
 */
export async function refreshSession(ctx: AppContext, cookie: string | undefined): Promise<NewSession> {
  const [sessionId, secret, extra] = (cookie ?? '').split('.');
  // Anything but two parts of the shape we issue is refused before the database sees it: a NUL byte (`%00`) in the
  // session id would otherwise fail the statement itself, a 500 instead of a 401.
  if (!sessionId || !secret || extra !== undefined || !CREDENTIAL_PART.test(sessionId) || !CREDENTIAL_PART.test(secret))
    throw unauthenticated();
  const now = ctx.now();
  const presented = hashToken(secret);
  // Thrown once the transaction has committed: a reuse ends the session for good.
  let refusal: AppError | null = null;
  const outcome = await ctx.db.transaction(async (tx): Promise<NewSession | null> => {
    const [session] = await tx.select().from(sessions).where(eq(sessions.sessionId, sessionId)).for('update');
    if (!session || session.refreshHash === null) throw unauthenticated();
    const ended = sessionEnded(
      ctx,
      { revoked_at: session.revokedAt, last_seen_at: session.lastSeenAt, expires_at: session.expiresAt },
      now,
    );
    if (ended) throw ended;
    const graceFrom = new Date(now.getTime() - REFRESH_GRACE_SECONDS * 1000);
    const current = presented === session.refreshHash;
    const justReplaced =
      presented === session.previousRefreshHash && session.refreshedAt !== null && session.refreshedAt > graceFrom;
    if (!current && !justReplaced) {
      await endSession(ctx, tx, sessionId);
      ctx.log.warn({ userId: session.userId }, 'a used refresh credential was presented again: the session is ended');
      refusal = unauthenticated('This session was ended for safety. Please sign in again.');
      return null;
    }
    const next = newToken();
    // Within the grace the replaced secret stays the previous one and the window does not move on.
    await tx
      .update(sessions)
      .set(
        current
          ? { refreshHash: hashToken(next), previousRefreshHash: session.refreshHash, refreshedAt: now }
          : { refreshHash: hashToken(next) },
      )
      .where(eq(sessions.sessionId, sessionId));
    await tx.delete(accessTokens).where(and(eq(accessTokens.sessionId, sessionId), lte(accessTokens.expiresAt, now)));
    const tokenExpiresAt = accessEnd(ctx, now, session.expiresAt);
    const token = await issueAccessToken(tx, sessionId, tokenExpiresAt);
    return {
      response: {
        token,
        expiresAt: session.expiresAt.toISOString(),
        tokenExpiresAt: tokenExpiresAt.toISOString(),
        user: await sessionUserById(tx, session.userId, sessionId),
      },
      refresh: {
        value: `${sessionId}.${next}`,
        maxAgeSeconds: Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000)),
      },
    };
  });
  if (!outcome) {
    ctx.sessionCache.dropSession(sessionId);
    throw refusal ?? unauthenticated();
  }
  return outcome;
}

/** The refresh cookie's attributes: HttpOnly, SameSite=Strict, only sent to the refresh call, Secure over HTTPS. */
function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
    path: REFRESH_PATH,
  };
}

/**
 * A cookie the page may read, set and cleared with the refresh cookie: it says only that this browser holds one, so
 * a page loaded signed out does not ask for a refresh it would be refused (a 401 in the console at every load) and
 * decides at once where to go (docs/decisions/068-sign-out-linking-and-the-signed-out-load.md). It carries no
 * credential: its value is always 1.
 */
export const SESSION_HINT_COOKIE = 'cc_session';

function hintOptions(request: FastifyRequest) {
  return { httpOnly: false, sameSite: 'strict' as const, secure: request.protocol === 'https', path: '/' };
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, refresh: NewSession['refresh']): void {
  if (!refresh) return;
  reply.setCookie(REFRESH_COOKIE, refresh.value, { ...cookieOptions(request), maxAge: refresh.maxAgeSeconds });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(request), maxAge: refresh.maxAgeSeconds });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(request));
}
