import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { asUtilitiesUser } from '../../http/scope.js';
import { addPhoneLine, deletePhoneLine, dnisBranch, listPhoneLines, updatePhoneLine } from './service.js';

/**
 * The phone lines (DNIS → branch): kept under /api/Utilities/ in the utilities scope (decision 065), and read by a
 * CSR's screen pop in the CSR's own scope (docs/decisions/081-phone-lines-extensions-live-state.md).
 */
export function registerPhoneLineRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'listPhoneLines', ({ user }) => listPhoneLines(ctx, asUtilitiesUser(user)));
  defineRoute(app, ctx, 'addPhoneLine', ({ user, body }) => addPhoneLine(ctx, asUtilitiesUser(user), body));
  defineRoute(app, ctx, 'updatePhoneLine', ({ user, params, body }) =>
    updatePhoneLine(ctx, asUtilitiesUser(user), params.PhoneLineId, body),
  );
  defineRoute(app, ctx, 'deletePhoneLine', ({ user, params }) =>
    deletePhoneLine(ctx, asUtilitiesUser(user), params.PhoneLineId),
  );
  defineRoute(app, ctx, 'dnisBranch', ({ user, query }) => dnisBranch(ctx, user, query.dnis));
}
