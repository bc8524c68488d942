import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { getQuote, listQuotes } from './service.js';

export function registerQuotesRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'quotes', ({ user, query }) => listQuotes(ctx, user, query));
  defineRoute(app, ctx, 'quote', ({ user, params }) => getQuote(ctx, user, params.orderId));
}
