/**
 * The route table: method, path, request and response of every endpoint. The server registers each
 * route from here and the web client calls through it, so neither side can drift from the other.
 */
import type { z } from './zod.js';
import { ACCESS } from '@cc/domain';
import type { RouteDef } from './route-def.js';
import { authRoutes } from './auth-routes.js';
import { inboundRoutes } from './inbound-routes.js';
import { outboundRoutes } from './outbound-routes.js';
import { currentCallRoutes } from './current-call-routes.js';
import { pricingRoutes } from './pricing-routes.js';
import { EndCallRequest, EndCallResponse } from './end-call-command.js';
import { endCallRoutes } from './end-call-routes.js';
import { enrollmentRoutes } from './enrollment.js';
import { userRoutes } from './users-routes.js';
import { CallSearchCsv, CallSearchExportQuery, CallSearchQuery, CallSearchResponse } from './call-search.js';
import { franchiseConfigRoutes } from './franchise-configs-routes.js';
import { assignmentRoutes } from './assignments-routes.js';
import { outboundImportRoutes } from './outbound-import-routes.js';
import { measureItRoutes } from './measureit-routes.js';
import { measureItSearchRoutes } from './measureit-search-routes.js';
import { measureItResumeRoutes } from './measureit-resume.js';
import { supervisorFloorRoutes } from './supervisor-floor-routes.js';
import { agentStateRoutes } from './agent-states-routes.js';
import { mapsRoutes } from './maps-routes.js';
import { ssoRoutes } from './sso-routes.js';
import { callViewRoutes } from './call-view.js';
import { telephonyRoutes } from './telephony-routes.js';
import { phoneLineRoutes } from './phone-lines-routes.js';
import { reportRoutes } from './reports-routes.js';
import { QuoteDetail, QuoteParams, QuotesQuery, QuotesResponse } from './quotes.js';

export const routes = {
  ...authRoutes,
  ...inboundRoutes,
  ...outboundRoutes,
  ...currentCallRoutes,
  ...pricingRoutes,
  // ---- The end-call command (docs/decisions/010-end-call-command.md) ----
  endCall: {
    method: 'POST',
    path: '/api/call-center/end-call',
    access: ACCESS.callPricing,
    body: EndCallRequest,
    response: EndCallResponse,
  },
  ...endCallRoutes,
  ...enrollmentRoutes,
  // The All Quotes page (see docs/decisions, all-quotes): lower case and apart from the orders service's /api/Orders.
  quotes: { method: 'GET', path: '/api/quotes', access: ACCESS.call, query: QuotesQuery, response: QuotesResponse },
  quote: {
    method: 'GET',
    path: '/api/quotes/:orderId',
    access: ACCESS.call,
    params: QuoteParams,
    response: QuoteDetail,
  },
  // ---- User administration (docs/decisions/026-user-administration.md) ----
  ...userRoutes,
  // ---- Call search (docs/decisions/033-call-search-odata.md) ----
  searchOutboundCalls: {
    method: 'GET',
    path: '/api/odata/GetSearchOutboundCalls',
    access: ACCESS.callSearch,
    query: CallSearchQuery,
    response: CallSearchResponse,
  },
  exportOutboundCalls: {
    method: 'GET',
    path: '/api/odata/GetSearchOutboundCalls/export',
    access: ACCESS.callSearch,
    query: CallSearchExportQuery,
    response: CallSearchCsv,
  },
  // ---- Franchise Maintenance and Resend Emails (decision 032) ----
  ...franchiseConfigRoutes,
  ...assignmentRoutes,
  ...outboundImportRoutes,
  // ---- The supervisor's view of the floor (decision 035) ----
  ...supervisorFloorRoutes,
  // ---- Agent states (decision 076) ----
  ...agentStateRoutes,
  // ---- MeasureIt (decision 036) ----
  ...measureItRoutes,
  ...measureItSearchRoutes,
  ...measureItResumeRoutes,
  // ---- MeasureIt's map: imagery configuration and the address search (decision 037) ----
  ...mapsRoutes,
  ...ssoRoutes,
  // ---- A call opened from Call Search, read-only (decision 066) ----
  ...callViewRoutes,
  // ---- The phone system: signed events, the CSR's screen pops (decisions 074, 075) ----
  ...telephonyRoutes,
  // ---- The phone lines: DNIS → branch (decision 081) ----
  ...phoneLineRoutes,
  // ---- The supervisor's numbers (decision 082) ----
  ...reportRoutes,
} as const satisfies Record<string, RouteDef>;

export type { RouteDef } from './route-def.js';
export type Routes = typeof routes;
export type RouteName = keyof Routes;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferInput<T> = T extends z.ZodType ? z.input<T> : undefined;
export type RouteResponse<N extends RouteName> = Infer<Routes[N]['response']>;
export type RouteBody<N extends RouteName> = Routes[N] extends { body: infer B } ? InferInput<B> : undefined;
export type RouteParams<N extends RouteName> = Routes[N] extends { params: infer P } ? InferInput<P> : undefined;
export type RouteQuery<N extends RouteName> = Routes[N] extends { query: infer Q } ? InferInput<Q> : undefined;

/** Fill `:param` segments of a route path. */
export function buildPath(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
