/**
 * POST /api/call-center/end-call: the end-call sequence of call-handling.md §4 as one command (issue 7, point 3;
 * docs/decisions/010-end-call-command.md). Validation and pricing come first and write nothing; then steps 2–7
 * run in one transaction: call history, the customer info edit, services, the order with its lines, source,
 * autopay and coupon discount, the survey, the call history update, the call status and list effects, and the
 * emails (queued in the same transaction, delivered by the mail worker after commit). A failing step rolls
 * everything back and answers its step, so the screen shows that step's toast. Only the CSR holding the customer's
 * call ends it (409, nothing written), and ending it releases the lock. A repeat of an idempotency key answers the
 * first result and writes nothing, even though the first end released the lock.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { END_CALL_STEPS, type EndCallRequest, type EndCallResponse, type EndCallStep } from '@cc/contract';
import {
  CALL_RESULTS,
  CALL_TIME_ZONE,
  CONFIG_DEFAULTS,
  NEW_CUSTOMER_SURVEY,
  callStatusAtEnd,
  callTypeByName,
  endCallProblem,
  followUpDue,
  formatLocalDateTime,
  formatMoney,
  isSaleResult,
  listEffectsOf,
  orderTypeOf,
  receiptText,
  sendsThpEmail,
  surveyProblems,
  type Quote,
} from '@cc/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  callHistory,
  callLocks,
  callServices,
  callWorkStates,
  customers,
  emailOutbox,
  inboundFollowUpConfigs,
  outboundCalls,
  savedCalls,
  stepLog,
  webLeads,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import {
  CALL_NOT_HELD_MESSAGE,
  holdsCall,
  linkInfoEdit,
  recordCallCustomer,
  requireCallInScope,
} from '../current-call/index.js';
import { quoteForCall } from '../pricing/index.js';
import { writeCallbackStatus, writeCallHistory, writeCallUpdate } from './call-history.js';
import { callServiceRows } from './call-services.js';
import { emailContextOf, queueEndCallEmailOf, queueThpEmailOf } from './emails.js';
import {
  insertCallOrder,
  insertOrderCoupon,
  insertOrderLines,
  writeOrderSource,
  writeOrderTotals,
} from './call-order.js';
import { fromCallTime, placeOf } from './shared.js';
import { saveSurvey } from './surveys.js';

export type EndCallInput = z.output<typeof EndCallRequest>;

/** Lawn size of a new prospect (call-handling.md §5, customer number 0). */
const PROSPECT_LAWN_SIZE = 0.17;

const dollars = (cents: number) => cents / 100;

/** A hook the tests use to fail or stall a step; absent in production. */
export type EndCallStepHook = (step: EndCallStep) => void | Promise<void>;

const STEP_FAILED = 'Something went wrong on the server.';

/** Runs one step; an error becomes the step's failure (status kept, step named) and rolls the transaction back. */
async function step<T>(hook: EndCallStepHook | undefined, name: EndCallStep, run: () => Promise<T>): Promise<T> {
  try {
    await hook?.(name);
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError(error.code, error.message, error.errors, { cause: error, step: name });
    }
    // The cause stays for the log (values redacted there); the CSR and the step log get words without internals.
    throw new AppError('INTERNAL', STEP_FAILED, undefined, { cause: error, step: name });
  }
}

/** The answer of a call already ended with this key (a retry, a double click, a concurrent duplicate). */
async function repeatAnswer(db: DbOrTx, user: AuthUser, key: string): Promise<EndCallResponse | null> {
  const [call] = await db
    .select({
      callId: callHistory.callId,
      csuserId: callHistory.csuserId,
      orderId: callHistory.orderId,
      surveyId: callHistory.surveyId,
      callType: callHistory.callType,
      callResult: callHistory.callResult,
      receipt: callHistory.reciept,
    })
    .from(callHistory)
    .where(eq(callHistory.idempotencyKey, key));
  if (!call) return null;
  if (call.csuserId !== user.userId) throw badRequest('idempotencyKey', 'is already used by another call');
  const mail = await db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.callId, call.callId));
  return {
    callId: call.callId,
    orderId: call.orderId,
    surveyId: call.surveyId,
    orderStatus: call.orderId === null ? null : isSaleResult(call.callResult) ? 'SUBMITTED' : 'PENDING',
    callStatus: callStatusAtEnd(call.callType, call.callResult),
    emailQueued: mail.some((m) => m.kind === 'end-call'),
    thpEmailQueued: mail.some((m) => m.kind === 'thp'),
    receipt: call.receipt,
    repeated: true,
  };
}

