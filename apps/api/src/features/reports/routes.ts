import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { sendCsv } from '../../http/csv-reply.js';
import { asUtilitiesUser } from '../../http/scope.js';
import { readReport } from './service.js';
import { reportCsv, reportFileName } from './csv.js';

/** The supervisor's numbers (docs/decisions/082-report-definitions.md), in the utilities' scope as the floor's. */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'report', async ({ user, query }) => {
    const { cells: _cells, ...report } = await readReport(ctx, asUtilitiesUser(user).scope, query);
    return report;
  });
  defineRoute(app, ctx, 'reportCsv', async ({ user, query, reply }) => {
    const report = await readReport(ctx, asUtilitiesUser(user).scope, query, { cells: true });
    return sendCsv(reply, reportFileName(report), [reportCsv(report)]);
  });
}
