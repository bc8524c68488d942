import { z } from './zod.js';
import { OUTBOUND_CALL_TYPE_NAMES } from '@cc/domain';
import { CalendarDay, Cursor, Id, IdParam, int4Param, keysetPage, line } from './common.js';

/** A call time in America/Chicago, 'YYYY-MM-DD HH:mm:ss', or null. */
const CallTime = z.string().nullable();
const Day = CalendarDay.optional();

export const OutboundCallType = z.enum(OUTBOUND_CALL_TYPE_NAMES as [string, ...string[]], {
  error: `must be one of ${OUTBOUND_CALL_TYPE_NAMES.join(', ')}`,
});

/** An outbound list row with the spec's field names (call-handling.md §3). */
export const OutboundRow = z.object({
  OutboundId: z.number().int(),
  Id: z.number().int().nullable(),
  Type: z.string(),
  CallSource: z.string(),
  CallAttempts: z.number().int(),
  callOrigin: z.string(),
  callBackCSR: z.number().int().nullable(),
  callBackCSRName: z.string(),
  callBackDate: CallTime,
  callComplete: z.boolean(),
  lastAccessDate: CallTime,
  LastCalled: CallTime,
  lastaccesscsr: z.number().int().nullable(),
  branchNo: z.string(),
  cust_No: z.number().int(),
  SQLDBID: z.number().int(),
  PropEvalCode: z.string(),
  enablepropeval: z.boolean(),
  FirstName: z.string(),
  LastName: z.string(),
  Name: z.string(),
  Street: z.string(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
  Phone: z.string(),
  Size: z.number().nullable(),
  CustomerType: z.string(),
  /** The customer's status ('CustStatus' in the grid). */
  Status: z.string(),
  /** New, Callback, End or Cancel ('Status' in the grid). */
  CallStatus: z.string(),
  priceoffer: z.number().nullable(),
  service: z.string(),
  statusdate: CallTime,
  callactive: z.boolean(),
  comments: z.string(),
  webleadcallid: z.number().int().nullable(),
  webleadtype: z.string(),
  /**
   * The contact id of the web lead behind a web-lead row (null for other rows): what
   * PUT …/web-leads/{sqldbid}/setcustomer/{customerNumber} names the lead by (docs/decisions/008).
   */
  ContactId: z.string().nullable(),
});
export type OutboundRow = z.infer<typeof OutboundRow>;

export const OUTBOUND_SORT_FIELDS = [
  'callBackDate',
  'lastAccessDate',
  'cust_No',
  'branchNo',
  'LastName',
  'FirstName',
  'City',
  'Zip',
  'CallStatus',
] as const;

export const OutboundListQuery = z.object({
  page: int4Param(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1500).default(25),
  sort: z.enum(OUTBOUND_SORT_FIELDS).default('callBackDate'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  /**
   * The `next` of the page before (decision 034): the page after that row, read by key; `page` is then only echoed.
   * Without it, page `page` is counted from the start.
   */
  after: Cursor,
  /** Whole days, America/Chicago. */
  callTargetFrom: Day,
  callTargetTo: Day,
  lastCalledFrom: Day,
  lastCalledTo: Day,
  /** Independent-franchise lists: comma-joined branch numbers (narrowed to the user's own on the server). */
  branches: line(500).optional(),
});
export type OutboundListQuery = z.input<typeof OutboundListQuery>;

export const OutboundListResponse = keysetPage(OutboundRow);
export type OutboundListResponse = z.infer<typeof OutboundListResponse>;
export const CallTypeParams = z.object({ callType: OutboundCallType });

export const OutboundCount = z.object({
  CallTypeId: z.number().int(),
  CallTypeName: z.string(),
  CallTypeDisplayName: z.string(),
  count: z.number().int(),
});
export const OutboundCountsResponse = z.array(OutboundCount);
export type OutboundCount = z.infer<typeof OutboundCount>;
export const BranchesQuery = z.object({ branches: line(500).optional() });

export const CallType = z.object({
  CallTypeId: z.number().int(),
  CallTypeName: z.string(),
  CallTypeDisplayName: z.string(),
});
export const CallTypesResponse = z.array(CallType);
export type CallType = z.infer<typeof CallType>;
export const CallResult = z.object({
  CallResultId: z.number().int(),
  CallTypeId: z.number().int(),
  ResultName: z.string(),
});
export const CallResultsResponse = z.array(CallResult);
export type CallResult = z.infer<typeof CallResult>;
export const CallTypeIdParams = z.object({ callTypeId: IdParam });
export const CallOption = z.object({ Id: z.number().int(), OptionName: z.string(), HeaderName: z.string() });
export const CallOptionsResponse = z.array(CallOption);
export type CallOption = z.infer<typeof CallOption>;
export const AgentName = z.object({ id: z.number().int(), name: z.string() });
export const AgentNamesResponse = z.array(AgentName);

export const OutboundIdsRequest = z.object({
  ids: z.array(Id).min(1, 'select at least one call').max(1000),
  /** The acting CSR; when given it must be the signed-in user. */
  csr: Id.optional(),
  /** The call status to record (web-lead completion). */
  status: z.enum(['End', 'Complete'], { error: 'must be End or Complete' }).optional(),
});
export type OutboundIdsRequest = z.input<typeof OutboundIdsRequest>;
export const OutboundChangeResponse = z.object({ changed: z.number().int() });

export const LeadsQuery = z.object({
  branchno: line(10).min(1),
  cust_no: int4Param(),
});
export const Lead = z.object({
  leadId: z.number().int(),
  sqldbid: z.number().int(),
  branchNo: z.string(),
  custNo: z.number().int(),
  status: z.string(),
  callType: z.string(),
  outboundId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof Lead>;
export const LeadsResponse = z.array(Lead);

export const ResolveCallParams = z.object({
  sqldbid: IdParam,
  customerNo: int4Param(),
  callType: line(30),
});
export const ResolveCallResponse = z.object({ theCall: OutboundRow.nullable() });
