/**
 * POST /api/call-center/end-call: the end-call sequence of call-handling.md §4 as one command
 * (docs/decisions/010-end-call-command.md). Validation and pricing come first and write nothing; then steps 2–7
 * run in one transaction: call history, the customer info edit, services, the order with its lines, source,
 * autopay and coupon discount, the survey, the call history update, the call status and list effects, and the
 * emails (queued in the same transaction, delivered by the mail worker after commit). A failing step rolls
 * everything back and answers its step, so the screen shows that step's toast. Only the CSR holding the customer's
 * call ends it (409, nothing written), and ending it releases the lock. A repeat of an idempotency key answers the
 * first result and writes nothing, even though the first end released the lock.
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
  sendsThpEmail,
  type Quote,
} from '@cc/domain';
import type { AppContext } from '../../context.js';
import { callServices } from '../../db/schema/index.js';
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
import { PROSPECT_LAWN_SIZE, placeOf } from './shared.js';
import { saveSurvey, surveyOf } from './surveys.js';
import { type EndCallInput, type EndCallStepHook, repeatAnswer, runLogged, step } from './command-steps.js';
import { applyListEffects, releaseCall } from './list-effects.js';

export type { EndCallInput, EndCallStepHook } from './command-steps.js';

const dollars = (cents: number) => cents / 100;

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
  // Nobody was spoken to (No Answer, Left Voicemail, Wrong Number): no end-call email, whatever the screen asked.
  const sendEmail = input.sendEmail && sendsEndCallEmail(input.result);

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
            ...(input.phoneCallId ? { phoneCallId: input.phoneCallId } : {}),
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
            sendemail: sendEmail,
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
        if (!sendEmail && !thpDue) return { emailQueued: false, thpEmailQueued: false };
        const context = await emailContextOf(tx, call);
        const confirmation = sendEmail ? await queueEndCallEmailOf(tx, user, call, context, now) : null;
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
