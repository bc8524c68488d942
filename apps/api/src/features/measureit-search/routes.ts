import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { applyNotMeasuredReason } from './apply-reason.js';
import { checkFile } from './custom-lists.js';
import { customLists, deleteCustomList, importCustomList, renameCustomList } from './custom-list-store.js';
import { odataSearch, searchPage } from './search.js';
import { franchisesFor, pitStatistics, zipCodes } from './statistics.js';

/** The MeasureIt search and utilities (issue 19; decision 041). */
export function registerMeasureItSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'measureItFranchises', ({ user }) => franchisesFor(ctx, user));
  defineRoute(app, ctx, 'measureItZipCodes', ({ user, body }) => zipCodes(ctx, user, body.branchNo));
  defineRoute(app, ctx, 'measureItPropertyList', async ({ user, body }) => {
    const page = await searchPage(
      ctx,
      user,
      { filter: body.filter, orderBy: body.orderBy, orderOption: 'orderBy', skip: body.skip, top: body.top },
      { rows: true, count: false },
    );
    return { rows: page.rows };
  });
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
  defineRoute(app, ctx, 'measureItODataProperties', ({ user, query }) => odataSearch(ctx, user, query));

  // The file's content types are read as bytes by the two file routes only (as the outbound import's).
  const maxBytes = ctx.config.importMaxBytes;
  void app.register((scope, _options, registered) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = maxBytes;
    });
    scope.addContentTypeParser(
      ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const mb = Math.round(maxBytes / 1024 / 1024);
        return reply.status(413).send({
          error: 'VALIDATION',
          message: `file: the file is larger than ${mb} MB, the most an import reads (UTILITIES_IMPORT_MAX_MB)`,
          errors: { file: `larger than ${mb} MB` },
        });
      }
      throw error;
    });
    defineRoute(scope, ctx, 'measureItPreviewCustomSearchList', async ({ user, query, request }) => {
      const { preview } = await checkFile(ctx.db, user, query.fileName, request.body);
      return preview;
    });
    defineRoute(scope, ctx, 'measureItImportCustomSearchList', ({ user, query, request }) =>
      importCustomList(ctx, user, query, request.body),
    );
    registered();
  });
}
