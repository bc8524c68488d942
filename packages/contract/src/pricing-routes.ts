/**
 * Route-table rows of the pricing tab: the pricing data, the quote, the services, offers and recommendations of
 * a customer and the franchise's year (spread into `routes` in routes.ts).
 */
import { z } from './zod.js';
import { ACCESS } from '@cc/domain';
import type { RouteDef } from './route-def.js';
import {
  BillingFrequencyRequest,
  BillingFrequencyResponse,
  BillingPaymentRequest,
  BillingPaymentResponse,
  BundleServicesByProgramRequest,
  CurrentServiceYearResponse,
  CustomerOffersResponse,
  CustomerRecommendationsRequest,
  CustomerRecommendationsResponse,
  CustomerServicesResponse,
  CustomerYearRequest,
  FranchiseYearInfo,
  FranchiseYearParams,
  FranchiseYearRequest,
  PriceListEntry,
  PricingRequest,
  PricingResponse,
  ServiceDefIdRequest,
  ServiceDefIdResponse,
  ServiceDescRequest,
  ServiceDescResponse,
} from './pricing.js';
import { QuoteRequest, QuoteResponse } from './pricing-quote.js';

export const pricingRoutes = {
  customerPricing: {
    method: 'POST',
    path: '/api/customer/pricing',
    access: ACCESS.call,
    body: PricingRequest,
    response: PricingResponse,
  },
  currentServiceYear: {
    method: 'GET',
    path: '/api/customer/currentserviceyear',
    access: ACCESS.call,
    response: CurrentServiceYearResponse,
  },
  bundleServices: {
    method: 'POST',
    path: '/api/customer/bundleservices',
    access: ACCESS.call,
    body: FranchiseYearRequest,
    response: z.array(PriceListEntry),
  },
  bundleServicesByProgram: {
    method: 'POST',
    path: '/api/customer/bundleservicesbyprogram',
    access: ACCESS.call,
    body: BundleServicesByProgramRequest,
    response: z.array(PriceListEntry),
  },
  billingFrequency: {
    method: 'POST',
    path: '/api/customer/billingFrequency',
    access: ACCESS.call,
    body: BillingFrequencyRequest,
    response: BillingFrequencyResponse,
  },
  serviceDefId: {
    method: 'POST',
    path: '/api/customer/serviceDefId',
    access: ACCESS.call,
    body: ServiceDefIdRequest,
    response: ServiceDefIdResponse,
  },
  customerQuote: {
    method: 'POST',
    path: '/api/customer/quote',
    access: ACCESS.callPricing,
    body: QuoteRequest,
    response: QuoteResponse,
  },
  customerOffers: {
    method: 'POST',
    path: '/api/CurrentCall/GetCustomerOffers',
    access: ACCESS.call,
    body: CustomerYearRequest,
    response: CustomerOffersResponse,
  },
  customerRecommendations: {
    method: 'POST',
    path: '/api/CurrentCall/GetCustomerRecommendations',
    access: ACCESS.call,
    body: CustomerRecommendationsRequest,
    response: CustomerRecommendationsResponse,
  },
  customerServices: {
    method: 'POST',
    path: '/api/CurrentCall/GetCustomerServices',
    access: ACCESS.call,
    body: CustomerYearRequest,
    response: CustomerServicesResponse,
  },
  callCenterServiceDesc: {
    method: 'POST',
    path: '/api/currentcall/getCallCenterServiceDesc',
    access: ACCESS.call,
    body: ServiceDescRequest,
    response: ServiceDescResponse,
  },
  serviceCodesByServicePricing: {
    method: 'POST',
    path: '/api/currentcall/getServiceCodesByServicePricing',
    access: ACCESS.call,
    body: FranchiseYearRequest,
    response: z.array(PriceListEntry),
  },
  billingPaymentByFranchise: {
    method: 'POST',
    path: '/api/currentcall/getBillingPaymentByFranchise',
    access: ACCESS.call,
    body: BillingPaymentRequest,
    response: BillingPaymentResponse,
  },
  franchiseYearInfo: {
    method: 'GET',
    path: '/api/CurrentCall/franchise/:sqldbid/:serviceYear/info',
    access: ACCESS.call,
    params: FranchiseYearParams,
    response: FranchiseYearInfo,
  },
} as const satisfies Record<string, RouteDef>;
