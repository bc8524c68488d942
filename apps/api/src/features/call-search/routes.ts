import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { searchCalls } from './service.js';

export function registerCallSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'searchOutboundCalls', ({ user, query }) => searchCalls(ctx, user, query));
}