/** The survey as the form defines it, with the call's answers; null when no question was answered. */
function surveyOf(answers: Record<string, string> | undefined) {
  const given = Object.entries(answers ?? {}).filter(([, v]) => v.trim() !== '');
  if (given.length === 0) return null;
  const byId = Object.fromEntries(given.map(([id, v]) => [Number(id), v.trim()]));
  const unknown = given.find(([id]) => !NEW_CUSTOMER_SURVEY.questions.some((q) => q.id === Number(id)));
  if (unknown) throw badRequest(`survey.${unknown[0]}`, 'is not a question of the new-customer survey');
  const questions = NEW_CUSTOMER_SURVEY.questions.map((q) => ({ id: q.id, answer: { value: byId[q.id] ?? '' } }));
  const missing = surveyProblems(
    NEW_CUSTOMER_SURVEY,
    questions.map((q) => ({ id: q.id, value: q.answer.value })),
  ).length;
  return { byId, questions, missing };
}

export async function endCall(
  ctx: AppContext,
  user: AuthUser,
  input: EndCallInput,
  hook?: EndCallStepHook,
): Promise<EndCallResponse> {
  // A repeat answers at once, before anything is checked again (the customer may have changed since).
  const first = await repeatAnswer(ctx.db, user, input.idempotencyKey);
  if (first) return first;

  // ---- Step 1: validate and price; nothing is written. ----
  const type = callTypeByName(input.callType);
  if (!type) throw badRequest('callType', `unknown call type ${input.callType}`);
  if (type.outbound && input.outboundId === undefined)
    throw badRequest('outboundId', 'is required for an outbound call');
  if (!type.outbound && input.outboundId !== undefined)
    throw badRequest('outboundId', 'belongs to outbound calls only');
  const place = await placeOf(ctx.db, user.scope, input.sqldbid, input.customerNo);
  const customer = place.customer;
  // A new prospect or an unknown customer as the screen has it (no stored record); the contract allows it only there.
  const snapshot = input.customerNo <= 0 ? input.customer : undefined;
  let quote: Quote | null = null;
  if (input.pricing) {
    const size = customer ? Number(customer.lawnSize) : (snapshot?.lawnSize ?? PROSPECT_LAWN_SIZE);
    ({ quote } = await quoteForCall(ctx, user, {
      sqldbid: input.sqldbid,
      customerNo: input.customerNo,
      size,
      serviceYear: input.pricing.serviceYear,
      selections: input.pricing.selections,
      flags: input.pricing.flags,
      edits: input.pricing.edits,
    }));
  }
  const survey = surveyOf(input.survey);
  const problem = endCallProblem({
    callType: type.CallTypeName,
    result: input.result,
    allowedResults: CALL_RESULTS[type.CallTypeName],
    callbackAt: input.callbackAt ?? null,
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

  const now = ctx.now();
  const sale = isSaleResult(input.result);
  // A sale becomes a submitted order; a priced call that is not a sale is kept as a pending quote.
  const makesOrder = quote !== null && quote.totals.saleTotal > 0 && (sale || quote.lines.length > 0);
  const status = callStatusAtEnd(type.CallTypeName, input.result);
  const effects = listEffectsOf(type.CallTypeName, input.result);
  const couponApplied = quote?.states.coupon?.applied ? quote.states.coupon : null;
  const receipt = quote
    ? receiptText(quote, { result: input.result, couponCode: couponApplied?.code, money: formatMoney })
    : `Result: ${input.result}`;
  const customerEmail = customer?.email ?? snapshot?.email?.trim() ?? '';

  let recorded: Awaited<ReturnType<typeof recordCallCustomer>> | null = null;
  const answer = await runLogged(ctx, user, input, () =>
    ctx.db.transaction(async (tx): Promise<EndCallResponse> => {
      // The scope read before the transaction (to price the call), checked again and held until it commits.
      await requireCallInScope(tx, user, input, { holdCustomer: true, listedOfType: type.CallTypeName });
      // Only the CSR holding the call ends it (docs/decisions/021). Its lock row stays locked FOR UPDATE until this
      // transaction ends (it releases the lock), so a concurrent duplicate waits here; when the first has ended the
      // call, the lock is gone and the duplicate answers the first result.
      if (!(await holdsCall(ctx, tx, user, input.sqldbid, input.customerNo, { forUpdate: true }))) {
        const repeat = await repeatAnswer(tx, user, input.idempotencyKey);
        if (repeat) return repeat;
        throw new AppError('CONFLICT', CALL_NOT_HELD_MESSAGE);
      }
      // ---- Step 2: the call history record, and the customer info edit linked to it. ----
      const inserted = await step(hook, 'callHistory', async () => {
        const t = quote?.totals;
        const lawn = quote?.lines.find((l) => l.kind === 'lawn');
        const result = await writeCallHistory(
          tx,
          user,
          {
            idempotencyKey: input.idempotencyKey,
            sqldbid: input.sqldbid,
            cust_no: input.customerNo,
            call_type: type.CallTypeName,
            call_result: input.result,
            outboundId: input.outboundId,
            ...(input.callStart
              ? { call_start: input.callStart.length === 16 ? `${input.callStart}:00` : input.callStart }
              : {}),
            cust_type: customer?.customerType ?? snapshot?.customerType ?? (input.customerNo === 0 ? 'Prospect' : ''),
            cust_email: customerEmail,
            call_reason: input.serviceCallReason ?? '',
            ownerfollowup: input.followUp,
            call_target: input.callbackAt
              ? input.callbackAt.length === 16
                ? `${input.callbackAt}:00`
                : input.callbackAt
              : null,
            csr_notes: input.notes,
            lawnsize: customer
              ? Number(customer.lawnSize)
              : (snapshot?.lawnSize ?? (input.customerNo === 0 ? PROSPECT_LAWN_SIZE : 0)),
            zipcode: customer?.zip ?? snapshot?.zip ?? '',
            sendemail: input.sendEmail,
            cust_Autopaid: customer?.autoPayEnabled ?? false,
            ...(t && quote
              ? {
                  package: lawn?.serviceName ?? '',
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
                }
              : { coupon_used: 'None', offerId: 0 }),
          },
          place.branchNo,
          now,
        );
        if (result.created && input.customerInfoEditId) {
          await linkInfoEdit(ctx, user, input.customerInfoEditId, result.call_id, tx);
        }
        if (result.created && snapshot) {
          // The on-screen customer is recorded as this call's customer info edit (docs/decisions/012).
          recorded = await recordCallCustomer(tx, {
            userId: user.userId,
            sqldbid: input.sqldbid,
            customerNo: input.customerNo,
            branchNo: place.branchNo,
            snapshot,
            callHistoryId: result.call_id,
            now,
          });
        }
        return result;
      });
      // A concurrent duplicate committed first: answer it, write nothing more.
      if (!inserted.created) {
        const repeat = await repeatAnswer(tx, user, input.idempotencyKey);
        if (repeat) return repeat;
      }
      const callId = inserted.call_id;

      // ---- Step 3: the programs, services and coupon offered or sold on the call. ----
      if (quote) {
        const q = quote;
        await step(hook, 'callHistory', async () => {
          const item = (kind: 'lawn' | 'pestMonthly') => q.lines.find((l) => l.kind === kind);
          const asItem = (l: Quote['lines'][number]) => ({
            Id: l.itemId,
            ServiceDefId: l.serviceDefId,
            ServiceName: l.serviceName,
            FinalPrice: dollars(l.extendedPriceSold),
            TotalRounds: l.kind === 'lawn' ? l.quantity : undefined,
            Free: l.free,
          });
          const lawn = item('lawn');
          const pest = item('pestMonthly');
          const rows = callServiceRows({
            callId,
            LawnProgram: lawn ? asItem(lawn) : null,
            PestProgram: pest ? asItem(pest) : null,
            AdditionalServices: q.lines.filter((l) => l.kind === 'additional').map(asItem),
            Discount: q.flags.callDiscount ? dollars(q.totals.callDiscount) : null,
            Coupon: couponApplied ? { CouponCode: couponApplied.code, Value: dollars(couponApplied.amount) } : null,
          });
          if (rows.length > 0) await tx.insert(callServices).values(rows);
        });
      }

      // ---- Step 4: the order (a sale submits it; otherwise it is a pending quote). ----
      let orderId: number | null = null;
      if (makesOrder && quote) {
        const q = quote;
        const t = q.totals;
        const hasLawn = q.lines.some((l) => l.kind === 'lawn');
        orderId = await step(hook, 'createOrder', () =>
          insertCallOrder(
            tx,
            user,
            {
              sqldbid: input.sqldbid,
              customerNo: Math.max(input.customerNo, 0),
              branchNo: place.branchNo,
              callId,
              serviceYear: q.serviceYear,
              isPrepay: q.flags.prepay,
              orderType: orderTypeOf(input.result, hasLawn),
              orderStatus: sale ? 'SUBMITTED' : 'PENDING',
              subTotal: dollars(t.saleSubTotal),
              tax: dollars(t.saleSalesTax),
              total: dollars(t.saleTotal),
              title: q.lines
                .map((l) => l.serviceName)
                .join(', ')
                .slice(0, 200),
            },
            now,
          ),
        );
        const id = orderId;
        await step(hook, 'orderSource', () => writeOrderSource(tx, id, 'Call Center', now));
        // Item 45 (the pest initial payment) is not an order item (§4 step 4). Every line must be written:
        // a sale with a missing line is refused whole (decision 010).
        await step(hook, 'orderItem', () =>
          insertOrderLines(
            tx,
            id,
            q.lines
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
              })),
          ),
        );
        await step(hook, 'updateOrder', () =>
          writeOrderTotals(
            tx,
            id,
            {
              subTotal: dollars(t.saleSubTotal),
              tax: dollars(t.saleSalesTax),
              total: dollars(t.saleTotal),
              isAutopay: customer?.autoPayEnabled ?? false,
            },
            now,
          ),
        );
        if (couponApplied && couponApplied.amount > 0) {
          await step(hook, 'orderDiscount', () =>
            insertOrderCoupon(tx, id, {
              code: couponApplied.code,
              amount: dollars(couponApplied.amount),
              subTotal: dollars(t.saleSubTotal),
            }),
          );
        }
      }

      // ---- Step 5: the survey, if one was taken. ----
      let surveyId = -1;
      if (survey) {
        const saved = await step(hook, 'survey', () =>
          saveSurvey(
            tx,
            user,
            { questions: survey.questions, sqldbid: input.sqldbid, custNo: input.customerNo, callId },
            now,
            'survey.',
          ),
        );
        surveyId = saved.surveyId;
      }

      // ---- Step 6: the call history gets its receipt, survey and order; the lists follow the call. ----
      const call = await step(hook, 'updateCallHistory', async () => {
        const updated = await writeCallUpdate(tx, callId, {
          Reciept: receipt,
          SurveyId: surveyId,
          orderId,
          // The customer the emails name when there is no stored record.
          ...(recorded ? { customer: { ...recorded } } : {}),
        });
        await applyListEffects(tx, user, input, type.CallTypeName, status, effects, now, recorded, place.branchNo);
        await releaseCall(tx, user, input);
        return updated;
      });

      // ---- Step 7: the emails, queued in this transaction and delivered after commit. ----
      const emails = await step(hook, 'email', async () => {
        const thpDue = sendsThpEmail(input.result, survey?.byId ?? {});
        if (!input.sendEmail && !thpDue) return { emailQueued: false, thpEmailQueued: false };
        const context = await emailContextOf(tx, call);
        const confirmation = input.sendEmail ? await queueEndCallEmailOf(tx, user, call, context, now) : null;
        const thp = thpDue ? await queueThpEmailOf(tx, user, call, context, survey?.byId ?? {}, now) : null;
        return { emailQueued: confirmation?.queued ?? false, thpEmailQueued: thp?.queued ?? false };
      });

      return {
        callId,
        orderId,
        surveyId,
        orderStatus: orderId === null ? null : sale ? 'SUBMITTED' : 'PENDING',
        callStatus: status,
        ...emails,
        receipt,
        repeated: false,
      };
    }),
  );
  if (answer.emailQueued || answer.thpEmailQueued) ctx.mail.nudge();
  return answer;
}

