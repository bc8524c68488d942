import type { FastifyInstance } from 'fastify';
import { routes } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { readSessionNotice, SESSIONS_CHANNEL } from '../../http/session-cache.js';
import { openEventStream } from '../../lib/event-stream/sse.js';
import { issueTicket, redeemTicket, streamRights } from '../../lib/event-stream/tickets.js';
import { dial } from './dial.js';
import { PopHub } from './pop-hub.js';
import { AGENT_STATE_CHANNEL, POP_CHANNEL, recordEvent, type PopNotice } from './service.js';
import { verifySignature } from './signature.js';

/** The phone system's events, the CSRs' screen pops and their agent-state changes (decisions 074, 075, 081). */
export async function registerTelephonyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = new PopHub({
    rights: (ids) => streamRights(ctx, ids, routes.popStream.access, (u) => u.scope),
    log: ctx.log,
    heartbeatMs: ctx.config.floor.heartbeatSeconds * 1000,
  });
  await ctx.notices.listen(POP_CHANNEL, (payload) => {
    try {
      hub.pop(JSON.parse(payload) as PopNotice);
    } catch (error) {
      ctx.log.warn({ err: error }, 'screen pops: a notice that is not a pop');
    }
  });
  // A history row of a user's agent state was written (migration 0048's trigger): the payload is the user id.
  await ctx.notices.listen(AGENT_STATE_CHANNEL, (payload) => {
    const userId = Number(payload);
    if (Number.isInteger(userId)) hub.stateChanged(userId);
  });
  await ctx.notices.listen(SESSIONS_CHANNEL, (payload) => {
    const notice = readSessionNotice(payload);
    if (notice.kind === 'session') hub.recheck((s) => s.sessionId === notice.sessionId);
    else if (notice.kind === 'user') hub.recheck((s) => s.userId === notice.userId);
    else if (notice.kind === 'all') hub.recheck(() => true);
  });
  app.decorate('popHub', hub);
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });

  // The events' signature covers the body as it was sent: in this context a JSON body is kept as text beside its parse.
  await app.register((scoped, _options, done) => {
    // Fastify's own JSON parser reads the text, with its guard against prototype keys.
    const json = scoped.getDefaultJsonParser('remove', 'remove');
    scoped.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, parsed) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      request.rawBody = text;
      if (text === '') {
        parsed(null, {});
        return;
      }
      void json(request, text, (error, value) =>
        error ? parsed(badRequest('body', 'is not JSON'), undefined) : parsed(null, value),
      );
    });
    defineRoute(
      scoped,
      ctx,
      'telephonyEvents',
      ({ body, request }) => recordEvent(ctx, body, request.telephonySignature ?? ''),
      {
        verify: (request) => {
          verifySignature(request, ctx.config.telephony, ctx.now());
          return Promise.resolve();
        },
      },
    );
    done();
  });

  defineRoute(app, ctx, 'telephonyDial', ({ user, body }) => dial(ctx, user, body));
  defineRoute(app, ctx, 'popStreamTicket', ({ user }) => issueTicket(ctx, user));
  defineRoute(
    app,
    ctx,
    'popStream',
    ({ user, reply }) => {
      const stream = openEventStream(reply);
      const remove = hub.subscribe({
        userId: user.userId,
        sessionId: user.sessionId,
        write: stream.write,
        end: stream.end,
      });
      stream.onEnd(remove);
      return Promise.resolve(stream.body as never);
    },
    { credential: (request) => redeemTicket(ctx, request) },
  );
}
