import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { autoPay, doNotCallStatus, getCustomer, lookupCustomers, setWebLeadCustomer } from './customer.js';
import { disableAutoPay, linkInfoEdit, updateCustomer } from './customer-edits.js';
import {
  companyConfigs,
  customerHistory,
  customerTouchpoints,
  franchiseInfo,
  insertCancelCall,
  script,
  setCallStatus,
  webOrders,
} from './history.js';
import { isCallActive, markCallActive, markCallInactive, savedCall } from './locks.js';
import { discardWorkState, getWorkState, saveWorkState } from './work-state.js';

const ok = { ok: true as const };

export function registerCurrentCallRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'isCallActive', ({ user, body }) => isCallActive(ctx, user, body));
  defineRoute(app, ctx, 'callActive', ({ user, body }) => markCallActive(ctx, user, body));
  defineRoute(app, ctx, 'callInactive', async ({ user, body }) => {
    await markCallInactive(ctx, user, body);
    return ok;
  });
  defineRoute(app, ctx, 'callStatus', async ({ user, body }) => {
    await setCallStatus(ctx, user, body.outboundId, body.status);
    return ok;
  });
  defineRoute(app, ctx, 'callWorkState', ({ user, params }) => getWorkState(ctx, user, params));
  defineRoute(app, ctx, 'saveCallWorkState', ({ user, params, body }) => saveWorkState(ctx, user, params, body));
  defineRoute(app, ctx, 'discardCallWorkState', async ({ user, params }) => {
    // Only the user's own row of this call: nothing to check, and the same answer for any call.
    await discardWorkState(ctx.db, user, params);
    return ok;
  });
  defineRoute(app, ctx, 'savedCall', ({ user }) => savedCall(ctx, user));
  defineRoute(app, ctx, 'insertCancelCall', ({ user, body }) => insertCancelCall(ctx, user, body));
  defineRoute(app, ctx, 'getCustomer', ({ user, params }) =>
    getCustomer(ctx, user, params.sqldbid, params.customerNo, false),
  );
  defineRoute(app, ctx, 'getInboundCustomer', ({ user, params }) =>
    getCustomer(ctx, user, params.sqldbid, params.customerNo, true),
  );
  defineRoute(app, ctx, 'updateCustomer', ({ user, params, body }) =>
    updateCustomer(ctx, user, params.sqldbid, params.customerNo, body),
  );
  defineRoute(app, ctx, 'linkCustomerInfoEdit', async ({ user, params, body }) => {
    await linkInfoEdit(ctx, user, params.id, body.callHistoryId);
    return ok;
  });
  defineRoute(app, ctx, 'customerLookup', ({ user, body }) => lookupCustomers(ctx, user, body));
  defineRoute(app, ctx, 'setWebLeadCustomer', async ({ user, params, body }) => {
    await setWebLeadCustomer(ctx, user, params.sqldbid, params.customerNumber, body.ContactId);
    return ok;
  });
  defineRoute(app, ctx, 'customerHistory', ({ user, params }) => customerHistory(ctx, user, params));
  defineRoute(app, ctx, 'customerTouchpoints', ({ user, params }) => customerTouchpoints(ctx, user, params));
  defineRoute(app, ctx, 'doNotCallStatus', ({ user, params }) =>
    doNotCallStatus(ctx, user, params.sqldbid, params.customerNo),
  );
  defineRoute(app, ctx, 'webOrders', ({ user, params }) => webOrders(ctx, user, params.sqldbid, params.customerNo));
  defineRoute(app, ctx, 'callScript', ({ user, body }) => script(ctx, user, body));
  defineRoute(app, ctx, 'autoPay', ({ user, query }) => autoPay(ctx, user, query.SQLDBID, query.Customer));
  defineRoute(app, ctx, 'disableAutoPay', ({ user, params }) =>
    disableAutoPay(ctx, user, params.sqldbid, params.customerNo),
  );
  defineRoute(app, ctx, 'franchiseInfo', ({ user, body }) => franchiseInfo(ctx, user, body.sqldbid));
  defineRoute(app, ctx, 'companyConfigs', ({ user, body }) => companyConfigs(ctx, user, body.sqldbid));
}
