/**
 * The call history record (call-handling.md §3): insert (step 2 of the end-call sequence), update
 * (step 6), and the callback status of an outbound call. Every function takes the transaction it runs
 * in, so the end-call command can run them all in one. The agent is the signed-in user, never a name the
 * client sends; only the user holding the customer's call writes its history, and an ended call (call_end
 * set) is immutable (docs/decisions/021-orders-and-call-writes.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CALL_RESULTS, CALL_TIME_ZONE, callbackHoursProblem, callTypeByName } from '@cc/domain';
import type { CallHistoryRequest, CallbackStatusRequest, UpdateCallHistoryRequest } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callTime } from '../../db/sql.js';
import { callHistory, franchises, orders, outboundCalls, surveys } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { LISTED } from '../outbound/index.js';
import { agentName, requireCallHeld } from '../current-call/index.js';
import { fromCallTime, nowAsCallTime, placeOf, toNumeric, writableCall, type CallRow } from './shared.js';

export type CallHistoryInput = z.output<typeof CallHistoryRequest>;
export type CallHistoryUpdate = z.output<typeof UpdateCallHistoryRequest>;
type Fields = Omit<CallHistoryUpdate, 'call_id'>;
type Insert = typeof callHistory.$inferInsert;

/** Column values for the record fields present in a request (absent ones are left alone). */
function columnValues(f: Fields): Partial<Insert> {
  const v: Partial<Insert> = {};
  const money = (x: number | undefined) => (x === undefined ? undefined : toNumeric(x));
  const set = <K extends keyof Insert>(key: K, value: Insert[K] | undefined) => {
    if (value !== undefined) v[key] = value;
  };
  set('custType', f.cust_type);
  set('custEmail', f.cust_email);
  set('callReason', f.call_reason);
  set('callStart', f.call_start === undefined ? undefined : (fromCallTime(f.call_start) as never));
  set('callEnd', f.call_end === undefined ? undefined : (fromCallTime(f.call_end) as never));
  set('callLog', f.call_log);
  set('package', f.package);
  set('applications', f.applications);
  set('appcost', money(f.appcost));
  set('organic', f.organic);
  set('lawnsize', f.lawnsize === undefined ? undefined : String(f.lawnsize));
  set('ownerfollowup', f.ownerfollowup);
  set('salestax', money(f.salestax));
  set('taxrate', f.taxrate === undefined ? undefined : String(f.taxrate));
  set('zipcode', f.zipcode);
  set('totalcost', money(f.totalcost));
  set('emailsent', f.emailsent);
  set('errormsg', f.errormsg);
  set('custUsedcomp', f.cust_usedcomp);
  set('callSource', f.call_source);
  set('custSex', f.cust_sex);
  set('prepaydiscount', money(f.prepaydiscount));
  set('prepaysalestax', money(f.prepaysalestax));
  set('prepaytotalcost', money(f.prepaytotalcost));
  set('callDirection', f.call_direction);
  set('callResult', f.call_result);
  if (f.call_target !== undefined)
    v.callTarget = f.call_target === null ? null : (fromCallTime(f.call_target) as never);
  set('callList', f.call_list);
  set('previousLawnCare', f.previous_lawn_care);
  set('couponUsed', f.coupon_used);
  set('coupon', f.coupon);
  set('callAheadReason', f.call_ahead_reason);
  set('callAheadContact', f.call_ahead_contact);
  set('custHasIrrigationSystem', f.cust_HasIrrigationSystem);
  set('custInterstedInPestControl', f.cust_InterstedInPestControl);
  set('custAutopaid', f.cust_Autopaid);
  set('custPrepaid', f.cust_Prepaid);
  set('sendemail', f.sendemail);
  set('csrNotes', f.csr_notes);
  set('firstAppTime', f.FirstAppTime);
  set('applicationsSubtotal', money(f.ApplicationsSubtotal));
  set('addServicesSubtotal', money(f.AddServicesSubtotal));
  set('monthlySubTotal', money(f.MonthlySubTotal));
  set('initialPaymentSubTotal', money(f.InitialPaymentSubTotal));
  set('prepayDiscountSubtotal', money(f.PrepayDiscountSubtotal));
  set('prepayDiscountTotal', money(f.PrepayDiscountTotal));
  set('reciept', f.Reciept);
  set('surveyId', f.SurveyId);
  set('isUrgent', f.IsUrgent);
  if (f.customer !== undefined) v.customer = f.customer;
  set('offerId', f.offerId);
  if (f.orderId !== undefined) v.orderId = f.orderId;
  return v;
}

