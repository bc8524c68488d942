import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { registerUploadRoutes } from '../../http/file-upload.js';
import { defineRoute } from '../../http/route.js';
import { applyNotMeasuredReason } from './apply-reason.js';
import { checkFile } from './custom-lists.js';
import { customLists, deleteCustomList, importCustomList, renameCustomList } from './custom-list-store.js';
import { odataSearch, searchPage } from './search.js';
import { franchisesFor, pitStatistics, zipCodes } from './statistics.js';

/** The MeasureIt search and utilities (decision 041). */
export function registerMeasureItSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'measureItFranchises', ({ user }) => franchisesFor(ctx, user));
  defineRoute(app, ctx, 'measureItZipCodes', ({ user, body }) => zipCodes(ctx, user, body.branchNo));
  defineRoute(
    app,
    ctx,
    'measureItPropertyList',
    async ({ user, body }) => {
      const page = await searchPage(
        ctx,
        user,
        { filter: body.filter, orderBy: body.orderBy, orderOption: 'orderBy', skip: body.skip, top: body.top },
        { rows: true, count: false },
      );
      return { rows: page.rows };
    },
    { compiled: true },
  );
  defineRoute(app, ctx, 'measureItPropertyCount', async ({ user, body }) => {
    const page = await searchPage(ctx, user, { filter: body.filter, skip: 0, top: 0 }, { rows: false, count: true });
    return { count: page.count ?? 0, moreThan: page.moreThan };
  });
  defineRoute(app, ctx, 'measureItPitStatistics', ({ user, body }) =>
    pitStatistics(ctx, user, body.branchNo, body.zips),
  );
  defineRoute(app, ctx, 'measureItApplyNotMeasuredReason', ({ user, body }) => applyNotMeasuredReason(ctx, user, body));
  defineRoute(app, ctx, 'measureItCustomSearchLists', ({ user }) => customLists(ctx, user));
  defineRoute(app, ctx, 'measureItRenameCustomSearchList', ({ user, body }) =>
    renameCustomList(ctx, user, body.listId, body.name),
  );
  defineRoute(app, ctx, 'measureItDeleteCustomSearchList', ({ user, body }) =>
    deleteCustomList(ctx, user, body.listId),
  );
  defineRoute(app, ctx, 'measureItODataProperties', ({ user, query }) => odataSearch(ctx, user, query), {
    compiled: true,
  });

  // The file routes read the file's bytes, up to the import limit (as the outbound import's).
  registerUploadRoutes(app, ctx.config.importMaxBytes, (scope) => {
    defineRoute(scope, ctx, 'measureItPreviewCustomSearchList', async ({ user, query, request }) => {
      const { preview } = await checkFile(ctx.db, user, query.fileName, request.body);
      return preview;
    });
    defineRoute(scope, ctx, 'measureItImportCustomSearchList', ({ user, query, request }) =>
      importCustomList(ctx, user, query, request.body),
    );
  });
}
