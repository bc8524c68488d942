import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { sendCsv } from '../../http/csv-reply.js';
import { exportCalls, searchCalls } from './service.js';
import { viewCall } from './view.js';

export function registerCallSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'searchOutboundCalls', ({ user, query }) => searchCalls(ctx, user, query), { compiled: true });
  defineRoute(app, ctx, 'exportOutboundCalls', async ({ user, query, reply }) => {
    const pieces = exportCalls(ctx, user, query);
    // The first piece settles the query: a bad $filter is still an ordinary 400, before anything is sent.
    const first = await pieces.next();
    async function* all() {
      if (!first.done) yield first.value;
      yield* pieces;
    }
    return sendCsv(reply, 'calls.csv', all());
  });
  defineRoute(app, ctx, 'callView', ({ user, params }) => viewCall(ctx, user, params.outboundId));
}
