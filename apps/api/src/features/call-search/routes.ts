import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { Readable } from 'node:stream';
import { exportCalls, searchCalls } from './service.js';

export function registerCallSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'searchOutboundCalls', ({ user, query }) => searchCalls(ctx, user, query));
  defineRoute(app, ctx, 'exportOutboundCalls', async ({ user, query, reply }) => {
    const pieces = exportCalls(ctx, user, query);
    // The first piece settles the query: a bad $filter is still an ordinary 400, before anything is sent.
    const first = await pieces.next();
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="calls.csv"');
    async function* all() {
      yield '\ufeff';
      if (!first.done) yield first.value;
      yield* pieces;
    }
    // A stream is sent as it is: the text is CSV, not JSON.
    return Readable.from(all()) as never;
  });
}
