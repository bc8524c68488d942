/**
 * POST /api/call-center/end-call: the end-call sequence of call-handling.md §4 as one command
 * (docs/decisions/010-end-call-command.md). Validation and pricing come first and write nothing; then steps 2–7
 * run in one transaction: call history, the customer info edit, services, the order with its lines, source,
 * autopay and coupon discount, the survey, the call history update, the call status and list effects, and the
 * emails (queued in the same transaction, delivered by the mail worker after commit). A failing step rolls
 * everything back and answers its step, so the screen shows that step's toast. Only the CSR holding the customer's
 * call ends it (409, nothing written), and ending it releases the lock. A repeat of an idempotency key answers the
 * first result and writes nothing, even though the first end released the lock.
 *
 * Each step below is a function of its own; what it writes is a pure function of the request and the plan
 * (end-call-plan.ts).
 */
import type { EndCallResponse } from '@cc/contract';
import { sendsThpEmail, type Quote } from '@cc/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callServices } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import {
  CALL_NOT_HELD_MESSAGE,
  holdsCall,
  linkInfoEdit,
  recordCallCustomer,
  requireCallInScope,
} from '../current-call/index.js';
import { applyAgentEvent } from '../agent-states/index.js';
import { quoteForCall } from '../pricing/index.js';
import { writeCallHistory, writeCallUpdate } from './call-history.js';
import { callServiceRows } from './call-services.js';
import { emailContextOf, queueEndCallEmailOf, queueThpEmailOf } from './emails.js';
import {
  insertCallOrder,
  insertOrderCoupon,
  insertOrderLines,
  writeOrderSource,
  writeOrderTotals,
} from './call-order.js';
import { placeOf, type CallRow } from './shared.js';
import { saveSurvey, surveyOf } from './surveys.js';
import { type EndCallInput, type EndCallStepHook, repeatAnswer, runLogged, step } from './command-steps.js';
import { applyListEffects, releaseCall } from './list-effects.js';
import {
  type EndCallPlan,
  callHistoryRecordOf,
  callOrderOf,
  callServicesOf,
  callTypeOf,
  checkEndCall,
  endCallAnswerOf,
  orderCouponOf,
  orderLinesOf,
  orderTotalsOf,
  planEndCall,
  pricedLawnSize,
  snapshotOf,
} from './end-call-plan.js';

export type { EndCallInput, EndCallStepHook } from './command-steps.js';

type RecordedCustomer = Awaited<ReturnType<typeof recordCallCustomer>>;

export async function endCall(
  ctx: AppContext,
  user: AuthUser,
  input: EndCallInput,
  hook?: EndCallStepHook,
): Promise<EndCallResponse> {
  // A repeat answers at once, before anything is checked again (the customer may have changed since).
  const first = await repeatAnswer(ctx.db, user, input.idempotencyKey);
  if (first) return first;
  const plan = await validateAndPrice(ctx, user, input);
  const answer = await runLogged(ctx, user, input, () =>
    ctx.db.transaction((tx) => writeEndedCall(ctx, tx, user, input, plan, hook)),
  );
  if (answer.emailQueued || answer.thpEmailQueued) ctx.mail.nudge();
  return answer;
}

/** Step 1: validate and price; nothing is written. */
async function validateAndPrice(ctx: AppContext, user: AuthUser, input: EndCallInput): Promise<EndCallPlan> {
  const type = callTypeOf(input);
  const place = await placeOf(ctx.db, user.scope, input.sqldbid, input.customerNo);
  const snapshot = snapshotOf(input);
  const quote = input.pricing
    ? await priceCall(ctx, user, input, input.pricing, pricedLawnSize(place, snapshot))
    : null;
  const facts = { type, place, snapshot, quote, survey: surveyOf(input.survey) };
  checkEndCall(input, facts);
  return planEndCall(input, facts, ctx.now());
}

