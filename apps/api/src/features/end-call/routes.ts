/**
 * The calls of the end-call flow, each on its own (call-handling.md §7). Thin: each opens a transaction
 * and calls the data-layer function the end-call command calls too. The orders and surveys services
 * also require the X-SessionId header of an orders-service session.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { defineRoute } from '../../http/route.js';
import { insertCallHistory, setCallbackStatus, updateCallHistory } from './call-history.js';
import { saveCallServices } from './call-services.js';
import { queueEndCallEmail, queueThpEmail } from './emails.js';
import {
  createOrder,
  customerOrder,
  getOrder,
  patchOrder,
  setOrderNdc,
  setOrderSource,
  updateOrder,
} from './orders.js';
import { addOrderCoupon, createOrderLine, patchOrderLine, updateOrderLine } from './order-lines.js';
import { createOrderSession, requireOrderSession } from './order-sessions.js';
import { couponsFor, listPricesFor } from './order-guards.js';
import { logStep } from './step-log.js';
import { endCall } from './command.js';
import { getSurveyDefinition, saveCallSurvey, saveRequestedSurvey } from './surveys.js';

const ok = { ok: true as const };

export function registerEndCallRoutes(app: FastifyInstance, ctx: AppContext): void {
  // JSON Patch bodies arrive as application/json-patch+json (RFC 6902); parse them as JSON.
  app.addContentTypeParser(
    'application/json-patch+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  const tx = <T>(fn: (tx: Tx) => Promise<T>) => ctx.db.transaction(fn);
  /** An orders/surveys-service call: the session header is checked in the same transaction. */
  const withSession = <T>(user: AuthUser, request: FastifyRequest, fn: (tx: Tx, sessionId: string) => Promise<T>) =>
    tx(async (t) => fn(t, await requireOrderSession(t, user, request.headers['x-sessionid'], ctx.now())));

  // The screen's one request: the whole sequence in one transaction (command.ts).
  defineRoute(app, ctx, 'endCall', ({ user, body }) => endCall(ctx, user, body, ctx.hooks?.endCallStep));

  defineRoute(app, ctx, 'insertCallHistory', async ({ user, body }) => {
    const { call_id } = await tx((t) => insertCallHistory(ctx, t, user, body, ctx.now()));
    return { call_id };
  });
  defineRoute(app, ctx, 'updateCallHistory', async ({ user, body }) => {
    await tx((t) => updateCallHistory(ctx, t, user, body));
    return ok;
  });
  defineRoute(app, ctx, 'callbackStatus', ({ user, body }) =>
    tx((t) => setCallbackStatus(ctx, t, user, body, ctx.now())),
  );
  defineRoute(app, ctx, 'updateOrderSource', ({ user, body }) =>
    tx((t) => setOrderSource(ctx, t, user, body.orderId, body.source, ctx.now())),
  );
  defineRoute(app, ctx, 'updateOrderNdc', ({ user, body }) =>
    tx((t) => setOrderNdc(ctx, t, user, body.orderId, body.ndc, ctx.now())),
  );
  defineRoute(app, ctx, 'customerOrder', async ({ user, params }) => ({
    order: await customerOrder(ctx.db, user, params.sqldbid, params.customerno),
  }));
  defineRoute(app, ctx, 'saveCallServices', ({ user, body }) => tx((t) => saveCallServices(ctx, t, user, body)));
  defineRoute(app, ctx, 'saveNewCustomerSurvey', async ({ user, body }) => {
    const saved = await tx((t) => saveCallSurvey(ctx, t, user, body.callId, body.SurveyResults, ctx.now()));
    return { SurveyId: saved.surveyId, completedOn: saved.completedOn, timeZone: saved.timeZone };
  });
  defineRoute(app, ctx, 'sendEndCallEmail', async ({ user, body }) => {
    const answer = await tx((t) => queueEndCallEmail(t, user, body.callId, ctx.now()));
    ctx.mail.nudge();
    return answer;
  });
  defineRoute(app, ctx, 'insertThpEmail', async ({ user, body }) => {
    const answer = await tx((t) => queueThpEmail(t, user, body.callId, ctx.now()));
    ctx.mail.nudge();
    return answer;
  });
  defineRoute(app, ctx, 'stepDebug', ({ user, body }) => tx((t) => logStep(t, user, body, ctx.now())));

  // The orders service.
  defineRoute(app, ctx, 'createOrderSession', ({ user }) => tx((t) => createOrderSession(t, user, ctx.now())));
  defineRoute(app, ctx, 'getOrder', ({ user, params, request }) =>
    withSession(user, request, (t) => getOrder(t, user, params.orderId)),
  );
  defineRoute(app, ctx, 'createOrder', ({ user, body, request }) =>
    withSession(user, request, (t, sessionId) => createOrder(t, user, body, sessionId, ctx.now())),
  );
  defineRoute(app, ctx, 'updateOrder', ({ user, body, request }) =>
    withSession(user, request, (t) => updateOrder(ctx, t, user, body, ctx.now())),
  );
  defineRoute(app, ctx, 'patchOrder', ({ user, params, body, request }) =>
    withSession(user, request, (t) => patchOrder(ctx, t, user, params.id, body, ctx.now())),
  );
  // A line's prices are checked against the price list, read before the transaction (order-guards.ts).
  defineRoute(app, ctx, 'createOrderLine', async ({ user, params, body, request }) => {
    const list = await listPricesFor(ctx, user, params.id);
    return withSession(user, request, (t) => createOrderLine(ctx, t, user, params.id, body, list, ctx.now()));
  });
  defineRoute(app, ctx, 'updateOrderLine', async ({ user, params, body, request }) => {
    const list = await listPricesFor(ctx, user, params.id);
    return withSession(user, request, (t) => updateOrderLine(ctx, t, user, params.id, body, list, ctx.now()));
  });
  defineRoute(app, ctx, 'patchOrderLine', async ({ user, params, body, request }) => {
    const list = await listPricesFor(ctx, user, params.id);
    return withSession(user, request, (t) =>
      patchOrderLine(ctx, t, user, params.id, params.itemId, body, list, ctx.now()),
    );
  });
  defineRoute(app, ctx, 'orderLinesNdc', ({ user, params, request }) =>
    withSession(user, request, (t) => setOrderNdc(ctx, t, user, params.id, params.ndc, ctx.now())),
  );
  defineRoute(app, ctx, 'orderCoupon', async ({ user, params, request }) => {
    const data = await couponsFor(ctx, user, params.id);
    return withSession(user, request, (t) =>
      addOrderCoupon(ctx, t, user, params.id, params.couponCode, data, ctx.now()),
    );
  });

  // The surveys service.
  defineRoute(app, ctx, 'getSurvey', ({ user, params, request }) =>
    withSession(user, request, (t) => getSurveyDefinition(t, params.guid)),
  );
  defineRoute(app, ctx, 'saveSurvey', ({ user, body, request }) =>
    withSession(user, request, (t) => saveRequestedSurvey(ctx, t, user, body, ctx.now())),
  );
}
