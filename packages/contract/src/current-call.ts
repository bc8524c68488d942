import { z } from './zod.js';
import { CALL_TYPES, callTypeByName } from '@cc/domain';
import { CalendarDay, Id, IdParam, int4, int4Param, JsonObject, line } from './common.js';

const CustomerNoPath = int4Param(-1);

/** A call type by its name (call-handling.md §3), in any letter case. */
export const CallTypeName = line(30)
  .min(1)
  .refine((name) => callTypeByName(name) !== undefined, {
    error: `must be one of ${CALL_TYPES.map((t) => t.CallTypeName).join(', ')}`,
  });

/** A real calendar day 'YYYY-MM-DD' (so 2026-02-30 is refused, not sent to the database). */
const Day = CalendarDay;

export const CallKey = z.object({
  sqldbid: Id,
  customerNo: int4(0),
});

export const CallActiveRequest = CallKey.extend({
  callType: CallTypeName,
  outboundId: Id.optional(),
});
export type CallActiveRequest = z.input<typeof CallActiveRequest>;
export const CallActiveResponse = z.object({
  ok: z.literal(true),
  lockedAt: z.string(),
  expiredOrders: z.number().int(),
});

export const IsCallActiveResponse = z.object({ isActive: z.boolean(), mine: z.boolean(), activeBy: z.string() });

export const CallInactiveRequest = CallKey.extend({
  /** -1: an unknown customer's call, never locked, but saved with its call row like any other. */
  customerNo: int4(-1),
  /** Save the call so that the dashboard can send the user back to it. */
  save: z.boolean().optional().default(false),
  callType: CallTypeName.optional(),
  theCall: JsonObject.optional(),
});

export const CallStatusRequest = z.object({
  outboundId: Id,
  status: z.enum(['New', 'Callback', 'End', 'Cancel']),
});

export const InsertCancelCallRequest = z.object({
  csuser_id: Id,
  /** Ignored: the record names the signed-in user (the session), never a name the client sends. */
  csagent: line(100).optional(),
  sqldbid: Id,
  /** 0 a new prospect, -1 an unknown customer (recorded as such, as the end of a call records it). */
  cust_no: int4(-1),
  callType: line(30).optional().default('Inbound'),
  outboundId: Id.optional(),
});
export const InsertCancelCallResponse = z.object({ call_id: z.number().int() });

export const SavedCall = z.object({
  sqldbid: z.number().int(),
  customerNo: z.number().int(),
  callType: z.string(),
  theCall: z.record(z.string(), z.unknown()),
  savedAt: z.string(),
});
export const SavedCallResponse = z.object({ saved: SavedCall.nullable() });
export type SavedCall = z.infer<typeof SavedCall>;

