/**
 * The route table: method, path, request and response of every endpoint. The server registers each
 * route from here and the web client calls through it, so neither side can drift from the other.
 */
import { z } from 'zod';
import { Ok } from './common.js';
import { ClientConfig, SessionResponse, SigninRequest, SigninResponse, SignupRequest, SessionUser } from './auth.js';
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
  CallInactiveRequest,
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
import { QuoteDetail, QuoteParams, QuotesQuery, QuotesResponse } from './quotes.js';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path with `:param` segments. */
  path: string;
  /** Whether a signed-in session is required. */
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export const routes = {
  clientConfig: { method: 'GET', path: '/api/client-config', auth: false, response: ClientConfig },
  signin: { method: 'POST', path: '/api/auth/signin', auth: false, body: SigninRequest, response: SigninResponse },
  signup: { method: 'POST', path: '/api/auth/signup', auth: false, body: SignupRequest, response: SigninResponse },
  signout: { method: 'POST', path: '/api/auth/signout', auth: true, response: Ok },
  session: { method: 'GET', path: '/api/auth/session', auth: true, response: SessionResponse },
  dashboard: { method: 'GET', path: '/api/dashboard', auth: true, response: DashboardResponse },
  updateProfile: {
    method: 'PUT',
    path: '/api/user/:UserId/profile',
    auth: true,
    params: UserIdParams,
    body: ProfileUpdateRequest,
    response: SessionUser,
  },
  updatePassword: {
    method: 'PUT',
    path: '/api/user/:UserId/password/',
    auth: true,
    params: UserIdParams,
    body: PasswordUpdateRequest,
    response: Ok,
  },
  searchCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchCustomers',
    auth: true,
    body: InboundSearchRequest,
    response: InboundSearchResponse,
  },
  searchCofCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchcofCustomers',
    auth: true,
    body: InboundSearchRequest,
    response: InboundSearchResponse,
  },
  searchIndCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchindCustomers',
    auth: true,
    body: InboundSearchRequest,
    response: InboundSearchResponse,
  },
  validateZipCode: {
    method: 'POST',
    path: '/api/inbound/validateZipCode',
    auth: true,
    body: ValidateZipRequest,
    response: ValidateZipResponse,
  },
  autocompleteAddress: {
    method: 'POST',
    path: '/api/inbound/autocompleteAddress',
    auth: true,
    body: AutocompleteRequest,
    response: AutocompleteResponse,
  },
  formatAddress: {
    method: 'POST',
    path: '/api/inbound/formatAddress',
    auth: true,
    body: StreetParts,
    response: FormatAddressResponse,
  },
  getCompanyInfo: {
    method: 'POST',
    path: '/api/inbound/getCompanyInfo',
    auth: true,
    body: CompanyInfoRequest,
    response: CompanyInfoResponse,
  },
  franchiseLookup: {
    method: 'GET',
    path: '/api/inbound/franchises',
    auth: true,
    query: FranchiseLookupQuery,
    response: FranchiseLookupResponse,
  },
  outboundList: {
    method: 'GET',
    path: '/api/call-center/outbound/:callType',
    auth: true,
    params: CallTypeParams,
    query: OutboundListQuery,
    response: OutboundListResponse,
  },
  outboundCofList: {
    method: 'GET',
    path: '/api/call-center/outboundcof/:callType',
    auth: true,
    params: CallTypeParams,
    query: OutboundListQuery,
    response: OutboundListResponse,
  },
  outboundIndList: {
    method: 'GET',
    path: '/api/call-center/outboundind/:callType',
    auth: true,
    params: CallTypeParams,
    query: OutboundListQuery,
    response: OutboundListResponse,
  },
  callResults: {
    method: 'GET',
    path: '/api/call-center/outbound/call-results/:callTypeId',
    auth: true,
    params: CallTypeIdParams,
    response: CallResultsResponse,
  },
  outboundCounts: {
    method: 'GET',
    path: '/api/OutboundCall/GetOutboundCallCounts',
    auth: true,
    query: BranchesQuery,
    response: OutboundCountsResponse,
  },
  outboundCofCounts: {
    method: 'GET',
    path: '/api/OutboundCall/GetOutboundcofCallCounts',
    auth: true,
    query: BranchesQuery,
    response: OutboundCountsResponse,
  },
  outboundIndCounts: {
    method: 'GET',
    path: '/api/OutboundCall/GetOutboundindCallCounts',
    auth: true,
    query: BranchesQuery,
    response: OutboundCountsResponse,
  },
  deleteOutbound: {
    method: 'POST',
    path: '/api/call-center/outbound/delete',
    auth: true,
    body: OutboundIdsRequest,
    response: OutboundChangeResponse,
  },
  completeWebLeads: {
    method: 'POST',
    path: '/api/call-center/outbound/complete-web-leads',
    auth: true,
    body: OutboundIdsRequest,
    response: OutboundChangeResponse,
  },
  deleteWebLeads: {
    method: 'POST',
    path: '/api/call-center/outbound/delete-web-leads',
    auth: true,
    body: OutboundIdsRequest,
    response: OutboundChangeResponse,
  },
  getLeads: {
    method: 'GET',
    path: '/api/call-center/getLeads',
    auth: true,
    query: LeadsQuery,
    response: LeadsResponse,
  },
  callTypes: { method: 'GET', path: '/api/call-center/call-types', auth: true, response: CallTypesResponse },
  callOptions: { method: 'GET', path: '/api/call-center/call-options', auth: true, response: CallOptionsResponse },
  agentNames: { method: 'GET', path: '/api/call-center/agentNames', auth: true, response: AgentNamesResponse },
  resolveCall: {
    method: 'GET',
    path: '/api/call-center/resolve-call/:sqldbid/:customerNo/:callType',
    auth: true,
    params: ResolveCallParams,
    response: ResolveCallResponse,
  },
  isCallActive: {
    method: 'POST',
    path: '/api/call-center/isCallActive',
    auth: true,
    body: CallKey,
    response: IsCallActiveResponse,
  },
  callActive: {
    method: 'POST',
    path: '/api/call-center/call-active',
    auth: true,
    body: CallActiveRequest,
    response: CallActiveResponse,
  },
  callInactive: {
    method: 'POST',
    path: '/api/call-center/call-inactive',
    auth: true,
    body: CallInactiveRequest,
    response: Ok,
  },
  callStatus: {
    method: 'POST',
    path: '/api/call-center/call-status',
    auth: true,
    body: CallStatusRequest,
    response: Ok,
  },
  savedCall: { method: 'GET', path: '/api/call-center/saved-call', auth: true, response: SavedCallResponse },
  insertCancelCall: {
    method: 'POST',
    path: '/api/currentcall/insertCancelCall',
    auth: true,
    body: InsertCancelCallRequest,
    response: InsertCancelCallResponse,
  },
  getCustomer: {
    method: 'GET',
    path: '/api/customer/:sqldbid/:customerNo',
    auth: true,
    params: CustomerParams,
    response: Customer,
  },
  getInboundCustomer: {
    method: 'GET',
    path: '/api/customer/inbound/:sqldbid/:customerNo',
    auth: true,
    params: CustomerParams,
    response: Customer,
  },
  updateCustomer: {
    method: 'PUT',
    path: '/api/customer/:customerNo/:sqldbid',
    auth: true,
    params: CustomerUpdateParams,
    body: CustomerUpdateRequest,
    response: CustomerUpdateResponse,
  },
  linkCustomerInfoEdit: {
    method: 'PUT',
    path: '/api/customer/customer-info-edit/:id',
    auth: true,
    params: InfoEditParams,
    body: InfoEditLinkRequest,
    response: Ok,
  },
  customerLookup: {
    method: 'POST',
    path: '/api/call-center/customer',
    auth: true,
    body: CustomerLookupRequest,
    response: CustomerLookupResponse,
  },
  setWebLeadCustomer: {
    method: 'PUT',
    path: '/api/call-center/outbound/web-leads/:sqldbid/setcustomer/:customerNumber',
    auth: true,
    params: SetWebLeadCustomerParams,
    body: SetWebLeadCustomerRequest,
    response: Ok,
  },
  customerHistory: {
    method: 'GET',
    path: '/api/customer/:sqldbid/:customerNo/:startDate/:endDate',
    auth: true,
    params: HistoryParams,
    response: HistoryResponse,
  },
  customerTouchpoints: {
    method: 'GET',
    path: '/api/customer/touchpoints/:sqldbid/:customerNo/:start/:end',
    auth: true,
    params: TouchpointParams,
    response: TouchpointsResponse,
  },
  doNotCallStatus: {
    method: 'GET',
    path: '/api/customer/FederalDoNotCallStatus/:customerNo/:sqldbid',
    auth: true,
    params: DncParams,
    response: DncResponse,
  },
  webOrders: {
    method: 'GET',
    path: '/api/CurrentCall/CurrentServiceYearWebOrders/:customerNo/:sqldbid',
    auth: true,
    params: WebOrdersParams,
    response: WebOrdersResponse,
  },
  callScript: {
    method: 'POST',
    path: '/api/currentcall/getCCScript',
    auth: true,
    body: ScriptRequest,
    response: ScriptResponse,
  },
  autoPay: {
    method: 'GET',
    path: '/api/CurrentCall/AutoPay/',
    auth: true,
    query: AutoPayQuery,
    response: AutoPayResponse,
  },
  disableAutoPay: {
    method: 'PUT',
    path: '/api/CurrentCall/:customerNo/:sqldbid/AutoPay/Disable',
    auth: true,
    params: CustomerUpdateParams,
    response: AutoPayResponse,
  },
  franchiseInfo: {
    method: 'POST',
    path: '/api/currentcall/getFranchiseInfo',
    auth: true,
    body: FranchiseRequest,
    response: FranchiseInfo,
  },
  companyConfigs: {
    method: 'POST',
    path: '/api/currentcall/getCompanyConfigs',
    auth: true,
    body: FranchiseRequest,
    response: CompanyConfigs,
  },
  customerPricing: {
    method: 'POST',
    path: '/api/customer/pricing',
    auth: true,
    body: PricingRequest,
    response: PricingResponse,
  },
  currentServiceYear: {
    method: 'GET',
    path: '/api/customer/currentserviceyear',
    auth: true,
    response: CurrentServiceYearResponse,
  },
  bundleServices: {
    method: 'POST',
    path: '/api/customer/bundleservices',
    auth: true,
    body: FranchiseYearRequest,
    response: z.array(PriceListEntry),
  },
  bundleServicesByProgram: {
    method: 'POST',
    path: '/api/customer/bundleservicesbyprogram',
    auth: true,
    body: BundleServicesByProgramRequest,
    response: z.array(PriceListEntry),
  },
  billingFrequency: {
    method: 'POST',
    path: '/api/customer/billingFrequency',
    auth: true,
    body: BillingFrequencyRequest,
    response: BillingFrequencyResponse,
  },
  serviceDefId: {
    method: 'POST',
    path: '/api/customer/serviceDefId',
    auth: true,
    body: ServiceDefIdRequest,
    response: ServiceDefIdResponse,
  },
  customerQuote: {
    method: 'POST',
    path: '/api/customer/quote',
    auth: true,
    body: QuoteRequest,
    response: QuoteResponse,
  },
  customerOffers: {
    method: 'POST',
    path: '/api/CurrentCall/GetCustomerOffers',
    auth: true,
    body: CustomerYearRequest,
    response: CustomerOffersResponse,
  },
  customerRecommendations: {
    method: 'POST',
    path: '/api/CurrentCall/GetCustomerRecommendations',
    auth: true,
    body: CustomerRecommendationsRequest,
    response: CustomerRecommendationsResponse,
  },
  customerServices: {
    method: 'POST',
    path: '/api/CurrentCall/GetCustomerServices',
    auth: true,
    body: CustomerYearRequest,
    response: CustomerServicesResponse,
  },
  callCenterServiceDesc: {
    method: 'POST',
    path: '/api/currentcall/getCallCenterServiceDesc',
    auth: true,
    body: ServiceDescRequest,
    response: ServiceDescResponse,
  },
  serviceCodesByServicePricing: {
    method: 'POST',
    path: '/api/currentcall/getServiceCodesByServicePricing',
    auth: true,
    body: FranchiseYearRequest,
    response: z.array(PriceListEntry),
  },
  billingPaymentByFranchise: {
    method: 'POST',
    path: '/api/currentcall/getBillingPaymentByFranchise',
    auth: true,
    body: BillingPaymentRequest,
    response: BillingPaymentResponse,
  },
  franchiseYearInfo: {
    method: 'GET',
    path: '/api/CurrentCall/franchise/:sqldbid/:serviceYear/info',
    auth: true,
    params: FranchiseYearParams,
    response: FranchiseYearInfo,
  },
  // ---- The end-call command (issue 7; docs/decisions/010-end-call-command.md) ----
  endCall: {
    method: 'POST',
    path: '/api/call-center/end-call',
    auth: true,
    body: EndCallRequest,
    response: EndCallResponse,
  },
  ...endCallRoutes,
  // The All Quotes page (see docs/decisions, all-quotes): lower case and apart from the orders service's /api/Orders.
  quotes: { method: 'GET', path: '/api/quotes', auth: true, query: QuotesQuery, response: QuotesResponse },
  quote: { method: 'GET', path: '/api/quotes/:orderId', auth: true, params: QuoteParams, response: QuoteDetail },
} as const satisfies Record<string, RouteDef>;

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
