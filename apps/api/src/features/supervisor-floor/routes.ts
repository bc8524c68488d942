import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { asUtilitiesUser } from '../../http/scope.js';
import { readSessionNotice, SESSIONS_CHANNEL } from '../../http/session-cache.js';
import { FloorHub, type FloorSubscriber } from './hub.js';
import { readFloor, readFloorTimed } from './service.js';
import { issueTicket, redeemTicket, streamRights } from './tickets.js';

export const FLOOR_CHANNEL = 'cc_floor';

/** How soon a browser comes back after its stream ends (SSE `retry`); the page itself asks for a new ticket. */
const RETRY_MS = 2000;

/** The supervisor's view of the floor (decision 035). */
export async function registerSupervisorFloorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new FloorHub({
    read: (scope) => readFloorTimed(ctx, scope),
    rights: (ids) => streamRights(ctx, ids),
    log: ctx.log,
    minIntervalMs: ctx.config.floor.minIntervalMs,
    heartbeatMs: ctx.config.floor.heartbeatSeconds * 1000,
  });
  app.decorate('floorHub', hub);
  // The migration's triggers NOTIFY `cc_floor` when a call opens or ends or a list count moves (0028); a reconnected
  // listener may have missed some, so every scope is read again then too.
  await ctx.notices.listen(FLOOR_CHANNEL, () => hub.changed());
  ctx.notices.onReconnect(() => hub.changed());
  // A user's session or grants changed (the session cache's notices, decision 042): its streams check their rights at
  // once, so a stream ends when its user signs out, is removed or loses the role, not at its next snapshot.
  await ctx.notices.listen(SESSIONS_CHANNEL, (payload) => {
    const notice = readSessionNotice(payload);
    if (notice.kind === 'session') hub.recheck((s) => s.sessionId === notice.sessionId);
    else if (notice.kind === 'user') hub.recheck((s) => s.userId === notice.userId);
    else if (notice.kind === 'all') hub.recheck(() => true);
  });
  // Streams end before the server closes (it waits for open connections, and a stream's stays open); the LISTEN
  // connection closes after (app.ts).
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });

  defineRoute(app, ctx, 'floorSnapshot', ({ user }) => readFloor(ctx, asUtilitiesUser(user).scope));
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
        scope: asUtilitiesUser(user).scope,
        sessionId: user.sessionId,
        userId: user.userId,
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