function checkResult(callType: string, result: string): void {
  const type = callTypeByName(callType);
  const results: readonly string[] = type ? CALL_RESULTS[type.CallTypeName] : [];
  if (result !== 'Cancel' && !results.includes(result)) {
    throw badRequest('call_result', `'${result}' is not a result of ${type?.CallTypeDisplayName ?? callType} calls`);
  }
}

/** A survey id and an order id on a call must be the customer's own. */
async function checkLinks(
  tx: DbOrTx,
  call: { sqldbid: number; custNo: number },
  f: { SurveyId?: number | undefined; orderId?: number | null | undefined },
): Promise<void> {
  if (f.SurveyId !== undefined && f.SurveyId !== -1) {
    const [survey] = await tx
      .select({ id: surveys.surveyId })
      .from(surveys)
      .where(and(eq(surveys.surveyId, f.SurveyId), eq(surveys.sqldbid, call.sqldbid), eq(surveys.custNo, call.custNo)));
    if (!survey) throw badRequest('SurveyId', 'is not a survey of this customer');
  }
  if (f.orderId !== undefined && f.orderId !== null) {
    const [order] = await tx
      .select({ id: orders.orderId })
      .from(orders)
      .where(and(eq(orders.orderId, f.orderId), eq(orders.sqldbid, call.sqldbid), eq(orders.customerNo, call.custNo)));
    if (!order) throw badRequest('orderId', 'is not an order of this customer');
  }
}

function checkTimes(start: string | null | undefined, end: string | null | undefined): void {
  if (start && end && end < start) throw badRequest('call_end', 'must not be before call_start');
}

/**
 * Insert the call history record and answer its call_id (end-call step 2). The customer (or, for a new
 * prospect, the franchise) and the outbound row must be in the user's scope; the direction follows the
 * call type; the result must be one of the call type's. With an idempotency key, a repeat answers the
 * first record and writes nothing.
 */
export async function insertCallHistory(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: CallHistoryInput,
  now: Date,
): Promise<{ call_id: number; created: boolean }> {
  if (input.csuser_id !== undefined && input.csuser_id !== user.userId) {
    throw badRequest('csuser_id', 'must be the signed-in user');
  }
  const type = callTypeByName(input.call_type);
  if (!type) throw badRequest('call_type', `unknown call type ${input.call_type}`);
  const direction = type.outbound ? 'Outgoing' : 'Incoming';
  if (input.call_direction !== undefined && input.call_direction !== direction) {
    throw badRequest('call_direction', `must be ${direction} for ${type.CallTypeDisplayName}`);
  }
  checkResult(type.CallTypeName, input.call_result);
  checkTimes(input.call_start, input.call_end);

  if (input.idempotencyKey !== undefined) {
    const first = await byKey(tx, input.idempotencyKey);
    if (first) return answerRepeat(first, user);
  }
  const place = await placeOf(tx, user.scope, input.sqldbid, input.cust_no);
  await requireCallHeld(ctx, tx, user, input.sqldbid, input.cust_no);
  if (input.outboundId !== undefined) {
    const [row] = await tx
      .select({ id: outboundCalls.outboundId })
      .from(outboundCalls)
      .where(
        and(
          eq(outboundCalls.outboundId, input.outboundId),
          eq(outboundCalls.sqldbid, input.sqldbid),
          inScope(user.scope, outboundCalls.branchNo),
        ),
      );
    if (!row) throw badRequest('outboundId', 'is not a call of this franchise in your scope');
  }
  await checkLinks(tx, { sqldbid: input.sqldbid, custNo: input.cust_no }, input);
  // Without call_end the call stays open for the steps that follow; the write that sets call_end ends it.
  return writeCallHistory(tx, user, input, place.branchNo, now, { endNow: false });
}

