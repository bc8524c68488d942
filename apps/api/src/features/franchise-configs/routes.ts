import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import {
  getCompanyConfig,
  getFollowUpConfig,
  getHotProspectConfig,
  updateCompanyConfig,
  updateFollowUpConfig,
  updateHotProspectConfig,
} from './service.js';
import { failedEmails, resendEmail, resendEmails } from './resend.js';

/** Franchise Maintenance and Resend Emails under /api/Utilities/ (issue 16 points 4, 5; decision 032). */
export function registerFranchiseConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'getCompanyConfig', ({ user, body }) => getCompanyConfig(ctx, user, body.sqldbid));
  defineRoute(app, ctx, 'updateCompanyConfig', ({ user, body }) => updateCompanyConfig(ctx, user, body));
  defineRoute(app, ctx, 'getInboundFollowUpConfig', ({ user, body }) => getFollowUpConfig(ctx, user, body.branchNo));
  defineRoute(app, ctx, 'updateInboundFollowUpConfig', ({ user, body }) => updateFollowUpConfig(ctx, user, body));
  defineRoute(app, ctx, 'getHotProspectConfig', ({ user, body }) => getHotProspectConfig(ctx, user, body.branchNo));
  defineRoute(app, ctx, 'updateHotProspectConfig', ({ user, body }) => updateHotProspectConfig(ctx, user, body));
  defineRoute(app, ctx, 'getFailedEmails', ({ user }) => failedEmails(ctx.db, user));
  defineRoute(app, ctx, 'resendEmails', ({ user, body }) => resendEmails(ctx, user, body));
  defineRoute(app, ctx, 'resendEmail', ({ user, body }) => resendEmail(ctx, user, body));
}