/** The call priced by the same engine the pricing tab runs in the browser. */
async function priceCall(
  ctx: AppContext,
  user: AuthUser,
  input: EndCallInput,
  pricing: NonNullable<EndCallInput['pricing']>,
  size: number,
): Promise<Quote> {
  const { quote } = await quoteForCall(ctx, user, {
    sqldbid: input.sqldbid,
    customerNo: input.customerNo,
    size,
    serviceYear: pricing.serviceYear,
    selections: pricing.selections,
    flags: pricing.flags,
    edits: pricing.edits,
  });
  return quote;
}

/** Steps 2–7, in the one transaction. */
async function writeEndedCall(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: EndCallInput,
  plan: EndCallPlan,
  hook: EndCallStepHook | undefined,
): Promise<EndCallResponse> {
  const notHeld = await requireHeldCall(ctx, tx, user, input, plan);
  if (notHeld) return notHeld;
  const history = await step(hook, 'callHistory', () => writeHistory(ctx, tx, user, input, plan));
  // A concurrent duplicate committed first: answer it, write nothing more.
  if (!history.created) {
    const repeat = await repeatAnswer(tx, user, input.idempotencyKey);
    if (repeat) return repeat;
  }
  const callId = history.call_id;
  const { quote } = plan;
  if (quote) await step(hook, 'callHistory', () => writeServices(tx, callId, plan, quote));
  const orderId = plan.makesOrder && quote ? await writeOrder(tx, user, input, plan, quote, callId, hook) : null;
  const surveyId = await writeSurvey(tx, user, input, plan, callId, hook);
  const call = await step(hook, 'updateCallHistory', () =>
    closeCall(ctx, tx, user, input, plan, { callId, orderId, surveyId, recorded: history.recorded }),
  );
  const emails = await step(hook, 'email', () => queueEmails(tx, user, input, plan, call));
  return endCallAnswerOf(plan, { callId, orderId, surveyId }, emails);
}

/**
 * The scope read before the transaction (to price the call), checked again and held until it commits; and only the
 * CSR holding the call ends it (docs/decisions/021). Its lock row stays locked FOR UPDATE until this transaction
 * ends (it releases the lock), so a concurrent duplicate waits here; when the first has ended the call, the lock is
 * gone and the duplicate answers the first result (returned here), else 409.
 */
async function requireHeldCall(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: EndCallInput,
  plan: EndCallPlan,
): Promise<EndCallResponse | null> {
  await requireCallInScope(tx, user, input, { holdCustomer: true, listedOfType: plan.type.CallTypeName });
  if (await holdsCall(ctx, tx, user, input.sqldbid, input.customerNo, { forUpdate: true })) return null;
  const repeat = await repeatAnswer(tx, user, input.idempotencyKey);
  if (repeat) return repeat;
  throw new AppError('CONFLICT', CALL_NOT_HELD_MESSAGE);
}

/** Step 2: the call history record, and the customer info edit linked to it. */
async function writeHistory(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: EndCallInput,
  plan: EndCallPlan,
): Promise<{ call_id: number; created: boolean; recorded: RecordedCustomer | null }> {
  const result = await writeCallHistory(tx, user, callHistoryRecordOf(input, plan), plan.place.branchNo, plan.now);
  if (result.created && input.customerInfoEditId) {
    await linkInfoEdit(ctx, user, input.customerInfoEditId, result.call_id, tx);
  }
  let recorded: RecordedCustomer | null = null;
  if (result.created && plan.snapshot) {
    // The on-screen customer is recorded as this call's customer info edit (docs/decisions/012).
    recorded = await recordCallCustomer(tx, {
      userId: user.userId,
      sqldbid: input.sqldbid,
      customerNo: input.customerNo,
      branchNo: plan.place.branchNo,
      snapshot: plan.snapshot,
      callHistoryId: result.call_id,
      now: plan.now,
    });
  }
  return { ...result, recorded };
}

/** Step 3: the programs, services and coupon offered or sold on the call. */
async function writeServices(tx: DbOrTx, callId: number, plan: EndCallPlan, quote: Quote): Promise<void> {
  const rows = callServiceRows(callServicesOf(callId, quote, plan.couponApplied));
  if (rows.length > 0) await tx.insert(callServices).values(rows);
}

