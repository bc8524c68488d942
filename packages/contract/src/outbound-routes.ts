/**
 * Route-table rows of the outbound call lists: the lists and their counts, their changes, the leads, the call
 * types, results and options, and resolving a call (spread into `routes` in routes.ts).
 */
import { ACCESS } from '@cc/domain';
import type { RouteDef } from './route-def.js';
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

export const outboundRoutes = {
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
} as const satisfies Record<string, RouteDef>;