/**
 * The insert of {@link insertCallHistory} alone, for a caller that has already checked the request, the customer's
 * place (its branch) and the outbound row in the user's scope: the end-call command, which checks them once before
 * its transaction. A record with the same idempotency key answers the first. The agent is the signed-in user's
 * name (a csagent in the request is ignored). Without call_end, `endNow` ends the call now (the end-call command);
 * otherwise the call stays open (call_end null) until a write sets it.
 */
export async function writeCallHistory(
  tx: DbOrTx,
  user: AuthUser,
  input: CallHistoryInput,
  branchNo: string,
  now: Date,
  options: { endNow: boolean } = { endNow: true },
): Promise<{ call_id: number; created: boolean }> {
  const type = callTypeByName(input.call_type);
  if (!type) throw badRequest('call_type', `unknown call type ${input.call_type}`);
  const values: Insert = {
    ...columnValues(input),
    csuserId: user.userId,
    csagent: agentName(user),
    sqldbid: input.sqldbid,
    custNo: input.cust_no,
    branchNo,
    callDirection: type.outbound ? 'Outgoing' : 'Incoming',
    callType: type.CallTypeName,
    callStart: input.call_start !== undefined ? (fromCallTime(input.call_start) as never) : now,
    callEnd: input.call_end !== undefined ? (fromCallTime(input.call_end) as never) : options.endNow ? now : null,
    callList: input.call_list ?? (type.outbound ? type.CallTypeDisplayName : ''),
    outboundId: input.outboundId ?? null,
    phoneCallId: input.phoneCallId ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    createdAt: now,
  };
  const inserted = await tx
    .insert(callHistory)
    .values(values)
    .onConflictDoNothing({ target: callHistory.idempotencyKey, where: sql`idempotency_key is not null` })
    .returning({ callId: callHistory.callId });
  if (inserted[0]) return { call_id: inserted[0].callId, created: true };
  // A simultaneous request with the same key won.
  const first = await byKey(tx, input.idempotencyKey ?? '');
  if (!first) throw new AppError('INTERNAL', 'The call history record could not be written.');
  return answerRepeat(first, user);
}

async function byKey(tx: DbOrTx, key: string) {
  const [row] = await tx
    .select({ callId: callHistory.callId, csuserId: callHistory.csuserId })
    .from(callHistory)
    .where(eq(callHistory.idempotencyKey, key));
  return row;
}

function answerRepeat(first: { callId: number; csuserId: number | null }, user: AuthUser) {
  if (first.csuserId !== user.userId) throw badRequest('idempotencyKey', 'is already used by another call');
  return { call_id: first.callId, created: false };
}

/**
 * Update fields of a call history record in the user's scope (end-call step 6): the receipt, survey
 * and order ids, notes, totals… Who made the call, for which customer and of which type stay as they were.
 * Only the user's own call, still open and held (writableCall); setting call_end ends it.
 */