/**
 * Runs the transaction; when a step fails, the failure goes to the step log (stepDebug's table) after the rollback,
 * in a statement of its own, so that support can see which call failed where and why even though nothing of the
 * call was kept. A failure to log is itself only logged: the CSR's answer is the step's error.
 */
async function runLogged<T>(ctx: AppContext, user: AuthUser, input: EndCallInput, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.step !== undefined) {
      try {
        await ctx.db.insert(stepLog).values({
          // The step's number in the sequence (END_CALL_STEPS: 1 validate, 2 callHistory, …); its name leads the log.
          stepId: END_CALL_STEPS.indexOf(error.step as EndCallStep) + 1,
          sqldbid: input.sqldbid,
          custNo: input.customerNo,
          parametersData: JSON.stringify({
            idempotencyKey: input.idempotencyKey,
            callType: input.callType,
            result: input.result,
            outboundId: input.outboundId ?? null,
          }),
          status: 'failed',
          log: `${error.step}: ${error.message}`,
          userId: user.userId,
          createdAt: ctx.now(),
        });
      } catch (logError) {
        ctx.log.error({ err: logError }, 'end-call: the failed step could not be logged');
      }
    }
    throw error;
  }
}

/** §4 call status at end and list effects, on the outbound row and the lists. */
async function applyListEffects(
  tx: DbOrTx,
  user: AuthUser,
  input: EndCallInput,
  callType: string,
  status: 'Callback' | 'End' | null,
  effects: ReturnType<typeof listEffectsOf>,
  now: Date,
  prospect: Awaited<ReturnType<typeof recordCallCustomer>> | null,
  branchNo: string,
): Promise<void> {
  const outboundId = input.outboundId;
  if (outboundId !== undefined && status === 'Callback' && input.callbackAt) {
    const at = input.callbackAt.length === 16 ? `${input.callbackAt}:00` : input.callbackAt;
    await writeCallbackStatus(tx, user, { outboundId, callBackDate: at }, now);
  } else if (outboundId !== undefined && status === 'End') {
    await tx
      .update(outboundCalls)
      .set({
        callStatus: 'End',
        callAttempts: sql`${outboundCalls.callAttempts} + 1`,
        lastAccessDate: now,
        lastAccessCsr: user.userId,
        ...(effects.completeRow ? { callComplete: true } : {}),
      })
      .where(eq(outboundCalls.outboundId, outboundId));
  }
  if (outboundId !== undefined && effects.deleteWebLead) {
    const [row] = await tx
      .update(outboundCalls)
      .set({ deletedAt: now, deletedBy: user.userId })
      .where(and(eq(outboundCalls.outboundId, outboundId), sql`${outboundCalls.deletedAt} is null`))
      .returning({ webLeadId: outboundCalls.webLeadCallId });
    if (row?.webLeadId) {
      await tx
        .update(webLeads)
        .set({ status: 'deleted', closedAt: now, closedBy: user.userId })
        .where(eq(webLeads.webLeadId, row.webLeadId));
    }
  }
  // The follow-up falls due in its branch's follow-up window (Franchise Maintenance, decision 032).
  const due = effects.addInboundFollowUp
    ? await followUpDueAt(tx, branchNo, now)
    : sql`${now.toISOString()}::timestamptz`;
  if (effects.addInboundFollowUp && input.customerNo > 0) {
    await tx.execute(sql`
      insert into outbound_calls (id, type, call_source, call_attempts, call_origin, call_back_date, branchno, sqldbid,
        cust_no, first_name, last_name, street, city, state, zip, phone, size, customer_type, cust_status, status_date,
        call_status, comments)
      select c.customer_id, 'InboundFollowUp', 'Outbound-InboundFollowUp', 0, 'Outbound', ${due},
        c.branchno, c.sqldbid, c.customer_no, c.first_name, c.last_name, c.address, c.city, c.state, c.zip,
        coalesce(nullif(c.home_phone, ''), c.cell_phone), c.lawn_size, c.customer_type, c.status,
        ${now.toISOString()}::timestamptz, 'New', ${`Follow-up after ${callType}: ${input.result}`}
      from ${customers} c where c.sqldbid = ${input.sqldbid} and c.customer_no = ${input.customerNo}`);
  } else if (effects.addInboundFollowUp && input.customerNo === 0) {
    // A new prospect has no stored record: the follow-up carries what the call knew of them (decision 010). An
    // unknown customer (-1) gets none: the lists drop rows without a customer number (§5).
    const c = prospect;
    await tx.insert(outboundCalls).values({
      id: 0,
      type: 'InboundFollowUp',
      callSource: 'Outbound-InboundFollowUp',
      callAttempts: 0,
      callOrigin: 'Outbound',
      callBackDate: sql`${due}`,
      branchNo,
      sqldbid: input.sqldbid,
      custNo: 0,
      firstName: c?.firstName ?? '',
      lastName: c?.lastName ?? '',
      street: c?.address ?? '',
      city: c?.city ?? '',
      state: c?.state ?? '',
      zip: c?.zip ?? '',
      phone: c?.homePhone || c?.cellPhone || c?.workPhone || '',
      size: String(c?.lawnSize ?? PROSPECT_LAWN_SIZE),
      customerType: 'Prospect',
      custStatus: 'Prospect',
      statusDate: now,
      callStatus: 'New',
      comments: `Follow-up after ${callType}: ${input.result}`,
    });
  }
}

