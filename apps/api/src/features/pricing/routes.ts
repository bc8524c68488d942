import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { customerRecommendations, customerServices } from './customer-services.js';
import { quoteForCall } from './quote.js';
import {
  billingFrequency,
  billingPayment,
  bundledInProgram,
  bundleOnlyServices,
  currentServiceYear,
  customerOffers,
  customerPricing,
  franchiseYearInfo,
  serviceCodes,
  serviceDefIdOf,
  serviceDescriptions,
} from './service.js';

export function registerPricingRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'customerPricing', ({ user, body }) => customerPricing(ctx, user, body));
  defineRoute(app, ctx, 'currentServiceYear', () => Promise.resolve(currentServiceYear(ctx)));
  defineRoute(app, ctx, 'bundleServices', ({ user, body }) =>
    bundleOnlyServices(ctx, user, body.sqldbid, body.serviceYear),
  );
  defineRoute(app, ctx, 'bundleServicesByProgram', ({ user, body }) => bundledInProgram(ctx, user, body));
  defineRoute(app, ctx, 'billingFrequency', ({ user, body }) => billingFrequency(ctx, user, body));
  defineRoute(app, ctx, 'serviceDefId', ({ user, body }) => serviceDefIdOf(ctx, user, body));
  defineRoute(app, ctx, 'customerQuote', async ({ user, body }) => (await quoteForCall(ctx, user, body)).quote);
  defineRoute(app, ctx, 'customerOffers', ({ user, body }) => customerOffers(ctx, user, body));
  defineRoute(app, ctx, 'customerRecommendations', ({ user, body }) => customerRecommendations(ctx, user, body));
  defineRoute(app, ctx, 'customerServices', ({ user, body }) => customerServices(ctx, user, body));
  defineRoute(app, ctx, 'callCenterServiceDesc', ({ user, body }) => serviceDescriptions(ctx, user, body));
  defineRoute(app, ctx, 'serviceCodesByServicePricing', ({ user, body }) =>
    serviceCodes(ctx, user, body.sqldbid, body.serviceYear),
  );
  defineRoute(app, ctx, 'billingPaymentByFranchise', ({ user, body }) => billingPayment(ctx, user, body));
  defineRoute(app, ctx, 'franchiseYearInfo', ({ user, params }) =>
    franchiseYearInfo(ctx, user, params.sqldbid, params.serviceYear),
  );
}
