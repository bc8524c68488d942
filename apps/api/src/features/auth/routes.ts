import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { sessionUser } from './session-user.js';
import { signin, signout, signup, unlockUsername } from './service.js';
import { forbidden } from '../../http/errors.js';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
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
    }),
  );
  defineRoute(app, ctx, 'signin', ({ body, request }) => signin(ctx, body, request.ip));
  defineRoute(
    app,
    ctx,
    'signup',
    ({ body }) =>
      ctx.config.signupEnabled ? signup(ctx, body) : Promise.reject(forbidden('Sign-up is switched off here.')),
    { status: 201 },
  );
  defineRoute(app, ctx, 'unlockSignin', async ({ body }) => {
    await unlockUsername(ctx, body.username);
    return { ok: true as const };
  });
  defineRoute(app, ctx, 'signout', async ({ user }) => {
    await signout(ctx, user.tokenHash);
    return { ok: true as const };
  });
  defineRoute(app, ctx, 'session', async ({ user }) => {
    const [row] = await ctx.db.query.sessions.findMany({
      where: (s, { eq }) => eq(s.tokenHash, user.tokenHash),
      columns: { expiresAt: true },
    });
    return { user: await sessionUser(ctx.db, user), expiresAt: (row?.expiresAt ?? ctx.now()).toISOString() };
  });
}
