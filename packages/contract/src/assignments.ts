/**
 * Assign Service Reps and Reassign Callbacks (administration.md §3, §7; decision 031): request and response shapes of
 * the calls under /api/Utilities/.
 */
import { z } from './zod.js';
import { GROUP_CALL_STATUS_TYPE, GROUP_CALL_TYPE } from '@cc/domain';
import { CalendarDay, Id, IdParam, line } from './common.js';
import { OutboundCallType } from './outbound.js';

/** A call time in America/Chicago, 'YYYY-MM-DD HH:mm:ss', or null. */
const CallTime = z.string().nullable();

const Branch = line(20)
  .min(1, 'is required')
  .transform((v) => v.toUpperCase());
const Source = line(100).min(1, 'is required');

/**
 * One outbound list group with its CSR (administration.md §3 "CSR assignment"): every group with listed rows in the
 * caller's scope, and every assigned group. `assignmentId` and `userId` are null while nobody is assigned.
 */
export const CsrAssignment = z.object({
  assignmentId: z.number().int().nullable(),
  branch: z.string(),
  type: z.string(),
  source: z.string(),
  /** Attempts made on the group's open calls (the sum of their CallAttempts). */
  callAttempts: z.number().int(),
  /** Open calls nobody has tried yet. */
  callsWithoutAttempts: z.number().int(),
  /** Ours: the group's open (listed) calls. */
  openCalls: z.number().int(),
  userId: z.number().int().nullable(),
  /** Ours: the assigned CSR's name, '' while nobody is assigned. */
  csrName: z.string(),
  /** The list has been marked complete and no open call has come into the group since. */
  callComplete: z.boolean(),
  /** Ours: when the list was last marked complete, as a call time, or null. */
  completedAt: CallTime,
});
export type CsrAssignment = z.infer<typeof CsrAssignment>;
export const CsrAssignmentsResponse = z.array(CsrAssignment);

/** UpdateCsrAssignment: give the group (branch, type, source) to a CSR; creates the assignment or changes its CSR. */
export const CsrAssignmentUpdate = z.object({
  branch: Branch,
  type: OutboundCallType,
  source: Source,
  userId: Id,
});
export type CsrAssignmentUpdate = z.input<typeof CsrAssignmentUpdate>;

export const AssignmentIdParams = z.object({ assignmentId: IdParam });
export const AssignmentDeleted = z.object({ deleted: z.boolean() });

export const SourceListParams = z.object({
  designation: z.enum(['COF', 'IND'], { error: 'must be COF or IND' }),
});
/** GetSourceList: the call sources of the designation's open lists in the caller's scope. */
export const SourceListResponse = z.array(z.object({ source: z.string(), calls: z.number().int() }));

/** GetSCCDbUsers: the call-centre users with their CSR flags (administration.md §3 "CSR"). */
export const SccDbUser = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  allowCorporate: z.boolean(),
  allowFranchise: z.boolean(),
  isAdmin: z.boolean(),
  allowVerification: z.boolean(),
  measureItToolOnly: z.boolean(),
});
export type SccDbUser = z.infer<typeof SccDbUser>;
export const SccDbUsersResponse = z.array(SccDbUser);

/**
 * SetGroupCallStatus (administration.md §7): mark a list complete. `csrId` is the signed-in user, `selcsrId` the CSR
 * the supervisor saw assigned (null: nobody); `type` (ours) names the list's call type, which the spec's fields lack.
 */
export const SetGroupCallStatusRequest = z.object({
  csrId: Id,
  selcsrId: Id.nullable(),
  callType: z.literal(GROUP_CALL_TYPE, { error: `must be ${GROUP_CALL_TYPE}` }),
  callStatusType: z.literal(GROUP_CALL_STATUS_TYPE, { error: `must be ${GROUP_CALL_STATUS_TYPE}` }),
  branchNo: Branch,
  type: OutboundCallType,
  source: Source,
});
export type SetGroupCallStatusRequest = z.input<typeof SetGroupCallStatusRequest>;
/** How many open calls the mark completed. */
export const SetGroupCallStatusResponse = z.object({ count: z.number().int() });

export const CallbacksQuery = z.object({
  /** Only this CSR's callbacks. */
  csr: IdParam.optional(),
  /** Callback dates from this day (America/Chicago)… */
  from: CalendarDay.optional(),
  /** …to this day, inclusive. */
  to: CalendarDay.optional(),
});
export type CallbacksQuery = z.input<typeof CallbacksQuery>;

/** An open callback: a listed outbound call with status Callback and a callback date. */
export const Callback = z.object({
  OutboundId: z.number().int(),
  Type: z.string(),
  branchNo: z.string(),
  cust_No: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  Phone: z.string(),
  callBackCSR: z.number().int().nullable(),
  callBackCSRName: z.string(),
  callBackDate: CallTime,
});
export type Callback = z.infer<typeof Callback>;
/**
 * A CSR who holds open callbacks (ours, decision 065): the CSR filter offers them beside the CSRs that may be given
 * callbacks, so a franchise CSR's or a former CSR's callbacks can be found to be moved.
 */
export const CallbackHolder = z.object({
  userId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** How many of the open callbacks in scope and in the day range are theirs. */
  callbacks: z.number().int(),
});
export type CallbackHolder = z.infer<typeof CallbackHolder>;
/**
 * At most CALLBACKS_LIMIT rows, soonest first; `total` counts them all. `holders` (ours): every CSR holding callbacks
 * in scope and in the day range, whichever CSR the rows are filtered to, so the filter can always switch to another.
 */
export const CallbacksResponse = z.object({
  data: z.array(Callback),
  total: z.number().int(),
  holders: z.array(CallbackHolder),
});
export const CALLBACKS_LIMIT = 2000;

/** updateCallbacks: the modified rows, each with its new CSR. */
export const UpdateCallbacksRequest = z.object({
  rows: z
    .array(z.object({ OutboundId: Id, callBackCSR: Id }))
    .min(1, 'must name at least one callback')
    .max(CALLBACKS_LIMIT, `must name at most ${CALLBACKS_LIMIT} callbacks`),
});
export type UpdateCallbacksRequest = z.input<typeof UpdateCallbacksRequest>;
/** How many callbacks were reassigned; `notReassigned` (ours) lists those already ended by their CSR. */
export const UpdateCallbacksResponse = z.object({
  count: z.number().int(),
  notReassigned: z.array(z.number().int()),
});
