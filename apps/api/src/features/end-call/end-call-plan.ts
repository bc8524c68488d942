/**
 * What the end-call command decides before it writes anything (call-handling.md §4 step 1), and the records it then
 * writes, each as a pure function of the request and that plan: the call history record (step 2), the services
 * offered or sold (step 3), the order with its lines and totals (step 4) and the answer. command.ts runs them in
 * the sequence's order inside its one transaction (docs/decisions/010-end-call-command.md).
 */
import type { EndCallResponse } from '@cc/contract';
import {
  CALL_RESULTS,
  callStatusAtEnd,
  callTypeByName,
  endCallProblem,
  formatMoney,
  isSaleResult,
  listEffectsOf,
  orderTypeOf,
  receiptText,
  sendsEndCallEmail,
  type Quote,
} from '@cc/domain';
import { badRequest } from '../../http/errors.js';
import type { CallHistoryInput } from './call-history.js';
import type { CallOrderValues } from './call-order.js';
import type { CallServicesInput } from './call-services.js';
import type { EndCallInput } from './command-steps.js';
import type { CreateOrderLineInput } from './order-lines.js';
import { PROSPECT_LAWN_SIZE, type Place } from './shared.js';
import type { surveyOf } from './surveys.js';

const dollars = (cents: number) => cents / 100;

export type CallType = NonNullable<ReturnType<typeof callTypeByName>>;
export type CallSurvey = ReturnType<typeof surveyOf>;
type QuoteLine = Quote['lines'][number];

/** The call type the request names, which decides whether it must name an outbound row. */
export function callTypeOf(input: Pick<EndCallInput, 'callType' | 'outboundId'>): CallType {
  const type = callTypeByName(input.callType);
  if (!type) throw badRequest('callType', `unknown call type ${input.callType}`);
  if (type.outbound && input.outboundId === undefined)
    throw badRequest('outboundId', 'is required for an outbound call');
  if (!type.outbound && input.outboundId !== undefined)
    throw badRequest('outboundId', 'belongs to outbound calls only');
  return type;
}

/** A new prospect or an unknown customer as the screen has it (no stored record); the contract allows it only there. */
export function snapshotOf(input: Pick<EndCallInput, 'customerNo' | 'customer'>): EndCallInput['customer'] {
  return input.customerNo <= 0 ? input.customer : undefined;
}

/** The lawn size the call is priced at: the stored customer's, the screen's, or a prospect's default. */
export function pricedLawnSize(place: Place, snapshot: EndCallInput['customer']): number {
  return place.customer ? Number(place.customer.lawnSize) : (snapshot?.lawnSize ?? PROSPECT_LAWN_SIZE);
}

/** The facts step 1 has established, which every later step reads. */
export interface EndCallFacts {
  type: CallType;
  place: Place;
  snapshot: EndCallInput['customer'];
  quote: Quote | null;
  survey: CallSurvey;
}

/** Step 1's rules of §4 (result allowed, callback time, service reason, survey, a sale's subtotals): 400 otherwise. */
export function checkEndCall(input: EndCallInput, facts: EndCallFacts): void {
  const { type, place, quote, survey } = facts;
  const problem = endCallProblem({
    callType: type.CallTypeName,
    result: input.result,
    allowedResults: CALL_RESULTS[type.CallTypeName],
    callbackAt: input.callbackAt ?? null,
    branchTimeZone: place.timeZone,
    serviceCallReason: input.serviceCallReason ?? null,
    missingSurveyAnswers: survey?.missing ?? 0,
    saleSubtotals: quote && {
      applications: quote.totals.lawncareTotal,
      additionalServices: quote.totals.additionalServicesTotal,
      initialPayment: quote.totals.pestInitialTotal,
      monthly: quote.totals.pestMonthlyTotal,
    },
  });
  if (problem) throw badRequest(problem.field, problem.message);
}

/** What the checked call will write: derived once, read by the steps. */
export interface EndCallPlan extends EndCallFacts {
  now: Date;
  sale: boolean;
  /** A sale becomes a submitted order; a priced call that is not a sale is kept as a pending quote. */
  makesOrder: boolean;
  status: ReturnType<typeof callStatusAtEnd>;
  effects: ReturnType<typeof listEffectsOf>;
  couponApplied: NonNullable<Quote['states']['coupon']> | null;
  receipt: string;
  customerEmail: string;
  sendEmail: boolean;
}