/** The customer entity (call-handling.md §3). */
export const Customer = z.object({
  sqldbid: z.number().int(),
  customerNo: z.number().int(),
  customerType: z.string(),
  status: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  streetNo: z.string(),
  preDir: z.string(),
  streetNm: z.string(),
  suffix: z.string(),
  postDir: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  lawnSize: z.number(),
  homePhone: z.string(),
  workPhone: z.string(),
  cellPhone: z.string(),
  branchno: z.string(),
  customerInfoEditId: z.number().int().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isAutoPayEnabled: z.boolean(),
  /** The record's version: an edit sends back the version it was made on (0 for a customer with no record). */
  version: z.number().int(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerParams = z.object({ sqldbid: IdParam, customerNo: CustomerNoPath });
export const CustomerUpdateParams = z.object({
  customerNo: int4Param(1),
  sqldbid: IdParam,
});

const phone = line(30);
export const CustomerUpdateRequest = z.object({
  /** The customer's version the edit was made on (Customer.version); a changed customer answers 409. */
  version: int4(1),
  customerType: z.enum(['Existing Customer', 'Former Customer', 'Prospect']).optional(),
  email: z.union([z.literal(''), z.email('must be a valid email address').max(200)]).optional(),
  firstName: line(50).min(1, 'is required').optional(),
  lastName: line(50).min(1, 'is required').optional(),
  streetNo: line(12).optional(),
  preDir: line(4).optional(),
  streetNm: line(60).optional(),
  suffix: line(10).optional(),
  postDir: line(4).optional(),
  city: line(50).optional(),
  state: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'must be a 2-letter state')
    .optional(),
  zip: z
    .string()
    .trim()
    .regex(/^(\d{5}(-?\d{4})?)?$/, 'must be a 5-digit zip code or zip+4')
    .optional(),
  lawnSize: z.number().min(0, 'cannot be negative').max(1000).optional(),
  homePhone: phone.optional(),
  workPhone: phone.optional(),
  cellPhone: phone.optional(),
});
export type CustomerUpdateRequest = z.input<typeof CustomerUpdateRequest>;
export const CustomerUpdateResponse = z.object({ customer: Customer, customerInfoEditId: z.number().int() });

export const CustomerLookupRequest = z.object({
  sqldbid: Id,
  lastname: line(50).optional().default(''),
  firstname: line(50).optional().default(''),
  phone: line(30).optional().default(''),
  address: line(100).optional().default(''),
  page: int4(1).optional().default(1),
  pageSize: z.number().int().min(1).max(100).optional().default(25),
});
export const CustomerLookupRow = z.object({
  customerNo: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  zip: z.string(),
  phone: z.string(),
  customerType: z.string(),
  branchno: z.string(),
});
export const CustomerLookupResponse = z.object({
  data: z.array(CustomerLookupRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const InfoEditParams = z.object({ id: IdParam });
export const InfoEditLinkRequest = z.object({ callHistoryId: Id });

export const SetWebLeadCustomerParams = z.object({
  sqldbid: IdParam,
  customerNumber: int4Param(1),
});
export const SetWebLeadCustomerRequest = z.object({ ContactId: line(40).min(1) });

export const HistoryParams = z.object({
  sqldbid: IdParam,
  customerNo: int4Param(0),
  startDate: Day,
  endDate: Day,
});
export const TouchpointParams = z.object({
  sqldbid: IdParam,
  customerNo: int4Param(0),
  start: Day,
  end: Day,
});
export const HistoryRow = z.object({
  call_id: z.number().int(),
  call_start: z.string().nullable(),
  call_end: z.string().nullable(),
  csagent: z.string(),
  call_direction: z.string(),
  call_type: z.string(),
  call_result: z.string(),
  call_reason: z.string(),
  package: z.string(),
  totalcost: z.number(),
  call_log: z.string(),
  csr_notes: z.string(),
  orderId: z.number().int().nullable(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;
export const HistoryResponse = z.array(HistoryRow);
export const Touchpoint = z.object({
  touchpointId: z.number().int(),
  touchDate: z.string(),
  kind: z.string(),
  description: z.string(),
  employee: z.string(),
  amount: z.number().nullable(),
});
export const TouchpointsResponse = z.array(Touchpoint);

export const DncParams = z.object({
  customerNo: int4Param(0),
  sqldbid: IdParam,
});
export const DncResponse = z.object({ IsOnFederalDoNotCallList: z.boolean() });

export const WebOrdersParams = z.object({
  customerNo: int4Param(0),
  sqldbid: IdParam,
});
export const WebOrderRow = z.object({
  orderNo: z.number().int(),
  orderItemId: z.number().int(),
  type: z.string(),
  status: z.string(),
  title: z.string(),
  rounds: z.number().int(),
  unitPrice: z.number(),
  updated: z.string(),
  source: z.string(),
});
export const WebOrdersResponse = z.array(WebOrderRow);

export const ScriptRequest = z.object({
  callType: line(30).min(1),
  sqldbid: Id,
  customerNo: int4(-1).optional(),
});
export const ScriptResponse = z.object({ title: z.string(), paragraphs: z.array(z.string()) });

export const AutoPayQuery = z.object({
  Customer: int4Param(0),
  SQLDBID: IdParam,
});
export const AutoPayResponse = z.object({
  isFranchiseAutoPayEnrolled: z.boolean(),
  isCustomerAutoPayEnabled: z.boolean(),
});

export const FranchiseRequest = z.object({ sqldbid: Id });
export const FranchiseInfo = z.object({
  sqldbid: z.number().int(),
  compName: z.string(),
  designation: z.string(),
  timeZone: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  officeHours: z.string(),
  branches: z.array(z.object({ branchNo: z.string(), city: z.string(), state: z.string() })),
});
export type FranchiseInfo = z.infer<typeof FranchiseInfo>;
export const CompanyConfigs = z.object({
  sqldbid: z.number().int(),
  webLeadsStart: z.string(),
  webLeadsEnd: z.string(),
  ccEmailAddresses: z.string(),
});
