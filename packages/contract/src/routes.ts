/**
 * The route table: method, path, request and response of every endpoint. The server registers each
 * route from here and the web client calls through it, so neither side can drift from the other.
 */
import type { z } from 'zod';
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
  InboundCriteria,
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
    body: InboundCriteria,
    response: InboundSearchResponse,
  },
  searchCofCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchcofCustomers',
    auth: true,
    body: InboundCriteria,
    response: InboundSearchResponse,
  },
  searchIndCustomers: {
    method: 'POST',
    path: '/api/InboundCall/SearchindCustomers',
    auth: true,
    body: InboundCriteria,
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