export async function updateCallHistory(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: CallHistoryUpdate,
): Promise<CallRow> {
  const { call_id: callId, ...fields } = input;
  const values = columnValues(fields);
  if (Object.keys(values).length === 0) throw badRequest('body', 'names no field to update');
  const call = await writableCall(ctx, tx, user, callId);
  if (fields.call_direction !== undefined && fields.call_direction !== call.callDirection) {
    throw badRequest('call_direction', `must stay ${call.callDirection}`);
  }
  if (fields.call_result !== undefined) checkResult(call.callType, fields.call_result);
  if (fields.call_start !== undefined || fields.call_end !== undefined) {
    const [stored] = await tx
      .select({
        start: sql<string | null>`${callTime(callHistory.callStart)}`,
        end: sql<string | null>`${callTime(callHistory.callEnd)}`,
      })
      .from(callHistory)
      .where(eq(callHistory.callId, callId));
    checkTimes(fields.call_start ?? stored?.start, fields.call_end ?? stored?.end);
  }
  await checkLinks(tx, call, fields);
  return writeCallUpdate(tx, callId, fields);
}

/**
 * The update of {@link updateCallHistory} alone, for the end-call command: the call is the one it has just written in
 * this transaction, so there is nothing to check again. Answers the updated record.
 */
export async function writeCallUpdate(tx: DbOrTx, callId: number, fields: Fields): Promise<CallRow> {
  const [updated] = await tx
    .update(callHistory)
    .set(columnValues(fields))
    .where(eq(callHistory.callId, callId))
    .returning();
  if (!updated) throw notFound('Call not found.');
  return updated;
}

export type CallbackStatusInput = z.output<typeof CallbackStatusRequest>;

/**
 * Give a listed outbound call in the user's scope a callback: status Callback, the callback time (not in
 * the past), the user as callback CSR, one more attempt (call-handling.md §4, call status at end). Only the user
 * holding the row's customer's call may (409 otherwise, nothing written).
 */
export async function setCallbackStatus(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: CallbackStatusInput,
  now: Date,
) {
  checkCallBackDate(input, now);
  const [row] = await tx
    .select({ sqldbid: outboundCalls.sqldbid, custNo: outboundCalls.custNo, timeZone: franchises.timeZone })
    .from(outboundCalls)
    .leftJoin(franchises, eq(franchises.branchNo, outboundCalls.branchNo))
    .where(and(eq(outboundCalls.outboundId, input.outboundId), LISTED, inScope(user.scope, outboundCalls.branchNo)))
    .for('update', { of: outboundCalls });
  if (!row) throw notFound('Call not found.');
  // The branch's calling hours, as ending a call with a callback keeps them (docs/decisions/066).
  const outside = callbackHoursProblem(input.callBackDate, row.timeZone ?? CALL_TIME_ZONE);
  if (outside) throw badRequest('callBackDate', outside);
  await requireCallHeld(ctx, tx, user, row.sqldbid, row.custNo ?? 0);
  return writeCallbackStatus(tx, user, input, now);
}

function checkCallBackDate(input: CallbackStatusInput, now: Date): void {
  if (input.callBackDate.slice(0, 16) < nowAsCallTime(now).slice(0, 16)) {
    throw badRequest('callBackDate', `must not be in the past (${CALL_TIME_ZONE} time)`);
  }
}

/** The write of {@link setCallbackStatus} alone, for the end-call command (which holds the call it ends). */
export async function writeCallbackStatus(tx: DbOrTx, user: AuthUser, input: CallbackStatusInput, now: Date) {
  checkCallBackDate(input, now);
  const [row] = await tx
    .update(outboundCalls)
    .set({
      callStatus: 'Callback',
      callBackDate: fromCallTime(input.callBackDate),
      callBackCsr: user.userId,
      callAttempts: sql`${outboundCalls.callAttempts} + 1`,
      lastAccessDate: now,
      lastAccessCsr: user.userId,
    })
    .where(and(eq(outboundCalls.outboundId, input.outboundId), LISTED, inScope(user.scope, outboundCalls.branchNo)))
    .returning({
      outboundId: outboundCalls.outboundId,
      callStatus: outboundCalls.callStatus,
      callBackDate: sql<string>`${callTime(outboundCalls.callBackDate)}`,
      callAttempts: outboundCalls.callAttempts,
    });
  if (!row) throw notFound('Call not found.');
  return row;
}
