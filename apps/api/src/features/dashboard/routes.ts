import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { userApplicationList } from '../auth/index.js';

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'dashboard', async ({ user }) => ({
    applications: await userApplicationList(ctx.db, user.userId),
  }));
}
