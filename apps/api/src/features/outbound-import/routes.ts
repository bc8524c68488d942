import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMPORT_COLUMNS, type ImportCallType } from '@cc/domain';
import { ImportFranchiseFilter, type ImportPreviewQuery, type ImportResult, type ImportStreamLine } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { sendCsv } from '../../http/csv-reply.js';
import { registerUploadRoutes } from '../../http/file-upload.js';
import { defineRoute } from '../../http/route.js';
import { asUtilitiesUser } from '../../http/scope.js';
import {
  CSV_NAME_MESSAGE,
  CsvFileError,
  decodeCsv,
  isCsvName,
  parseCsv,
  toCsv,
  type CsvRecord,
} from '../../lib/csv-import/index.js';
import { commitImport } from './commit.js';
import { activeFranchises, franchiseFlagCodes } from './franchises.js';
import { allProblems, checkPreviewInput, previewImport, type Progress } from './preview.js';

/**
 * Answer a stream of JSON lines: the task's progress as it goes, then its last line (decision 030). Whatever is
 * settled before the stream starts (the file, the franchise) is an ordinary 4xx; a failure after is an error line.
 */
function ndjson(
  ctx: AppContext,
  reply: FastifyReply,
  task: (progress: Progress) => Promise<ImportStreamLine>,
): PassThrough {
  const out = new PassThrough();
  const write = (line: ImportStreamLine) => out.write(`${JSON.stringify(line)}\n`);
  reply.header('content-type', 'application/x-ndjson; charset=utf-8');
  reply.header('cache-control', 'no-store');
  // Progress lines at most every quarter second, and always the first of a phase.
  let last = { phase: '', at: 0 };
  const progress: Progress = (phase, done, total) => {
    const now = Date.now();
    if (phase === last.phase && now - last.at < 250 && done < total) return;
    last = { phase, at: now };
    write({ phase, done, total });
  };
  task(progress).then(
    (line) => {
      write(line);
      out.end();
    },
    (error: unknown) => {
      const known = error instanceof AppError && error.status < 500;
      if (!known) ctx.log.error({ err: error }, 'outbound import failed');
      write({
        phase: 'error',
        status: known ? error.status : 500,
        message: known ? error.message : 'The import failed; nothing was imported.',
      });
      out.end();
    },
  );
  return out;
}

function filterOf(query: ImportPreviewQuery): ImportFranchiseFilter | null {
  if (query.sqldbid === undefined && query.branchNo === undefined) return null;
  const codes = (text: string | undefined) =>
    (text ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
  const parsed = ImportFranchiseFilter.safeParse({
    franchise: { branchNo: query.branchNo ?? '', sqldbid: query.sqldbid === undefined ? 0 : Number(query.sqldbid) },
    includedFlagCodes: codes(query.includedFlagCodes),
    excludedFlagCodes: codes(query.excludedFlagCodes),
    includeUnflagged: query.includeUnflagged === 'true',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue?.path.join('.') || 'franchise', issue?.message ?? 'is invalid');
  }
  return parsed.data;
}

/** The spec's calls: rows already split, checked and imported at once. */
async function importRows(
  ctx: AppContext,
  user: AuthUser,
  callType: ImportCallType,
  rows: string[][],
  filter: ImportFranchiseFilter | null,
) {
  const records: CsvRecord[] = rows.map((fields, i) => ({ line: i + 2, fields }));
  const input = {
    user,
    callType,
    filter,
    fileName: '',
    encoding: 'UTF-8' as const,
    header: IMPORT_COLUMNS[callType].map(([name]) => name),
  };
  await checkPreviewInput(ctx.db, input);
  const preview = await previewImport(ctx.db, { ...input, records });
  const result: ImportResult = await commitImport(ctx.db, user, preview.importId);
  return { ...result, problems: preview.problems };
}

/** CSV import of outbound calls (decision 030). */
export function registerOutboundImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Every route here may carry a whole file (or its rows as JSON): up to UTILITIES_IMPORT_MAX_MB, not the default.
  registerUploadRoutes(app, ctx.config.importMaxBytes, (scope) => {
    defineRoute(scope, ctx, 'getActiveFranchises', ({ user }) => activeFranchises(ctx.db, asUtilitiesUser(user)));
    defineRoute(scope, ctx, 'getFranchiseFlagCodes', ({ user, params }) =>
      franchiseFlagCodes(ctx.db, asUtilitiesUser(user), params.sqldbid),
    );
    defineRoute(scope, ctx, 'importOutboundCalls', ({ user, body }) =>
      importRows(ctx, asUtilitiesUser(user), body.callType, body.rows, null),
    );
    defineRoute(scope, ctx, 'importOutboundCallsByFranchise', ({ user, body }) => {
      const { rows, callType, ...filter } = body;
      return importRows(ctx, asUtilitiesUser(user), callType, rows, filter);
    });

    defineRoute(scope, ctx, 'previewOutboundImport', async ({ user, query, request, reply }) => {
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body)) throw badRequest('file', 'send the file itself as text/csv');
      if (!isCsvName(query.fileName)) throw badRequest('file', CSV_NAME_MESSAGE);
      const filter = filterOf(query);
      let decoded: ReturnType<typeof decodeCsv>;
      let parsed: Awaited<ReturnType<typeof parseCsv>>;
      try {
        decoded = decodeCsv(body);
        parsed = await parseCsv(decoded.text);
      } catch (error) {
        if (error instanceof CsvFileError) throw badRequest('file', error.message);
        throw error;
      }
      const input = {
        user: asUtilitiesUser(user),
        callType: query.callType,
        filter,
        fileName: query.fileName,
        encoding: decoded.encoding,
        header: parsed.header,
      };
      await checkPreviewInput(ctx.db, input);
      const stream = ndjson(ctx, reply, async (progress) => ({
        phase: 'done',
        preview: await previewImport(ctx.db, { ...input, records: parsed.records }, progress),
      }));
      return stream as never;
    });

    defineRoute(scope, ctx, 'commitOutboundImport', ({ user, params, reply }) => {
      const stream = ndjson(ctx, reply, async (progress) => ({
        phase: 'done',
        result: await commitImport(ctx.db, asUtilitiesUser(user), params.importId, progress),
      }));
      return Promise.resolve(stream as never);
    });

    defineRoute(scope, ctx, 'outboundImportProblems', async ({ user, params, reply }) => {
      const problems = await allProblems(ctx.db, asUtilitiesUser(user), params.importId);
      const csv = toCsv([
        ['Line', 'Reason', 'Branch', 'Customer', 'Name'],
        ...problems.map((p) => [p.line, p.reason, p.branchNo, p.custNo, p.name]),
      ]);
      return sendCsv(reply, `import-problems-${params.importId}.csv`, [csv]);
    });
  });
}
