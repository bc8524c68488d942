/**
 * The authorization code flow with PKCE S256, run by the server (decision 038). Starting keeps the state, nonce and
 * code verifier in `sso_logins`, bound to the browser by an HttpOnly cookie; finishing deletes the row it reads, so a
 * return is accepted once, in the browser that started it, before it expires. openid-client checks the state, the ID
 * token's signature, issuer, audience, expiry and nonce, and the code verifier at the token endpoint; the claims are
 * then read from the identity server's userinfo endpoint (GET /connect/userinfo).
 */
import { eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { safeTarget, type IdentityClaims } from '@cc/domain';
import type { SsoConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { ssoLogins, ssoSessions } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../http/auth.js';
import { AppError, unauthenticated } from '../../http/errors.js';
import { createSession, type NewSession } from '../auth/index.js';
import { SSO_SCOPES, ssoClient } from './client.js';
import { upsertIdentityUser } from './identity.js';

export const SSO_COOKIE = 'cc_sso';
const SSO_COOKIE_PATH = '/api/auth/sso';
/** How long a started sign-in may take at the identity server. */
export const SSO_LOGIN_SECONDS = 600;
export const REFUSED =
  'This sign-in could not be accepted: it was already used, has expired or was started elsewhere. Please sign in again.';

export function ssoConfigured(ctx: AppContext): SsoConfig {
  if (!ctx.config.sso) throw new AppError('NOT_FOUND', 'Single sign-on is not configured here.');
  return ctx.config.sso;
}

function cookieOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'strict' as const, secure: request.protocol === 'https', path: SSO_COOKIE_PATH };
}

/** Start a sign-in: answers the identity server's authorization address, for the browser to go to. */
export async function startLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  target: string | undefined,
): Promise<string> {
  const sso = ssoConfigured(ctx);
  const config = await ssoClient(sso);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
  // One binding per browser, kept while it lasts, so two tabs signing in at once both finish.
  const presented = request.cookies[SSO_COOKIE];
  const browser = presented && /^[\w-]{40,60}$/.test(presented) ? presented : newToken();
  const now = ctx.now();
  await ctx.db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, now));
  await ctx.db.insert(ssoLogins).values({
    stateHash: hashToken(state),
    browserHash: hashToken(browser),
    nonce,
    codeVerifier,
    target: safeTarget(target),
    expiresAt: new Date(now.getTime() + SSO_LOGIN_SECONDS * 1000),
  });
  reply.setCookie(SSO_COOKIE, browser, { ...cookieOptions(request), maxAge: SSO_LOGIN_SECONDS });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: sso.redirectUrl,
      scope: SSO_SCOPES,
      state,
      nonce,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    })
    .toString();
}

/** Finish a sign-in from the query of the return to the redirect URL: a session of this application. */
export async function finishLogin(
  ctx: AppContext,
  request: FastifyRequest,
  query: string,
): Promise<{ session: NewSession; target: string }> {
  const browser = request.cookies[SSO_COOKIE];
  if (!browser) throw unauthenticated(REFUSED);
  const sso = ssoConfigured(ctx);
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const state = params.get('state');
  if (!state) throw unauthenticated(REFUSED);
  // Read and deleted at once: whatever follows, this state is never accepted again.
  const [login] = await ctx.db
    .delete(ssoLogins)
    .where(eq(ssoLogins.stateHash, hashToken(state)))
    .returning();
  if (!login || login.browserHash !== hashToken(browser) || login.expiresAt <= ctx.now()) {
    ctx.log.warn({ found: Boolean(login) }, 'single sign-on: a return with an unknown, used or foreign state refused');
    throw unauthenticated(REFUSED);
  }
  const providerError = params.get('error');
  if (providerError) {
    const description = (params.get('error_description') ?? providerError).slice(0, 200);
    throw unauthenticated(`The identity server did not sign you in: ${description}`);
  }
  const config = await ssoClient(sso);
  // The return is read against the configured redirect URL, never the one the browser reports.
  const current = new URL(sso.redirectUrl);
  current.search = params.toString();
  let claims: IdentityClaims;
  let tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
  try {
    tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token');
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...idClaims, ...userinfo, sub: idClaims.sub };
  } catch (error) {
    ctx.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'single sign-on: return refused');
    throw unauthenticated('The identity server’s answer could not be verified. Please sign in again.');
  }
  const idToken = tokens.id_token ?? '';
  const accessToken = tokens.access_token;
  const expiresIn = tokens.expiresIn();
  const session = await ctx.db.transaction(async (tx) => {
    const { userId, linkedBy } = await upsertIdentityUser(tx, config.serverMetadata().issuer, claims);
    if (linkedBy === 'email')
      ctx.log.info({ userId }, 'single sign-on: signed in as the account its verified email names');
    const created = await createSession(ctx, tx, userId, { browser: true });
    const sessionId = created.refresh?.value.split('.')[0] ?? '';
    await tx.insert(ssoSessions).values({
      sessionId,
      idToken,
      accessToken,
      accessTokenExpiresAt: expiresIn === undefined ? null : new Date(ctx.now().getTime() + expiresIn * 1000),
    });
    return created;
  });
  return { session, target: login.target };
}

/** Where the browser ends the identity server's session after this one's sign-out, or null when it cannot. */
export async function logoutUrl(ctx: AppContext, sessionId: string): Promise<string | null> {
  const sso = ctx.config.sso;
  if (!sso) return null;
  const [row] = await ctx.db
    .delete(ssoSessions)
    .where(eq(ssoSessions.sessionId, sessionId))
    .returning({ idToken: ssoSessions.idToken });
  if (!row) return null;
  try {
    const config = await ssoClient(sso);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc
      .buildEndSessionUrl(config, {
        id_token_hint: row.idToken,
        ...(sso.postLogoutUrl ? { post_logout_redirect_uri: sso.postLogoutUrl } : {}),
      })
      .toString();
  } catch {
    // The local session has ended; the identity server's stays, as after its own time-out.
    return null;
  }
}
