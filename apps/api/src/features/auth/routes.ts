import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { sessionUser } from './session-user.js';
import { signin, signup } from './service.js';
import {
  REFRESH_COOKIE,
  clearRefreshCookie,
  refreshSession,
  setRefreshCookie,
  signout,
  type NewSession,
} from './sessions.js';
import { forbidden } from '../../http/errors.js';

/**
 * What signing out asks of single sign-on: the identity server's logout address for a session it started, or null.
 * Given by the app rather than imported, because single sign-on builds on this feature's sessions and an import back
 * would make the two features load each other.
 */
export type IdentityLogoutUrl = (ctx: AppContext, sessionId: string) => Promise<string | null>;

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, identityLogoutUrl: IdentityLogoutUrl): void {
  defineRoute(app, ctx, 'clientConfig', () =>
    Promise.resolve({
      idleTimeoutSeconds: ctx.config.client.idleSeconds,
      idleWarningSeconds: ctx.config.client.warningSeconds,
      callHeartbeatSeconds: Math.max(5, Math.floor(ctx.config.callLockReleaseSeconds / 4)),
      signupEnabled: ctx.config.signupEnabled,
      links: {
        payBill: ctx.config.links.payBill ?? null,
        autoPay: ctx.config.links.autoPay ?? null,
        evaluation: ctx.config.links.evaluation ?? null,
        wiki: ctx.config.links.wiki ?? null,
        knowledgeBase: ctx.config.links.knowledgeBase ?? null,
      },
      sso: ctx.config.sso !== null,
      clickToDial: ctx.config.telephony.dialUrl !== undefined && ctx.config.telephony.secret !== undefined,
    }),
  );
  /** The answer of a new or refreshed session; a browser's also sets the refresh cookie. */
  const started = (request: FastifyRequest, reply: FastifyReply, session: NewSession) => {
    setRefreshCookie(request, reply, session.refresh);
    return session.response;
  };
  defineRoute(app, ctx, 'signin', async ({ body, request, reply }) =>
    started(request, reply, await signin(ctx, body, request.ip)),
  );
  defineRoute(
    app,
    ctx,
    'signup',
    async ({ body, request, reply }) => {
      if (!ctx.config.signupEnabled) throw forbidden('Sign-up is switched off here.');
      return started(request, reply, await signup(ctx, body));
    },
    { status: 201 },
  );
  defineRoute(app, ctx, 'refresh', async ({ request, reply }) => {
    try {
      return started(request, reply, await refreshSession(ctx, request.cookies[REFRESH_COOKIE]));
    } catch (error) {
      // A refused credential is of no further use: the browser drops it.
      clearRefreshCookie(request, reply);
      throw error;
    }
  });
  // unlockSignin is user administration's: it follows a user manager's reach (users/unlock.ts).
  defineRoute(app, ctx, 'signout', async ({ user, request, reply }) => {
    const logoutUrl = await identityLogoutUrl(ctx, user.sessionId);
    await signout(ctx, user.sessionId);
    clearRefreshCookie(request, reply);
    return { ok: true as const, logoutUrl };
  });
  defineRoute(app, ctx, 'session', async ({ user }) => {
    const [row] = await ctx.db.query.sessions.findMany({
      where: (s, { eq }) => eq(s.sessionId, user.sessionId),
      columns: { expiresAt: true },
    });
    return { user: await sessionUser(ctx.db, user), expiresAt: (row?.expiresAt ?? ctx.now()).toISOString() };
  });
}