/**
 * When a follow-up added now falls due: at once inside its branch's follow-up window, else at the window's next
 * start (America/Chicago; the defaults for a branch without a config).
 */
async function followUpDueAt(tx: DbOrTx, branchNo: string, now: Date): Promise<SQL> {
  const [config] = await tx
    .select({ start: inboundFollowUpConfigs.inboundFollowUpStart, end: inboundFollowUpConfigs.inboundFollowUpEnd })
    .from(inboundFollowUpConfigs)
    .where(eq(inboundFollowUpConfigs.branchNo, branchNo));
  const local = formatLocalDateTime(now, CALL_TIME_ZONE);
  const dueLocal = followUpDue(local, {
    start: config?.start ?? CONFIG_DEFAULTS.inboundFollowUpStart,
    end: config?.end ?? CONFIG_DEFAULTS.inboundFollowUpEnd,
  });
  return dueLocal === local ? sql`${now.toISOString()}::timestamptz` : fromCallTime(dueLocal);
}

/**
 * The call is over: its lock goes, the outbound row is no longer active, no saved call points at it and its working
 * state is gone (one statement).
 */
async function releaseCall(tx: DbOrTx, user: AuthUser, input: EndCallInput): Promise<void> {
  const outbound =
    input.outboundId === undefined
      ? sql`select 1`
      : sql`update ${outboundCalls} set call_active = false where outbound_id = ${input.outboundId}`;
  await tx.execute(sql`
    with unlocked as (
      delete from ${callLocks}
      where sqldbid = ${input.sqldbid} and customer_no = ${input.customerNo} and user_id = ${user.userId}
    ), unsaved as (
      delete from ${savedCalls}
      where user_id = ${user.userId} and sqldbid = ${input.sqldbid} and customer_no = ${input.customerNo}
    ), forgotten as (
      delete from ${callWorkStates}
      where user_id = ${user.userId} and sqldbid = ${input.sqldbid} and customer_no = ${input.customerNo}
    )
    ${outbound}`);
}
