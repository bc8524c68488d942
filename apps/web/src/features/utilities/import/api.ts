/**
 * The import's calls (administration.md §7; decision 030): the franchises and their flag codes to choose from, the
 * file's preview and its import (streamed progress), and the problems list as a file.
 */
import { useQuery } from '@tanstack/react-query';
import {
  buildPath,
  routes,
  type ImportFranchiseFilter,
  type ImportPreview,
  type ImportResult,
  type ImportStreamLine,
} from '@cc/contract';
import type { ImportCallType } from '@cc/domain';
import { api, ApiError } from '../../../lib/api';
import { downloadFile, streamRequest } from '../../../lib/upload';
import type { Phase } from './progress';

const root = ['utilities', 'import'] as const;

export const useFlagCodes = (sqldbid: number | null) =>
  useQuery({
    queryKey: [...root, 'flag-codes', sqldbid] as const,
    queryFn: ({ signal }) => api('getFranchiseFlagCodes', { params: { sqldbid: sqldbid ?? 0 }, signal }),
    enabled: sqldbid !== null,
    staleTime: 60_000,
  });

function final(lines: unknown[]): ImportStreamLine {
  const last = lines.at(-1) as ImportStreamLine | undefined;
  if (!last) throw new ApiError(0, 'INTERNAL', 'The server ended the answer early; nothing was imported.');
  if (last.phase === 'error') throw new ApiError(last.status, 'IMPORT', last.message);
  return last;
}

/** Upload the file and answer the server's preview; `onPhase` hears the upload's and the server's progress. */
export async function previewFile(
  args: { file: File; callType: ImportCallType; filter: ImportFranchiseFilter | null },
  onPhase: (phase: Phase) => void,
  signal?: AbortSignal,
): Promise<ImportPreview> {
  const query = new URLSearchParams({ callType: args.callType, fileName: args.file.name });
  if (args.filter) {
    query.set('branchNo', args.filter.franchise.branchNo);
    query.set('sqldbid', String(args.filter.franchise.sqldbid));
    query.set('includedFlagCodes', args.filter.includedFlagCodes.join(','));
    query.set('excludedFlagCodes', args.filter.excludedFlagCodes.join(','));
    query.set('includeUnflagged', String(args.filter.includeUnflagged));
  }
  const lines = await streamRequest({
    method: 'POST',
    url: `${routes.previewOutboundImport.path}?${query.toString()}`,
    body: args.file,
    contentType: 'text/csv',
    ...(signal ? { signal } : {}),
    onUpload: (done, total) => onPhase({ phase: 'uploading', done, total }),
    onLine: (line) => {
      const l = line as ImportStreamLine;
      if (l.phase !== 'done' && l.phase !== 'error') onPhase(l);
    },
  });
  const last = final(lines);
  if (!('preview' in last)) throw new ApiError(0, 'INTERNAL', 'The server answered no preview.');
  return last.preview;
}

export async function importPreviewed(importId: string, onPhase: (phase: Phase) => void): Promise<ImportResult> {
  const lines = await streamRequest({
    method: 'POST',
    url: buildPath(routes.commitOutboundImport.path, { importId }),
    onLine: (line) => {
      const l = line as ImportStreamLine;
      if (l.phase !== 'done' && l.phase !== 'error') onPhase(l);
    },
  });
  const last = final(lines);
  if (!('result' in last)) throw new ApiError(0, 'INTERNAL', 'The server answered no result.');
  return last.result;
}

export const downloadProblems = (importId: string) =>
  downloadFile(buildPath(routes.outboundImportProblems.path, { importId }), `import-problems-${importId}.csv`);
