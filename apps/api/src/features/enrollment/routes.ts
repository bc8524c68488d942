import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { registerDemoPages } from './demo-pages.js';
import { getUcms } from './service.js';

export function registerEnrollmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'getUcms', ({ body }) => getUcms(ctx, body));
  registerDemoPages(app, ctx);
}