export function planEndCall(input: EndCallInput, facts: EndCallFacts, now: Date): EndCallPlan {
  const { type, quote, snapshot } = facts;
  const sale = isSaleResult(input.result);
  const couponApplied = quote?.states.coupon?.applied ? quote.states.coupon : null;
  return {
    ...facts,
    now,
    sale,
    makesOrder: quote !== null && quote.totals.saleTotal > 0 && (sale || quote.lines.length > 0),
    status: callStatusAtEnd(type.CallTypeName, input.result),
    effects: listEffectsOf(type.CallTypeName, input.result),
    couponApplied,
    receipt: quote
      ? receiptText(quote, { result: input.result, couponCode: couponApplied?.code, money: formatMoney })
      : `Result: ${input.result}`,
    customerEmail: facts.place.customer?.email ?? snapshot?.email?.trim() ?? '',
    // Nobody was spoken to (No Answer, Left Voicemail, Wrong Number): no end-call email, whatever the screen asked.
    sendEmail: input.sendEmail && sendsEndCallEmail(input.result),
  };
}

/** A call time as the screen sends it (to the minute or the second), to the second. */
const toSecond = (time: string) => (time.length === 16 ? `${time}:00` : time);

/** Step 2: the call history record. */
export function callHistoryRecordOf(input: EndCallInput, plan: EndCallPlan): CallHistoryInput {
  const { quote, snapshot, couponApplied } = plan;
  const customer = plan.place.customer;
  return {
    idempotencyKey: input.idempotencyKey,
    sqldbid: input.sqldbid,
    cust_no: input.customerNo,
    call_type: plan.type.CallTypeName,
    call_result: input.result,
    outboundId: input.outboundId,
    ...(input.phoneCallId ? { phoneCallId: input.phoneCallId } : {}),
    ...(input.callStart ? { call_start: toSecond(input.callStart) } : {}),
    cust_type: customer?.customerType ?? snapshot?.customerType ?? (input.customerNo === 0 ? 'Prospect' : ''),
    cust_email: plan.customerEmail,
    call_reason: input.serviceCallReason ?? '',
    ownerfollowup: input.followUp,
    call_target: input.callbackAt ? toSecond(input.callbackAt) : null,
    csr_notes: input.notes,
    lawnsize: customer
      ? Number(customer.lawnSize)
      : (snapshot?.lawnSize ?? (input.customerNo === 0 ? PROSPECT_LAWN_SIZE : 0)),
    zipcode: customer?.zip ?? snapshot?.zip ?? '',
    sendemail: plan.sendEmail,
    cust_Autopaid: customer?.autoPayEnabled ?? false,
    ...(quote ? pricedColumnsOf(quote, couponApplied) : { coupon_used: 'None', offerId: 0 }),
  };
}

/** The call history's columns of a priced call: the program, its totals, the coupon and the offer taken. */
function pricedColumnsOf(quote: Quote, couponApplied: EndCallPlan['couponApplied']) {
  const t = quote.totals;
  return {
    package: quote.lines.find((l) => l.kind === 'lawn')?.serviceName ?? '',
    applications: quote.rounds?.sold ?? 0,
    appcost: dollars(t.appCost),
    salestax: dollars(t.saleSalesTax),
    taxrate: t.taxRate,
    totalcost: dollars(t.saleTotal),
    prepaydiscount: dollars(t.prepayDiscount),
    prepaysalestax: dollars(t.prepaySalesTax),
    prepaytotalcost: dollars(t.prepayTotal),
    cust_Prepaid: quote.flags.prepay,
    coupon: couponApplied?.code ?? '',
    coupon_used: couponApplied ? formatMoney(couponApplied.amount) : 'None',
    ApplicationsSubtotal: dollars(t.lawncareTotal),
    AddServicesSubtotal: dollars(t.additionalServicesTotal),
    MonthlySubTotal: dollars(t.pestMonthlyTotal),
    InitialPaymentSubTotal: dollars(t.pestInitialTotal),
    PrepayDiscountSubtotal: dollars(t.prepaySubTotal),
    PrepayDiscountTotal: dollars(t.prepayTotal),
    offerId: quote.states.offers.find((o) => o.selected && o.applicable)?.id ?? 0,
  };
}

