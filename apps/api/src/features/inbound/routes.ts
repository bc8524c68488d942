import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import {
  autocompleteAddress,
  companyInfo,
  formatAddress,
  franchiseLookup,
  searchCustomers,
  validateZip,
} from './service.js';

export function registerInboundRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The searches' pages and the address suggestions (asked for at each key press) use the compiled serializer.
  const compiled = { compiled: true };
  defineRoute(app, ctx, 'searchCustomers', ({ user, body }) => searchCustomers(ctx, user, 'general', body), compiled);
  defineRoute(app, ctx, 'searchCofCustomers', ({ user, body }) => searchCustomers(ctx, user, 'cof', body), compiled);
  defineRoute(app, ctx, 'searchIndCustomers', ({ user, body }) => searchCustomers(ctx, user, 'ind', body), compiled);
  defineRoute(app, ctx, 'validateZipCode', ({ user, body }) => validateZip(ctx, user, body));
  defineRoute(app, ctx, 'autocompleteAddress', ({ user, body }) => autocompleteAddress(ctx, user, body), compiled);
  defineRoute(app, ctx, 'formatAddress', ({ body }) => Promise.resolve(formatAddress(body)));
  defineRoute(app, ctx, 'getCompanyInfo', ({ user, body }) => companyInfo(ctx, user, body));
  defineRoute(app, ctx, 'franchiseLookup', async ({ user, query }) => ({
    franchises: await franchiseLookup(ctx, user, query.prefix),
  }));
}
