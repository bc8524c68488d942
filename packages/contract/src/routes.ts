/**
 * The route table: method, path, request and response of every endpoint. The server registers each
 * route from here and the web client calls through it, so neither side can drift from the other.
 */
import { z } from './zod.js';
import { ACCESS } from '@cc/domain';
import type { RouteDef } from './route-def.js';
import { Ok } from './common.js';
import {
  CallInactiveWithWorkState,
  CallWorkStateParams,
  CallWorkStateResponse,
  CallWorkStateSave,
  CallWorkStateSaveResponse,
} from './call-work-state.js';
import {
  ClientConfig,
  SessionResponse,
  SigninRequest,
  SigninResponse,
  SignupRequest,
  SessionUser,
  SignoutResponse,
  UnlockRequest,
} from './auth.js';
import { PasswordUpdateRequest, ProfileUpdateRequest, UserIdParams } from './profile.js';
import { DashboardResponse } from './dashboard.js';
import {
  AutocompleteRequest,
  AutocompleteResponse,
  CompanyInfoRequest,
  CompanyInfoResponse,
  FormatAddressResponse,
  FranchiseLookupQuery,
  FranchiseLookupResponse,
  InboundSearchRequest,
  InboundSearchResponse,
  StreetParts,
  ValidateZipRequest,
  ValidateZipResponse,
} from './inbound.js';
import {
  AgentNamesResponse,
  BranchesQuery,
  CallOptionsResponse,
  CallResultsResponse,
  CallTypeIdParams,
  CallTypeParams,
  CallTypesResponse,
  LeadsQuery,
  LeadsResponse,
  OutboundChangeResponse,
  OutboundCountsResponse,
  OutboundIdsRequest,
  OutboundListQuery,
  OutboundListResponse,
  ResolveCallParams,
  ResolveCallResponse,
} from './outbound.js';
import {
  AutoPayQuery,
  AutoPayResponse,
  CallActiveRequest,
  CallActiveResponse,
  CallKey,
  CallStatusRequest,
  CompanyConfigs,
  Customer,
  CustomerLookupRequest,
  CustomerLookupResponse,
  CustomerParams,
  CustomerUpdateParams,
  CustomerUpdateRequest,
  CustomerUpdateResponse,
  DncParams,
  DncResponse,
  FranchiseInfo,
  FranchiseRequest,
  HistoryParams,
  HistoryResponse,
  InfoEditLinkRequest,
  InfoEditParams,
  InsertCancelCallRequest,
  InsertCancelCallResponse,
  IsCallActiveResponse,
  SavedCallResponse,
  ScriptRequest,
  ScriptResponse,
  SetWebLeadCustomerParams,
  SetWebLeadCustomerRequest,
  TouchpointParams,
  TouchpointsResponse,
  WebOrdersParams,
  WebOrdersResponse,
} from './current-call.js';
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
  QuoteRequest,
  QuoteResponse,
  ServiceDefIdRequest,
  ServiceDefIdResponse,
  ServiceDescRequest,
  ServiceDescResponse,
} from './pricing.js';
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
import { mapsRoutes } from './maps-routes.js';
import { ssoRoutes } from './sso-routes.js';
import { QuoteDetail, QuoteParams, QuotesQuery, QuotesResponse } from './quotes.js';

