import type { FastifyInstance } from 'fastify';
import { routes } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { asUtilitiesUser } from '../../http/scope.js';
import { readSessionNotice, SESSIONS_CHANNEL } from '../../http/session-cache.js';
import { openEventStream } from '../../lib/event-stream/sse.js';
import { issueTicket, redeemTicket, streamRights } from '../../lib/event-stream/tickets.js';
import { FloorHub, type FloorSubscriber } from './hub.js';
import { readFloor, readFloorTimed } from './service.js';

export const FLOOR_CHANNEL = 'cc_floor';

/** The supervisor's view of the floor (decision 035). */
export async function registerSupervisorFloorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new FloorHub({
    read: (scope) => readFloorTimed(ctx, scope),
    // The utilities' scope (decision 065), under the stream route's rule.
    rights: (ids) => streamRights(ctx, ids, routes.floorStream.access, (u) => asUtilitiesUser(u).scope),
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
      const stream = openEventStream(reply);
      const subscriber: FloorSubscriber = {
        scope: asUtilitiesUser(user).scope,
        sessionId: user.sessionId,
        userId: user.userId,
        write: stream.write,
        end: stream.end,
      };
      // However the stream ends (the browser goes, the hub ends it), it leaves the hub.
      void hub.subscribe(subscriber).then((unsubscribe) => stream.onEnd(unsubscribe));
      return Promise.resolve(stream.body as never);
    },
    { credential: (request) => redeemTicket(ctx, request) },
  );
}
