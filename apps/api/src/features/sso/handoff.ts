/**
 * The wiki and knowledge-base hand-offs (administration.md §2, §7; decision 038). Both pass on the identity server's
 * access token of the session, so they open only for a session signed in through it. The wiki is told the token
 * first (POST {token, action: 'authenticateByToken'}), then the browser goes there with the username; the knowledge
 * base gets the token in its address.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { ssoSessions } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';

const WIKI_TIMEOUT_MS = 10_000;

async function identityToken(ctx: AppContext, user: AuthUser, service: string): Promise<string> {
  const [row] = await ctx.db
    .select({ accessToken: ssoSessions.accessToken, expiresAt: ssoSessions.accessTokenExpiresAt })
    .from(ssoSessions)
    .where(eq(ssoSessions.sessionId, user.sessionId));
  if (!row) {
    throw new AppError('CONFLICT', `The ${service} opens after signing in through the company sign-in.`);
  }
  if (row.expiresAt && row.expiresAt <= ctx.now()) {
    throw new AppError('CONFLICT', `The company sign-in has expired for the ${service}. Sign out and in again.`);
  }
  return row.accessToken;
}

export async function wikiHandoff(ctx: AppContext, user: AuthUser): Promise<string> {
  const wiki = ctx.config.links.wiki;
  if (!wiki) throw new AppError('NOT_FOUND', 'The wiki is not configured here.');
  const token = await identityToken(ctx, user, 'wiki');
  let status: number;
  try {
    const response = await fetch(wiki, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token, action: 'authenticateByToken' }),
      redirect: 'manual',
      signal: AbortSignal.timeout(WIKI_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    ctx.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'wiki hand-off: no answer');
    throw new AppError('BAD_GATEWAY', 'The wiki cannot be reached. Try again in a moment.');
  }
  if (status < 200 || status >= 300) {
    ctx.log.warn({ status }, 'wiki hand-off: refused');
    throw new AppError('BAD_GATEWAY', `The wiki did not accept the sign-in (status ${status}). Try again later.`);
  }
  const url = new URL(wiki);
  url.searchParams.set('username', user.username);
  return url.toString();
}

export async function knowledgeBaseHandoff(ctx: AppContext, user: AuthUser): Promise<string> {
  const base = ctx.config.links.knowledgeBase;
  if (!base) throw new AppError('NOT_FOUND', 'The knowledge base is not configured here.');
  const url = new URL(base);
  url.searchParams.set('token', await identityToken(ctx, user, 'knowledge base'));
  return url.toString();
}