export const routes = {
  clientConfig: { method: 'GET', path: '/api/client-config', access: ACCESS.public, response: ClientConfig },
  signin: {
    method: 'POST',
    path: '/api/auth/signin',
    access: ACCESS.public,
    body: SigninRequest,
    response: SigninResponse,
  },
  signup: {
    method: 'POST',
    path: '/api/auth/signup',
    access: ACCESS.public,
    body: SignupRequest,
    response: SigninResponse,
  },
  /**
   * A browser session's new access token: reads and rotates the refresh cookie that sign-in set (single use; an
   * already-used one ends the session). Public because the cookie, not a bearer token, is the credential.
   */
  refresh: { method: 'POST', path: '/api/auth/refresh', access: ACCESS.public, response: SigninResponse },
  unlockSignin: {
    method: 'POST',
    path: '/api/auth/unlock',
    access: ACCESS.userAdmin,
    body: UnlockRequest,
    response: Ok,
  },
  signout: { method: 'POST', path: '/api/auth/signout', access: ACCESS.signedIn, response: SignoutResponse },
  session: { method: 'GET', path: '/api/auth/session', access: ACCESS.signedIn, response: SessionResponse },
  dashboard: { method: 'GET', path: '/api/dashboard', access: ACCESS.signedIn, response: DashboardResponse },
  updateProfile: {
    method: 'PUT',
    path: '/api/user/:UserId/profile',
    access: ACCESS.signedIn,
    params: UserIdParams,
    body: ProfileUpdateRequest,
    response: SessionUser,
  },
  updatePassword: {
    method: 'PUT',
    path: '/api/user/:UserId/password/',
    access: ACCESS.signedIn,
    params: UserIdParams,
    body: PasswordUpdateRequest,
    response: Ok,
  },
  searchCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchCustomers',
    access: ACCESS.inbound,
    body: InboundSearchRequest,
    response: InboundSearchResponse,
  },
  searchCofCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchcofCustomers',
    access: ACCESS.inbound,
    body: InboundSearchRequest,
    response: InboundSearchResponse,
  },
  searchIndCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchindCustomers',
    access: ACCESS.inbound,
    body: InboundSearchRequest,
    response: InboundSearchResponse,
  },
  validateZipCode: {
    method: 'POST',
    path: '/api/inbound/validateZipCode',
    access: ACCESS.inbound,
    body: ValidateZipRequest,
    response: ValidateZipResponse,
  },
  autocompleteAddress: {
    method: 'POST',
    path: '/api/inbound/autocompleteAddress',
    access: ACCESS.inbound,
    body: AutocompleteRequest,
    response: AutocompleteResponse,
  },
  formatAddress: {
    method: 'POST',
    path: '/api/inbound/formatAddress',
    access: ACCESS.inbound,
    body: StreetParts,
    response: FormatAddressResponse,
  },
  getCompanyInfo: {
    method: 'POST',
    path: '/api/inbound/getCompanyInfo',
    access: ACCESS.inbound,
    body: CompanyInfoRequest,
    response: CompanyInfoResponse,
  },
  franchiseLookup: {
    method: 'GET',
    path: '/api/inbound/franchises',
    access: ACCESS.inbound,
    query: FranchiseLookupQuery,
    response: FranchiseLookupResponse,
  },
  outboundList: {
    method: 'GET',
    path: '/api/call-center/outbound/:callType',
    access: ACCESS.outbound,
    params: CallTypeParams,
    query: OutboundListQuery,
    response: OutboundListResponse,
  },
  outboundCofList: {
    method: 'GET',
    path: '/api/call-center/outboundcof/:callType',
    access: ACCESS.outbound,
    params: CallTypeParams,
    query: OutboundListQuery,
    response: OutboundListResponse,
  },
  outboundIndList: {
    method: 'GET',
    path: '/api/call-center/outboundind/:callType',
    access: ACCESS.outbound,
    params: CallTypeParams,
    query: OutboundListQuery,
    response: OutboundListResponse,
  },
  callResults: {
    method: 'GET',
    path: '/api/call-center/outbound/call-results/:callTypeId',
    access: ACCESS.call,
    params: CallTypeIdParams,
    response: CallResultsResponse,
  },
  outboundCounts: {
    method: 'GET',
    path: '/api/OutboundCall/GetOutboundCallCounts',
    access: ACCESS.outbound,
    query: BranchesQuery,
    response: OutboundCountsResponse,
  },
  outboundCofCounts: {
    method: 'GET',
    path: '/api/OutboundCall/GetOutboundcofCallCounts',
    access: ACCESS.outbound,
    query: BranchesQuery,
    response: OutboundCountsResponse,
  },
  outboundIndCounts: {
    method: 'GET',
    path: '/api/OutboundCall/GetOutboundindCallCounts',
    access: ACCESS.outbound,
    query: BranchesQuery,
    response: OutboundCountsResponse,
  },
  deleteOutbound: {
    method: 'POST',
    path: '/api/call-center/outbound/delete',
    access: ACCESS.outbound,
    body: OutboundIdsRequest,
    response: OutboundChangeResponse,
  },
  completeWebLeads: {
    method: 'POST',
    path: '/api/call-center/outbound/complete-web-leads',
    access: ACCESS.outbound,
    body: OutboundIdsRequest,
    response: OutboundChangeResponse,
  },
  deleteWebLeads: {
    method: 'POST',
    path: '/api/call-center/outbound/delete-web-leads',
    access: ACCESS.outbound,
    body: OutboundIdsRequest,
    response: OutboundChangeResponse,
  },
  getLeads: {
    method: 'GET',
    path: '/api/call-center/getLeads',
    access: ACCESS.call,
    query: LeadsQuery,
    response: LeadsResponse,
  },
  callTypes: {
    method: 'GET',
    path: '/api/call-center/call-types',
    access: ACCESS.callLists,
    response: CallTypesResponse,
  },
  callOptions: {
    method: 'GET',
    path: '/api/call-center/call-options',
    access: ACCESS.call,
    response: CallOptionsResponse,
  },
  agentNames: {
    method: 'GET',
    path: '/api/call-center/agentNames',
    access: ACCESS.callLists,
    response: AgentNamesResponse,
  },
  resolveCall: {
    method: 'GET',
    path: '/api/call-center/resolve-call/:sqldbid/:customerNo/:callType',
    access: ACCESS.call,
    params: ResolveCallParams,
    response: ResolveCallResponse,
  },
  isCallActive: {
    method: 'POST',
    path: '/api/call-center/isCallActive',
    access: ACCESS.call,
    body: CallKey,
    response: IsCallActiveResponse,
  },
  callActive: {
    method: 'POST',
    path: '/api/call-center/call-active',
    access: ACCESS.call,
    body: CallActiveRequest,
    response: CallActiveResponse,
  },
  callInactive: {
    method: 'POST',
    path: '/api/call-center/call-inactive',
    access: ACCESS.call,
    body: CallInactiveWithWorkState,
    response: Ok,
  },
  callStatus: {
    method: 'POST',
    path: '/api/call-center/call-status',
    access: ACCESS.call,
    body: CallStatusRequest,
    response: Ok,
  },
  /** The working state of a call this user is on (docs/decisions/023-call-working-state.md). */
  callWorkState: {
    method: 'GET',
    path: '/api/call-center/work-state/:sqldbid/:customerNo',
    access: ACCESS.call,
    params: CallWorkStateParams,
    response: CallWorkStateResponse,
  },
  saveCallWorkState: {
    method: 'PUT',
    path: '/api/call-center/work-state/:sqldbid/:customerNo',
    access: ACCESS.call,
    params: CallWorkStateParams,
    body: CallWorkStateSave,
    response: CallWorkStateSaveResponse,
  },
  discardCallWorkState: {
    method: 'DELETE',
    path: '/api/call-center/work-state/:sqldbid/:customerNo',
    access: ACCESS.call,
    params: CallWorkStateParams,
    response: Ok,
  },
  savedCall: {
    method: 'GET',
    path: '/api/call-center/saved-call',
    access: ACCESS.signedIn,
    response: SavedCallResponse,
  },
  insertCancelCall: {
    method: 'POST',
    path: '/api/currentcall/insertCancelCall',
    access: ACCESS.call,
    body: InsertCancelCallRequest,
    response: InsertCancelCallResponse,
  },
  getCustomer: {
    method: 'GET',
    path: '/api/customer/:sqldbid/:customerNo',
    access: ACCESS.call,
    params: CustomerParams,
    response: Customer,
  },
  getInboundCustomer: {
    method: 'GET',
    path: '/api/customer/inbound/:sqldbid/:customerNo',
    access: ACCESS.call,
    params: CustomerParams,
    response: Customer,
  },
  updateCustomer: {
    method: 'PUT',
    path: '/api/customer/:customerNo/:sqldbid',
    access: ACCESS.call,
    params: CustomerUpdateParams,
    body: CustomerUpdateRequest,
    response: CustomerUpdateResponse,
  },
  linkCustomerInfoEdit: {
    method: 'PUT',
    path: '/api/customer/customer-info-edit/:id',
    access: ACCESS.call,
    params: InfoEditParams,
    body: InfoEditLinkRequest,
    response: Ok,
  },
  customerLookup: {
    method: 'POST',
    path: '/api/call-center/customer',
    access: ACCESS.call,
    body: CustomerLookupRequest,
    response: CustomerLookupResponse,
  },
  setWebLeadCustomer: {
    method: 'PUT',
    path: '/api/call-center/outbound/web-leads/:sqldbid/setcustomer/:customerNumber',
    access: ACCESS.call,
    params: SetWebLeadCustomerParams,
    body: SetWebLeadCustomerRequest,
    response: Ok,
  },
  customerHistory: {
    method: 'GET',
    path: '/api/customer/:sqldbid/:customerNo/:startDate/:endDate',
    access: ACCESS.call,
    params: HistoryParams,
    response: HistoryResponse,
  },
  customerTouchpoints: {
    method: 'GET',
    path: '/api/customer/touchpoints/:sqldbid/:customerNo/:start/:end',
    access: ACCESS.call,
    params: TouchpointParams,
    response: TouchpointsResponse,
  },
  doNotCallStatus: {
    method: 'GET',
    path: '/api/customer/FederalDoNotCallStatus/:customerNo/:sqldbid',
    access: ACCESS.call,
    params: DncParams,
    response: DncResponse,
  },
  webOrders: {
    method: 'GET',
    path: '/api/CurrentCall/CurrentServiceYearWebOrders/:customerNo/:sqldbid',
    access: ACCESS.call,
    params: WebOrdersParams,
    response: WebOrdersResponse,
  },
  callScript: {
    method: 'POST',
    path: '/api/currentcall/getCCScript',
    access: ACCESS.call,
    body: ScriptRequest,
    response: ScriptResponse,
  },
  autoPay: {
    method: 'GET',
    path: '/api/CurrentCall/AutoPay/',
    access: ACCESS.call,
    query: AutoPayQuery,
    response: AutoPayResponse,
  },
  disableAutoPay: {
    method: 'PUT',
    path: '/api/CurrentCall/:customerNo/:sqldbid/AutoPay/Disable',
    access: ACCESS.call,
    params: CustomerUpdateParams,
    response: AutoPayResponse,
  },
  franchiseInfo: {
    method: 'POST',
    path: '/api/currentcall/getFranchiseInfo',
    access: ACCESS.call,
    body: FranchiseRequest,
    response: FranchiseInfo,
  },
  companyConfigs: {
    method: 'POST',
    path: '/api/currentcall/getCompanyConfigs',
    access: ACCESS.call,
    body: FranchiseRequest,
    response: CompanyConfigs,
  },
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
    access: ACCESS.call,
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
  // ---- The end-call command (issue 7; docs/decisions/010-end-call-command.md) ----
  endCall: {
    method: 'POST',
    path: '/api/call-center/end-call',
    access: ACCESS.call,
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
  // ---- User administration (issue 15; docs/decisions/026-user-administration.md) ----
  ...userRoutes,
  // ---- Call search (issue 17; docs/decisions/033-call-search.md) ----
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
  // ---- Franchise Maintenance and Resend Emails (issue 16 points 4, 5; decision 032) ----
  ...franchiseConfigRoutes,
  ...assignmentRoutes,
  ...outboundImportRoutes,
  // ---- The supervisor's view of the floor (issue 17 point 3; decision 035) ----
  ...supervisorFloorRoutes,
  // ---- MeasureIt (issue 18; decision 036) ----
  ...measureItRoutes,
  ...measureItSearchRoutes,
  ...measureItResumeRoutes,
  // ---- MeasureIt's map: imagery configuration and the address search (issue 18 point 7; decision 037) ----
  ...mapsRoutes,
  ...ssoRoutes,
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
