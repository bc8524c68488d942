import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { FloorHub, type FloorSubscriber } from './hub.js';
import { listenForFloorChanges } from './listener.js';
import { readFloor } from './service.js';
import { issueTicket, liveSessions, redeemTicket } from './tickets.js';

/** How soon a browser comes back after its stream ends (SSE `retry`); the page itself asks for a new ticket. */
const RETRY_MS = 2000;

/** The supervisor's view of the floor (issue 17 point 3; decision 035). */
export async function registerSupervisorFloorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new FloorHub({
    read: (scope) => readFloor(ctx, scope),
    liveSessions: (ids) => liveSessions(ctx, ids),
    log: ctx.log,
    minIntervalMs: ctx.config.floor.minIntervalMs,
    heartbeatMs: ctx.config.floor.heartbeatSeconds * 1000,
  });
  app.decorate('floorHub', hub);
  const listener = await listenForFloorChanges(ctx.db, () => hub.changed(), ctx.log);
  // Streams end before the server closes (it waits for open connections, and a stream's stays open), and the
  // LISTEN connection after.
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });
  app.addHook('onClose', async () => {
    await listener.close();
  });

  defineRoute(app, ctx, 'floorSnapshot', ({ user }) => readFloor(ctx, user.scope));
  defineRoute(app, ctx, 'floorStreamTicket', ({ user }) => issueTicket(ctx, user));
  defineRoute(
    app,
    ctx,
    'floorStream',
    ({ user, reply }) => {
      const out = new PassThrough();
      reply.header('content-type', 'text/event-stream; charset=utf-8');
      reply.header('cache-control', 'no-store');
      // nginx and others buffer a response unless told not to: an event must reach the browser when it is written.
      reply.header('x-accel-buffering', 'no');
      out.write(`retry: ${RETRY_MS}\n\n`);
      let remove: (() => void) | undefined;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        remove?.();
        out.end();
      };
      const subscriber: FloorSubscriber = {
        scope: user.scope,
        sessionId: user.sessionId,
        write: (frame) => !ended && out.write(frame),
        end,
      };
      // The browser went away (or the server closed the connection): the stream leaves the hub.
      reply.raw.once('close', end);
      void hub.subscribe(subscriber).then((unsubscribe) => {
        remove = unsubscribe;
        if (ended) unsubscribe();
      });
      return Promise.resolve(out as never);
    },
    { credential: (request) => redeemTicket(ctx, request) },
  );
}
