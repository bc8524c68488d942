/**
 * CSV import of outbound calls (administration.md §5, §7, §9; decision 030). The spec's calls take the rows of a
 * file already split; the screen uploads the file itself, sees a preview and then imports it.
 */
import { z } from './zod.js';
import { IMPORT_CALL_TYPES } from '@cc/domain';
import { Id, IdParam, line } from './common.js';

export const ImportCallType = z.enum(IMPORT_CALL_TYPES);

/** GetActiveFranchises: one row per franchise in the user's scope, by its main branch (§3 Franchise). */
export const ActiveFranchise = z.object({
  branchno: z.string(),
  sqldbid: z.number().int(),
  comp_id: z.number().int(),
  compname: z.string(),
  def_comp: z.boolean(),
  /** IND or COF. */
  designation: z.string(),
  /** The franchise's branches in the caller's scope, its main branch first (Franchise Maintenance picks one). */
  branches: z.array(z.string()),
});
export const ActiveFranchisesResponse = z.array(ActiveFranchise);

export const SqldbidParams = z.object({ sqldbid: IdParam });
export const FlagCode = z.object({ flagCode: z.string(), description: z.string(), customers: z.number().int() });
export const FlagCodesResponse = z.array(FlagCode);

const flagCodes = z.array(line(20).min(1, 'must not be empty')).max(200, 'must be at most 200 codes');

/** The franchise of an import by franchise, and which of its customers' flag codes are kept. */
export const ImportFranchiseFilter = z.object({
  franchise: z.object({ branchNo: line(20).min(1, 'must not be empty'), sqldbid: Id }),
  includedFlagCodes: flagCodes.default([]),
  excludedFlagCodes: flagCodes.default([]),
  includeUnflagged: z.boolean().default(false),
});
export type ImportFranchiseFilter = z.infer<typeof ImportFranchiseFilter>;

/** A file's data rows (after its header), each as its fields. */
const Rows = z
  .array(z.array(z.string().max(10_000, 'must be at most 10000 characters')).max(100, 'must be at most 100 fields'))
  .min(1, 'must hold at least one row')
  .max(1_000_000, 'must be at most 1000000 rows');

export const ImportOutboundCallsRequest = z.object({ rows: Rows, callType: ImportCallType });
export const ImportOutboundCallsByFranchiseRequest = ImportFranchiseFilter.extend({
  rows: Rows,
  callType: ImportCallType,
});

/** A dropped row: its line in the file and why. */
export const ImportProblem = z.object({
  line: z.number().int(),
  reason: z.string(),
  branchNo: z.string(),
  custNo: z.number().int().nullable(),
  name: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportPreview = z.object({
  importId: z.string(),
  callType: ImportCallType,
  fileName: z.string(),
  encoding: z.enum(['ISO-8859-1', 'UTF-8']),
  totalRows: z.number().int(),
  toAdd: z.number().int(),
  alreadyImported: z.number().int(),
  dropped: z.number().int(),
  /** The first dropped rows (at most 1000); the whole list is the problems CSV. */
  problems: z.array(ImportProblem),
  /** Rows to add per branch. */
  byBranch: z.array(z.object({ branchNo: z.string(), n: z.number().int() })),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({
  importId: z.string(),
  added: z.number().int(),
  alreadyImported: z.number().int(),
  dropped: z.number().int(),
  /** True when this import had already been made: a retried request adds nothing. */
  repeated: z.boolean(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** The answer of the spec's calls: the rows are checked and imported at once. */
export const ImportOutboundCallsResponse = ImportResult.extend({ problems: z.array(ImportProblem) });

/** Preview of an uploaded file (the body is the file: text/csv or application/octet-stream). */
export const ImportPreviewQuery = z.object({
  callType: ImportCallType,
  fileName: line(255).default(''),
  sqldbid: IdParam.optional(),
  branchNo: line(20).optional(),
  /** Comma-separated flag codes. */
  includedFlagCodes: line(4000).optional(),
  excludedFlagCodes: line(4000).optional(),
  includeUnflagged: z.enum(['true', 'false']).optional(),
});
export type ImportPreviewQuery = z.input<typeof ImportPreviewQuery>;

export const ImportIdParams = z.object({
  importId: z.string().regex(/^[0-9a-f-]{36}$/, 'must be an import id'),
});

/**
 * The preview and the import answer a stream of JSON lines (application/x-ndjson): progress while the server works,
 * then one `done` line with the answer, or an `error` line.
 */
export const ImportProgressLine = z.object({
  phase: z.enum(['reading', 'checking', 'staging', 'importing']),
  done: z.number().int(),
  total: z.number().int(),
});
export const ImportStreamLine = z.union([
  ImportProgressLine,
  z.object({ phase: z.literal('done'), preview: ImportPreview }),
  z.object({ phase: z.literal('done'), result: ImportResult }),
  z.object({ phase: z.literal('error'), status: z.number().int(), message: z.string() }),
]);
export type ImportStreamLine = z.infer<typeof ImportStreamLine>;

/** The problems of a preview as CSV text. */
export const ImportProblemsCsv = z.string();
