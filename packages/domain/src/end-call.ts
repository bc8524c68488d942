/**
 * The rules of ending a call (call-handling.md §4 "Call status at end", "List effects", "Order status",
 * §5 end-call validation), as pure functions shared by the end-call command on the server and the screen.
 * Decisions where the spec is open: docs/decisions/ (end-call).
 */
import {
  CALLBACK_RESULTS,
  INTERESTED_RESULTS,
  NO_CONTACT_RESULTS,
  SALE_RESULTS,
  THP_RESULT,
  WEB_LEAD_DELETE_RESULTS,
  callTypeByName,
} from './calls.js';
import { ZERO_SALE_MESSAGE, formatPercent } from './pricing/index.js';
import { callbackHoursProblem } from './callback-time.js';

export const END_CALL_ERROR_TITLE = 'Error ending call';
export const END_CALL_CANCELLED = 'END CALL cancelled';
/** Survey question whose answer Yes marks interest in the THP program (§3). */
export const THP_SURVEY_QUESTION_ID = 105;

export type CallDirection = 'Incoming' | 'Outgoing';
export type OrderType = 'LCP' | 'UPSELL' | 'NORMAL';
export type OrderStatus = 'SUBMITTED' | 'PENDING' | 'EXPIRED';

const includes = (list: readonly string[], value: string) => list.includes(value);

export function isOutboundCall(callType: string): boolean {
  return callTypeByName(callType)?.outbound ?? false;
}

export function isSaleResult(result: string): boolean {
  return includes(SALE_RESULTS, result);
}

export function callDirectionOf(callType: string): CallDirection {
  return isOutboundCall(callType) ? 'Outgoing' : 'Incoming';
}

/**
 * The call status an ending call leaves on its outbound row: none for inbound calls; a callback (with its time)
 * for No Answer, Call Back, Estimate Requested and Left Voicemail; End for any other outbound result.
 */
export function callStatusAtEnd(callType: string, result: string): 'Callback' | 'End' | null {
  if (!isOutboundCall(callType)) return null;
  return includes(CALLBACK_RESULTS, result) ? 'Callback' : 'End';
}

export interface ListEffects {
  /** The web lead behind a web-lead call is deleted from the web-lead list. */
  deleteWebLead: boolean;
  /** One more row on the inbound follow-up list, for this customer. */
  addInboundFollowUp: boolean;
  /**
   * The outbound row leaves its list (it is complete, with who ended it and when); its count drops by one. Every
   * outbound call that ends with status End: an ended call is never served again as a list's next call (decision
   * 062-call-search-agent-and-completion.md). A callback stays in its list.
   */
  completeRow: boolean;
}

/**
 * What an ended call does to the lists (§4 "List effects"). A callback keeps the row in its list with the new
 * date and status (property evaluation and skipped rounds say so; every outbound callback works that way); any other
 * outbound end completes the row, as §4 says of web leads and skipped rounds (decision
 * 062-call-search-agent-and-completion.md). An interested result adds a follow-up, except on an inbound follow-up call itself, whose own row carries on.
 */
export function listEffectsOf(callType: string, result: string): ListEffects {
  const type = callTypeByName(callType)?.CallTypeName;
  return {
    deleteWebLead: type === 'WebLead' && includes(WEB_LEAD_DELETE_RESULTS, result),
    addInboundFollowUp: includes(INTERESTED_RESULTS, result) && type !== 'InboundFollowUp',
    completeRow: callStatusAtEnd(callType, result) === 'End',
  };
}

/** §4 "Order status": SUBMITTED for a Sale or Upsell, otherwise PENDING (a quote). */
export function orderStatusOf(result: string): OrderStatus {
  return isSaleResult(result) ? 'SUBMITTED' : 'PENDING';
}

/** §4 "Order type": LCP for a sale with a lawn program, UPSELL for a sale without one, NORMAL otherwise. */
export function orderTypeOf(result: string, hasLawnProgram: boolean): OrderType {
  if (!isSaleResult(result)) return 'NORMAL';
  return hasLawnProgram ? 'LCP' : 'UPSELL';
}

/**
 * Whether ending a call with this result sends the end-call email (§4 step 7): not when nobody was spoken to
 * (NO_CONTACT_RESULTS), so such a call neither mails the customer nor asks the CSR about a missing address.
 */
export function sendsEndCallEmail(result: string): boolean {
  return !includes(NO_CONTACT_RESULTS, result.trim());
}

/** The THP email goes out for 'Interested Prospect - THP', or when survey question 105 is answered Yes. */
export function sendsThpEmail(result: string, surveyAnswers: Readonly<Record<number, string>>): boolean {
  return result === THP_RESULT || (surveyAnswers[THP_SURVEY_QUESTION_ID] ?? '').trim().toLowerCase() === 'yes';
}

