import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { asUtilitiesUser } from '../../http/scope.js';
import {
  getCompanyConfig,
  getFollowUpConfig,
  getHotProspectConfig,
  updateCompanyConfig,
  updateFollowUpConfig,
  updateHotProspectConfig,
} from './service.js';
import { failedEmails, resendEmail, resendEmails } from './resend.js';

/** Franchise Maintenance and Resend Emails under /api/Utilities/ (decision 032). */
export function registerFranchiseConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'getCompanyConfig', ({ user, body }) =>
    getCompanyConfig(ctx, asUtilitiesUser(user), body.sqldbid),
  );
  defineRoute(app, ctx, 'updateCompanyConfig', ({ user, body }) =>
    updateCompanyConfig(ctx, asUtilitiesUser(user), body),
  );
  defineRoute(app, ctx, 'getInboundFollowUpConfig', ({ user, body }) =>
    getFollowUpConfig(ctx, asUtilitiesUser(user), body.branchNo),
  );
  defineRoute(app, ctx, 'updateInboundFollowUpConfig', ({ user, body }) =>
    updateFollowUpConfig(ctx, asUtilitiesUser(user), body),
  );
  defineRoute(app, ctx, 'getHotProspectConfig', ({ user, body }) =>
    getHotProspectConfig(ctx, asUtilitiesUser(user), body.branchNo),
  );
  defineRoute(app, ctx, 'updateHotProspectConfig', ({ user, body }) =>
    updateHotProspectConfig(ctx, asUtilitiesUser(user), body),
  );
  defineRoute(app, ctx, 'getFailedEmails', ({ user }) => failedEmails(ctx.db, asUtilitiesUser(user)));
  defineRoute(app, ctx, 'resendEmails', ({ user, body }) => resendEmails(ctx, asUtilitiesUser(user), body));
  defineRoute(app, ctx, 'resendEmail', ({ user, body }) => resendEmail(ctx, asUtilitiesUser(user), body));
}
