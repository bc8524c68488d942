/**
 * Call search (administration.md §2, §3, §7; decision 033): GET /api/odata/GetSearchOutboundCalls with the
 * OData v4 query options $filter, $orderby, $skip, $top and $count, answering `value` and `@odata.count`. A row
 * carries the spec's names (§3 Call) and the grid's other columns; $filter and $orderby name the same properties
 * (without regard to case: the spec writes both `Type` and `type`).
 */
import { z } from './zod.js';
import { multiline } from './common.js';

/** §9: the query's page size. */
export const CALL_SEARCH_DEFAULT_TOP = 25;
/** The most rows one request may ask for (the grid's largest page). */
export const CALL_SEARCH_MAX_TOP = 1000;
/** §9: the grid's page sizes. */
export const CALL_SEARCH_GRID_SIZES = [100, 500, 1000] as const;
/** The call search counts its matches up to this many by default; past it the answer says "more than" (decision 039). */
export const CALL_SEARCH_COUNT_LIMIT = 10_000;

/** An instant as the app shows it: 'YYYY-MM-DD HH:mm:ss' in America/Chicago, or null. */
const Time = z.string().nullable();

export const CallSearchQuery = z.object({
  $filter: multiline(4000).optional(),
  $orderby: multiline(500).optional(),
  $skip: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(2_000_000_000, 'must be at most 2000000000')
    .default(0),
  $top: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(CALL_SEARCH_MAX_TOP, `must be at most ${CALL_SEARCH_MAX_TOP}`)
    .default(CALL_SEARCH_DEFAULT_TOP),
  $count: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
export type CallSearchQuery = z.input<typeof CallSearchQuery>;

/** The export: every match of the same filter in the same order, as a CSV file. */
export const CallSearchExportQuery = CallSearchQuery.pick({ $filter: true, $orderby: true });
export type CallSearchExportQuery = z.input<typeof CallSearchExportQuery>;
export const CallSearchCsv = z.string();

export const CallSearchRow = z.object({
  OutboundId: z.number().int(),
  Id: z.number().int().nullable(),
  Type: z.string(),
  CallSource: z.string(),
  CallAttempts: z.number().int(),
  callOrigin: z.string(),
  callBackCSR: z.number().int().nullable(),
  callBackCSRName: z.string(),
  callBackDate: Time,
  callComplete: z.boolean(),
  lastAccessDate: Time,
  lastAccessCSR: z.number().int().nullable(),
  /** The name of the CSR who last worked the call (the grid's "Last Worked By"; the agent is callBackCSRName). */
  agentName: z.string(),
  branchNo: z.string(),
  cust_No: z.number().int().nullable(),
  SQLDBID: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  CallStatus: z.string(),
});
export type CallSearchRow = z.infer<typeof CallSearchRow>;

/** The fields $filter and $orderby may name: every property of a row. */
export const CALL_SEARCH_FIELDS = Object.keys(CallSearchRow.shape) as (keyof CallSearchRow)[];

export const CallSearchResponse = z.object({
  value: z.array(CallSearchRow),
  /**
   * With `$count=true`: how many calls match — exactly for the usual filters (counts kept in advance, decision 047),
   * otherwise when they are at most the server's count limit (decision 039).
   */
  '@odata.count': z.number().int().optional(),
  /** With `$count=true`, in place of `@odata.count` when more calls match than the limit: that limit. */
  '@cc.countMoreThan': z.number().int().optional(),
});
export type CallSearchResponse = z.infer<typeof CallSearchResponse>;
