import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { updatePassword, updateProfile } from './service.js';

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'updateProfile', ({ user, params, body }) => updateProfile(ctx, user, params.UserId, body));
  defineRoute(app, ctx, 'updatePassword', async ({ user, params, body, request }) => {
    await updatePassword(ctx, user, params.UserId, body, request.ip);
    return { ok: true as const };
  });
}