/**
 * Step 4: the order (a sale submits it; otherwise it is a pending quote), its source, every line (a sale with a
 * missing line is refused whole, decision 010), its totals and the coupon as its discount.
 */
async function writeOrder(
  tx: DbOrTx,
  user: AuthUser,
  input: EndCallInput,
  plan: EndCallPlan,
  quote: Quote,
  callId: number,
  hook: EndCallStepHook | undefined,
): Promise<number> {
  const { now } = plan;
  const orderId = await step(hook, 'createOrder', () =>
    insertCallOrder(tx, user, callOrderOf(input, plan, quote, callId), now),
  );
  await step(hook, 'orderSource', () => writeOrderSource(tx, orderId, 'Call Center', now));
  await step(hook, 'orderItem', () => insertOrderLines(tx, orderId, orderLinesOf(quote)));
  await step(hook, 'updateOrder', () => writeOrderTotals(tx, orderId, orderTotalsOf(plan, quote), now));
  const coupon = orderCouponOf(plan, quote);
  if (coupon) await step(hook, 'orderDiscount', () => insertOrderCoupon(tx, orderId, coupon));
  return orderId;
}

/** Step 5: the survey, if one was taken; its id, or -1. */
async function writeSurvey(
  tx: DbOrTx,
  user: AuthUser,
  input: EndCallInput,
  plan: EndCallPlan,
  callId: number,
  hook: EndCallStepHook | undefined,
): Promise<number> {
  const survey = plan.survey;
  if (!survey) return -1;
  const saved = await step(hook, 'survey', () =>
    saveSurvey(
      tx,
      user,
      { questions: survey.questions, sqldbid: input.sqldbid, custNo: input.customerNo, callId },
      plan.now,
      'survey.',
    ),
  );
  return saved.surveyId;
}

/** Step 6: the call history gets its receipt, survey and order; the lists follow the call; the lock is released. */
async function closeCall(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: EndCallInput,
  plan: EndCallPlan,
  written: { callId: number; orderId: number | null; surveyId: number; recorded: RecordedCustomer | null },
): Promise<CallRow> {
  const { recorded } = written;
  const updated = await writeCallUpdate(tx, written.callId, {
    Reciept: plan.receipt,
    SurveyId: written.surveyId,
    orderId: written.orderId,
    // The customer the emails name when there is no stored record.
    ...(recorded ? { customer: { ...recorded } } : {}),
  });
  const { type, status, effects, now, place } = plan;
  await applyListEffects(tx, user, input, type.CallTypeName, status, effects, now, recorded, place.branchNo);
  await releaseCall(tx, user, input);
  // The CSR wraps the call up, then is Ready (decision 076): whatever call they held, this one has ended.
  await applyAgentEvent(
    ctx,
    tx,
    user.userId,
    { kind: 'callEnded', callKey: null, wrapUpSeconds: ctx.config.agentWrapUpSeconds },
    'call',
  );
  return updated;
}

/** Step 7: the emails, queued in this transaction and delivered after commit. */
async function queueEmails(
  tx: DbOrTx,
  user: AuthUser,
  input: EndCallInput,
  plan: EndCallPlan,
  call: CallRow,
): Promise<{ emailQueued: boolean; thpEmailQueued: boolean }> {
  const answers = plan.survey?.byId ?? {};
  const thpDue = sendsThpEmail(input.result, answers);
  if (!plan.sendEmail && !thpDue) return { emailQueued: false, thpEmailQueued: false };
  const context = await emailContextOf(tx, call);
  const confirmation = plan.sendEmail ? await queueEndCallEmailOf(tx, user, call, context, plan.now) : null;
  const thp = thpDue ? await queueThpEmailOf(tx, user, call, context, answers, plan.now) : null;
  return { emailQueued: confirmation?.queued ?? false, thpEmailQueued: thp?.queued ?? false };
}