/** Step 3: the programs, services, discount and coupon offered or sold on the call. */
export function callServicesOf(callId: number, quote: Quote, couponApplied: EndCallPlan['couponApplied']) {
  const asItem = (l: QuoteLine) => ({
    Id: l.itemId,
    ServiceDefId: l.serviceDefId,
    ServiceName: l.serviceName,
    FinalPrice: dollars(l.extendedPriceSold),
    TotalRounds: l.kind === 'lawn' ? l.quantity : undefined,
    Free: l.free,
  });
  const lawn = quote.lines.find((l) => l.kind === 'lawn');
  const pest = quote.lines.find((l) => l.kind === 'pestMonthly');
  return {
    callId,
    LawnProgram: lawn ? asItem(lawn) : null,
    PestProgram: pest ? asItem(pest) : null,
    AdditionalServices: quote.lines.filter((l) => l.kind === 'additional').map(asItem),
    Discount: quote.flags.callDiscount ? dollars(quote.totals.callDiscount) : null,
    Coupon: couponApplied ? { CouponCode: couponApplied.code, Value: dollars(couponApplied.amount) } : null,
  } satisfies CallServicesInput;
}

/** Step 4, the order's header: a sale submits it, any other priced call keeps it as a pending quote. */
export function callOrderOf(input: EndCallInput, plan: EndCallPlan, quote: Quote, callId: number): CallOrderValues {
  const t = quote.totals;
  return {
    sqldbid: input.sqldbid,
    customerNo: Math.max(input.customerNo, 0),
    branchNo: plan.place.branchNo,
    callId,
    serviceYear: quote.serviceYear,
    isPrepay: quote.flags.prepay,
    orderType: orderTypeOf(
      input.result,
      quote.lines.some((l) => l.kind === 'lawn'),
    ),
    orderStatus: plan.sale ? 'SUBMITTED' : 'PENDING',
    subTotal: dollars(t.saleSubTotal),
    tax: dollars(t.saleSalesTax),
    total: dollars(t.saleTotal),
    title: quote.lines
      .map((l) => l.serviceName)
      .join(', ')
      .slice(0, 200),
  };
}

/** Step 4, the order's lines: every line that is an order item (the pest initial payment, item 45, is not). */
export function orderLinesOf(quote: Quote): CreateOrderLineInput[] {
  return quote.lines
    .filter((l) => l.orderItem)
    .map((line) => ({
      serviceDefId: line.serviceDefId,
      serviceName: line.serviceName,
      rounds: line.kind === 'lawn' ? line.quantity : 1,
      unitPrice: dollars(line.unitPrice),
      quantity: line.quantity,
      extendedPrice: dollars(line.extendedPrice),
      unitPriceSold: dollars(line.unitPriceSold),
      extendedPriceSold: dollars(line.extendedPriceSold),
      installment: line.installment,
      remainMonths: line.remainMonths,
    }));
}

/** Step 4, the order's totals, and whether the customer pays by autopay. */
export function orderTotalsOf(plan: EndCallPlan, quote: Quote) {
  const t = quote.totals;
  return {
    subTotal: dollars(t.saleSubTotal),
    tax: dollars(t.saleSalesTax),
    total: dollars(t.saleTotal),
    isAutopay: plan.place.customer?.autoPayEnabled ?? false,
  };
}

/** Step 4, the coupon as the order's discount, when one applied with an amount. */
export function orderCouponOf(plan: EndCallPlan, quote: Quote) {
  const coupon = plan.couponApplied;
  if (!coupon || coupon.amount <= 0) return null;
  return { code: coupon.code, amount: dollars(coupon.amount), subTotal: dollars(quote.totals.saleSubTotal) };
}

/** The command's answer once every step has written. */
export function endCallAnswerOf(
  plan: EndCallPlan,
  written: { callId: number; orderId: number | null; surveyId: number },
  emails: { emailQueued: boolean; thpEmailQueued: boolean },
): EndCallResponse {
  return {
    callId: written.callId,
    orderId: written.orderId,
    surveyId: written.surveyId,
    orderStatus: written.orderId === null ? null : plan.sale ? 'SUBMITTED' : 'PENDING',
    callStatus: plan.status,
    ...emails,
    receipt: plan.receipt,
    repeated: false,
  };
}