export interface EndCallCheck {
  callType: string;
  result: string | null;
  /** Results the call type allows. */
  allowedResults: readonly string[];
  /** 'YYYY-MM-DD HH:mm:ss' America/Chicago, required for an outbound callback. */
  callbackAt: string | null;
  /** The time zone of the call's franchise, whose calling hours a callback keeps (America/Chicago when unknown). */
  branchTimeZone?: string | undefined;
  serviceCallReason: string | null;
  /** Visible required survey questions left without an answer. */
  missingSurveyAnswers: number;
  /**
   * The sale's application, additional-services, initial-payment and monthly subtotals, in cents, when the
   * result is a sale (null when there is no quote at all).
   */
  saleSubtotals: {
    applications: number;
    additionalServices: number;
    initialPayment: number;
    monthly: number;
  } | null;
}

export const SERVICE_CALL_RESULT_NAME = 'Service Call';

/**
 * The end-call validation (§5): the first problem as the message the 'Error ending call' dialog shows, or
 * null when the call may end. The server runs it again; the screen runs it to answer at once.
 */
export function endCallProblem(check: EndCallCheck): { field: string; message: string } | null {
  if (!check.result) return { field: 'result', message: 'Choose a call result.' };
  if (!check.allowedResults.includes(check.result)) {
    return { field: 'result', message: `'${check.result}' is not a result of this call type.` };
  }
  if (callStatusAtEnd(check.callType, check.result) === 'Callback' && !check.callbackAt) {
    return { field: 'callbackAt', message: 'Choose the callback date and time.' };
  }
  if (callStatusAtEnd(check.callType, check.result) === 'Callback' && check.callbackAt) {
    const outside = callbackHoursProblem(check.callbackAt, check.branchTimeZone);
    if (outside) return { field: 'callbackAt', message: outside };
  }
  if (check.result === SERVICE_CALL_RESULT_NAME && !check.serviceCallReason) {
    return { field: 'serviceCallReason', message: 'Choose the service call reason.' };
  }
  if (check.missingSurveyAnswers > 0) {
    return { field: 'survey', message: 'Please provide the answer to all the required fields.' };
  }
  if (isSaleResult(check.result)) {
    const s = check.saleSubtotals;
    if (!s || s.applications + s.additionalServices + s.initialPayment + s.monthly === 0) {
      return { field: 'pricing', message: ZERO_SALE_MESSAGE };
    }
  }
  return null;
}

/** What the receipt needs of a quote (the pricing engine's Quote has all of it). */
export interface ReceiptQuote {
  lines: readonly {
    serviceName: string;
    serviceDefId: number;
    quantity: number;
    installment: boolean;
    remainMonths: number;
    extendedPrice: number;
    extendedPriceSold: number;
    free: boolean;
    monthly: { amount: number } | null;
  }[];
  totals: {
    saleSubTotal: number;
    saleSalesTax: number;
    saleTotal: number;
    taxRate: number;
    couponDiscount: number;
    offerDiscount: number;
    dueMonthlyTotal: number;
  };
  flags: { prepay: boolean; callDiscount: boolean; monthlyPayment: boolean };
}

/**
 * The text receipt stored on the call history (Reciept) and sent in the confirmation email: one line per
 * item sold with its price before and after discounts, then subtotal, tax and total, and what is billed monthly.
 * Amounts in cents; `money` formats them (formatMoney).
 */
export function receiptText(
  q: ReceiptQuote,
  options: { result: string; couponCode?: string | null | undefined; money: (cents: number) => string },
): string {
  const { money } = options;
  const rows = q.lines.map((l) => {
    const what = l.installment ? `${l.remainMonths} months` : l.quantity > 1 ? `${l.quantity} rounds` : '1';
    const was = l.extendedPrice !== l.extendedPriceSold ? ` (list ${money(l.extendedPrice)})` : '';
    const free = l.free ? ' FREE' : '';
    return `${l.serviceName} [${l.serviceDefId}] x ${what}: ${money(l.extendedPriceSold)}${was}${free}`;
  });
  const t = q.totals;
  const discounts = [
    q.flags.prepay ? 'prepay discount' : null,
    q.flags.callDiscount ? 'call discount' : null,
    t.offerDiscount > 0 ? `offer ${money(t.offerDiscount)}` : null,
    t.couponDiscount > 0 ? `coupon ${options.couponCode ?? ''} ${money(t.couponDiscount)}`.replace('  ', ' ') : null,
  ].filter((d): d is string => d !== null);
  return [
    `Result: ${options.result}`,
    ...rows,
    ...(discounts.length > 0 ? [`Discounts: ${discounts.join(', ')}`] : []),
    `Subtotal: ${money(t.saleSubTotal)}`,
    `Sales tax (${formatPercent(t.taxRate)}): ${money(t.saleSalesTax)}`,
    `Total: ${money(t.saleTotal)}`,
    ...(t.dueMonthlyTotal > 0 ? [`Billed monthly: ${money(t.dueMonthlyTotal)}`] : []),
  ].join('\n');
}
