import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { setRefreshCookie } from '../auth/index.js';
import { knowledgeBaseHandoff, wikiHandoff } from './handoff.js';
import { finishLogin, startLogin } from './logins.js';

export function registerSsoRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'ssoStart', async ({ body, request, reply }) => ({
    url: await startLogin(ctx, request, reply, body.target),
  }));
  defineRoute(app, ctx, 'ssoFinish', async ({ body, request, reply }) => {
    const { session, target } = await finishLogin(ctx, request, body.query);
    setRefreshCookie(request, reply, session.refresh);
    return { ...session.response, target };
  });
  defineRoute(app, ctx, 'wikiHandoff', async ({ user }) => ({ url: await wikiHandoff(ctx, user) }));
  defineRoute(app, ctx, 'knowledgeBaseHandoff', async ({ user }) => ({ url: await knowledgeBaseHandoff(ctx, user) }));
}
