import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import {
  agentNames,
  callOptionsList,
  callResultsOf,
  callTypesList,
  getLeads,
  listOutbound,
  outboundCounts,
  resolveCall,
} from './service.js';
import { completeWebLeads, deleteOutbound, deleteWebLeads } from './changes.js';

export function registerOutboundRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The list pages and the counts (asked for after every call) are written by the compiled serializer.
  const compiled = { compiled: true };
  defineRoute(
    app,
    ctx,
    'outboundList',
    ({ user, params, query }) => listOutbound(ctx, user, 'general', params.callType, query),
    compiled,
  );
  defineRoute(
    app,
    ctx,
    'outboundCofList',
    ({ user, params, query }) => listOutbound(ctx, user, 'cof', params.callType, query),
    compiled,
  );
  defineRoute(
    app,
    ctx,
    'outboundIndList',
    ({ user, params, query }) => listOutbound(ctx, user, 'ind', params.callType, query),
    compiled,
  );
  defineRoute(
    app,
    ctx,
    'outboundCounts',
    ({ user, query }) => outboundCounts(ctx, user, 'general', query.branches),
    compiled,
  );
  defineRoute(
    app,
    ctx,
    'outboundCofCounts',
    ({ user, query }) => outboundCounts(ctx, user, 'cof', query.branches),
    compiled,
  );
  defineRoute(
    app,
    ctx,
    'outboundIndCounts',
    ({ user, query }) => outboundCounts(ctx, user, 'ind', query.branches),
    compiled,
  );
  defineRoute(app, ctx, 'callResults', ({ params }) => Promise.resolve(callResultsOf(params.callTypeId)));
  defineRoute(app, ctx, 'callTypes', () => Promise.resolve(callTypesList()));
  defineRoute(app, ctx, 'callOptions', () => Promise.resolve(callOptionsList()));
  defineRoute(app, ctx, 'agentNames', ({ user }) => agentNames(ctx, user));
  defineRoute(app, ctx, 'deleteOutbound', ({ user, body }) => deleteOutbound(ctx, user, body));
  defineRoute(app, ctx, 'completeWebLeads', ({ user, body }) => completeWebLeads(ctx, user, body));
  defineRoute(app, ctx, 'deleteWebLeads', ({ user, body }) => deleteWebLeads(ctx, user, body));
  defineRoute(app, ctx, 'getLeads', ({ user, query }) => getLeads(ctx, user, query.branchno, query.cust_no));
  defineRoute(app, ctx, 'resolveCall', ({ user, params }) =>
    resolveCall(ctx, user, params.sqldbid, params.customerNo, params.callType),
  );
}
