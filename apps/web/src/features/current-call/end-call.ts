/**
 * The screen's side of ending a call (call-handling.md §4 end-call sequence, §5, §8): the client
 * validation, the one request of POST /api/call-center/end-call, and what a failure shows. Pure, so it is unit
 * tested; the flow that uses it is hooks/useEndCall.ts. Decisions: docs/decisions (end-call screen).
 */
import {
  END_CALL_STEP_TOASTS,
  END_CALL_STEPS,
  type Customer,
  EndCallCustomer,
  type EndCallRequest,
  type EndCallResponse,
  type EndCallStep,
} from '@cc/contract';
import {
  CALL_TIME_ZONE,
  END_CALL_ERROR_TITLE,
  callStatusAtEnd,
  endCallProblem,
  isSaleResult,
  SERVICE_CALL_RESULT_NAME,
  type EndCallCheck,
  type Quote,
} from '@cc/domain';
import type { PricingDraft } from '../pricing';
import type { CallDraft } from './model';
import { givenAnswers, missingAnswers, NEW_CUSTOMER_QUESTIONS, surveyTaken } from './survey';

/** A moment as 'YYYY-MM-DD HH:mm:ss' wall time in America/Chicago, the zone of call times (§9). */
export function callTimeOf(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: CALL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** A new idempotency key (a UUID v4) for one end-call attempt (lib/uuid.ts). */
export { newUuid as newAttemptKey, type RandomSource } from '../../lib/uuid';

/** The validation input of domain's endCallProblem, from the screen's draft and the quote of its picks. */
export function endCallCheckOf(args: {
  callType: string;
  draft: CallDraft;
  allowedResults: readonly string[];
  /** The quote of the pricing picks; null when nothing is picked. */
  quote: Pick<Quote, 'totals'> | null;
  /** The franchise's time zone (its calling hours); America/Chicago until known. */
  branchTimeZone?: string | undefined;
}): EndCallCheck {
  const { draft, quote } = args;
  const t = quote?.totals;
  return {
    callType: args.callType,
    result: draft.result,
    allowedResults: args.allowedResults,
    callbackAt: draft.callbackAt,
    branchTimeZone: args.branchTimeZone,
    serviceCallReason: draft.serviceCallReason,
    missingSurveyAnswers: surveyTaken(draft.survey) ? missingAnswers(NEW_CUSTOMER_QUESTIONS, draft.survey).length : 0,
    saleSubtotals: t
      ? {
          applications: t.lawncareTotal,
          additionalServices: t.additionalServicesTotal,
          initialPayment: t.pestInitialTotal,
          monthly: t.pestMonthlyTotal,
        }
      : null,
  };
}

/** What the screen shows for a problem found before anything is sent. */
export type EndCallProblemView =
  /** The survey's own alert ('Inputs are required'), with the Survey tab shown. */
  | { kind: 'survey' }
  /** The 'Error ending call' dialog with the message. */
  | { kind: 'dialog'; title: string; message: string };

/** The first problem that keeps the call from ending (§5), or null. */
export function endCallProblemView(check: EndCallCheck): EndCallProblemView | null {
  const problem = endCallProblem(check);
  if (!problem) return null;
  if (problem.field === 'survey') return { kind: 'survey' };
  return { kind: 'dialog', title: END_CALL_ERROR_TITLE, message: problem.message };
}

export interface EndCallRequestArgs {
  idempotencyKey: string;
  sqldbid: number;
  customerNo: number;
  callType: string;
  /** The outbound row of an outbound call. */
  outboundId: number | undefined;
  /** The phone system's id of a popped call (decision 075). */
  phoneCallId?: string | undefined;
  /** When the screen opened the call. */
  /** A Date, or a call time 'YYYY-MM-DD HH:mm:ss' (America/Chicago) as the working state keeps it. */
  callStart: Date | string;
  draft: CallDraft;
  customerInfoEditId: number | null;
  /** The service year the picks were priced in; null when nothing is picked (no pricing is sent). */
  serviceYear: number | null;
  /** False when the CSR agreed to end a call whose customer has no email. */
  sendEmail: boolean;
  /** The customer as the screen shows it; sent only for a new prospect (0) or an unknown customer (-1). */
  customer?: Customer | null;
}

/** The on-screen customer of a call without a stored record (0 or -1): the server has no other copy of the edits. */
export function customerSnapshotOf(customer: Customer): EndCallCustomer {
  const snapshot: EndCallCustomer = {
    email: customer.email.trim(),
    firstName: customer.firstName,
    lastName: customer.lastName,
    streetNo: customer.streetNo,
    preDir: customer.preDir,
    streetNm: customer.streetNm,
    suffix: customer.suffix,
    postDir: customer.postDir,
    city: customer.city,
    state: customer.state,
    // A new prospect's 'N/A' means no zip yet.
    zip: customer.zip === 'N/A' ? '' : customer.zip,
    lawnSize: customer.lawnSize,
    homePhone: customer.homePhone,
    workPhone: customer.workPhone,
    cellPhone: customer.cellPhone,
  };
  const type = EndCallCustomer.shape.customerType.unwrap().safeParse(customer.customerType);
  if (type.success) snapshot.customerType = type.data;
  return snapshot;
}

function pricingOf(pricing: PricingDraft, serviceYear: number): NonNullable<EndCallRequest['pricing']> {
  const { selections, flags, edits } = pricing;
  return {
    serviceYear,
    selections: { ...selections, additionalServiceIds: [...selections.additionalServiceIds] },
    flags: { ...flags },
    edits: { ...edits },
  };
}

/**
 * The body of POST /api/call-center/end-call. The pricing picks go as picked (the server prices them again);
 * a survey only when it was taken; the callback time only with a result that schedules one; the service-call
 * reason only with a Service Call.
 */
export function buildEndCallRequest(args: EndCallRequestArgs): EndCallRequest {
  const { draft } = args;
  const result = draft.result ?? '';
  const survey = surveyTaken(draft.survey)
    ? Object.fromEntries(Object.entries(givenAnswers(draft.survey)).map(([id, v]) => [String(id), v]))
    : undefined;
  const { outboundId } = args;
  return {
    idempotencyKey: args.idempotencyKey,
    sqldbid: args.sqldbid,
    customerNo: args.customerNo,
    callType: args.callType,
    ...(outboundId !== undefined ? { outboundId } : {}),
    ...(args.phoneCallId ? { phoneCallId: args.phoneCallId } : {}),
    callStart: typeof args.callStart === 'string' ? args.callStart : callTimeOf(args.callStart),
    result,
    followUp: draft.followUp,
    callbackAt: callStatusAtEnd(args.callType, result) === 'Callback' ? draft.callbackAt : null,
    serviceCallReason: result === SERVICE_CALL_RESULT_NAME ? draft.serviceCallReason : null,
    notes: draft.notes,
    customerInfoEditId: args.customerInfoEditId,
    ...(args.customerNo <= 0 && args.customer ? { customer: customerSnapshotOf(args.customer) } : {}),
    pricing: args.serviceYear === null ? null : pricingOf(draft.pricing, args.serviceYear),
    ...(survey ? { survey } : {}),
    sendEmail: args.sendEmail,
  };
}

/** The failure of the end-call request as the client sees it (lib/api's ApiError has this shape). */
export interface EndCallFailure {
  /** 0 when the server could not be reached. */
  status: number;
  message: string;
  errors?: Record<string, string>;
  step?: string;
}

const isStep = (step: string | undefined): step is EndCallStep =>
  step !== undefined && (END_CALL_STEPS as readonly string[]).includes(step);

/** The toast of a failing step (§8): the catalogue's text, then the server's message. */
export function stepToast(step: Exclude<EndCallStep, 'validate'>, message: string): string {
  return `${END_CALL_STEP_TOASTS[step]}${message}`;
}

/**
 * What a failed end call shows (§4, §8). A validation failure (a 400 without a failing step, or step 'validate')
 * shows the 'Error ending call' dialog with the server's message, or the survey alert when the survey is what is
 * wrong; a failing step shows that step's toast with the server's message. A failure that names no step (the
 * server out of reach, an unexpected answer) happened before the first write: the call history step's toast.
 */
export function endCallFailureView(
  failure: EndCallFailure,
): EndCallProblemView | { kind: 'toast'; step: Exclude<EndCallStep, 'validate'>; message: string } {
  const step = isStep(failure.step) ? failure.step : undefined;
  if (step === 'validate' || (step === undefined && failure.status === 400)) {
    const fields = Object.keys(failure.errors ?? {});
    if (fields.some((f) => f === 'survey' || f.startsWith('survey.'))) return { kind: 'survey' };
    // One field: its own message ('Total sale is $0.00. …'), without the field name the API puts first.
    const only = fields.length === 1 ? failure.errors?.[fields[0]!] : undefined;
    return { kind: 'dialog', title: END_CALL_ERROR_TITLE, message: only ?? failure.message };
  }
  const toastStep = step ?? 'callHistory';
  return { kind: 'toast', step: toastStep, message: stepToast(toastStep, failure.message) };
}

/**
 * Whether a failed attempt keeps its idempotency key for the next try: when the answer did not come (the server
 * out of reach, a gateway that gave up), the first request may have ended the call, and only the same key lets a
 * retry answer that first result instead of ending it twice. An answered failure wrote nothing: a new attempt.
 */
export function keepsAttemptKey(failure: Pick<EndCallFailure, 'status' | 'step'>): boolean {
  return failure.status === 0 || (failure.step === undefined && [502, 503, 504].includes(failure.status));
}

/** The confirmation shown when the call has ended (§4 step 8). */
export function endedMessage(response: Pick<EndCallResponse, 'orderId' | 'orderStatus'>): string {
  if (response.orderId === null) return 'Call ended';
  const what = response.orderStatus === 'PENDING' ? 'Quote' : 'Order';
  return `Call ended. ${what} ${response.orderId} created.`;
}

export interface EndCallSummary {
  result: string;
  /** The sale's total in cents, for a Sale or Upsell. */
  orderTotal: number | null;
  followUp: string;
  callbackAt: string | null;
}

/** The summary the confirm dialog shows: the result, and the order total of a sale. */
export function endCallSummaryOf(callType: string, draft: CallDraft, quote: Pick<Quote, 'totals'> | null) {
  const result = draft.result ?? '';
  const summary: EndCallSummary = {
    result,
    orderTotal: isSaleResult(result) ? (quote?.totals.saleTotal ?? 0) : null,
    followUp: draft.followUp,
    callbackAt: callStatusAtEnd(callType, result) === 'Callback' ? draft.callbackAt : null,
  };
  return summary;
}
