/**
 * The pricing engine (decision 006): one pure function, {@link quote}, from pricing data, selections, discount flags,
 * edits and a date to every sale total of call-handling.md §3 and the order lines the sale becomes. No I/O, no
 * clock. The rules and the choices the spec leaves open are in docs/pricing.md, each with a worked example.
 *
 * Per line the discounts compound in this order, each rounded half-up to the cent:
 * offer → Preferred Plus → call discount → prepay discount → coupon; tax is charged on what is left.
 * Totals are sums of the rounded lines, so the lines always add up to them.
 */
import {
  type BillDay,
  DEFAULT_BILL_DAY,
  firstBillDate,
  monthsRemaining,
  parseDay,
  serviceYearFor,
} from './calendar.js';
import { PricingInputError, applyRate, assertCents, assertPercent, divideHalfUp, percentToPpm } from './money.js';
import { type CouponPlan, type VariantSums, type Work, runVariant } from './work-line.js';
import { type OfferContext, offerDiscount, offerTarget } from './offers.js';
import { couponTargets, findCoupon } from './coupons.js';
import { type LineContext, additionalSale, invalidEdit, lawnSale, pestSale } from './selected-lines.js';
import { itemState, offerState, serviceState } from './item-states.js';
import { LAWN_SIZE_ALERT_ABOVE, ZERO_SALE_MESSAGE, lawnProgramKind, needsLawnSizeAlert } from './sale-rules.js';
import type { DiscountCase, Offer, PricingProblem, Quote, QuoteInput, QuoteLine, SaleTotals } from './types.js';

// The engine's public names that live in its modules, exported here as before.
export {
  PEST_INITIAL_SERVICE_ID,
  LAWN_SIZE_ALERT_ABOVE,
  ZERO_SALE_MESSAGE,
  FREE_SERVICE_NOT_SELECTED_MESSAGE,
  ECONOMY_OFFER_MESSAGE,
  type LawnProgramKind,
  lawnProgramKind,
  needsLawnSizeAlert,
  saleValidationMessage,
} from './sale-rules.js';
export { findCoupon, couponOnLines } from './coupons.js';

/**
 * Prices a sale. Pure: the same input gives the same quote; nothing is read from the clock or elsewhere.
 *
 * Business problems (an offer that does not apply, a blocked service, a $0 sale…) come back in
 * {@link Quote.problems} and leave the rest of the quote priced without the item concerned. Structurally invalid
 * input (fractional or negative cents, a percent over 100 in the data, a date that is not YYYY-MM-DD) throws a
 * {@link PricingInputError}.
 *
 * @example
 * const q = quote({ data, selections: { lawnProgramId: 1 }, customer: { isExisting: false }, date: '2025-04-10' });
 * q.totals.saleTotal; // cents, in the case the flags choose
 */
export function quote(input: QuoteInput): Quote {
  const { data, selections } = input;
  const flagsIn = input.flags ?? {};
  const edits = input.edits ?? {};
  const problems: PricingProblem[] = [];
  const today = parseDay(input.date);
  const serviceYear = input.serviceYear ?? serviceYearFor(today);
  if (!Number.isInteger(serviceYear)) throw new PricingInputError('serviceYear must be a whole year.');
  const months = monthsRemaining(today, serviceYear);

  // Rates.
  const franchise = data.franchise;
  const taxPpm = assertPercent(franchise.TaxRate, 'TaxRate');
  let callPercent = franchise.CallDiscount;
  let callPpm = assertPercent(callPercent, 'CallDiscount');
  let prepayPercent = franchise.PrePayDiscount;
  let prepayPpm = assertPercent(prepayPercent, 'PrePayDiscount');
  if (edits.callDiscountPercent !== null && edits.callDiscountPercent !== undefined) {
    const ppm = percentToPpm(edits.callDiscountPercent, 2);
    if (ppm === null) {
      problems.push(invalidEdit('The call discount must be a percent from 0 to 100 with at most 2 decimals.'));
    } else {
      callPercent = edits.callDiscountPercent;
      callPpm = ppm;
    }
  }
  if (edits.prepayPercent !== null && edits.prepayPercent !== undefined) {
    const ppm = percentToPpm(edits.prepayPercent, 2);
    if (ppm === null) {
      problems.push(invalidEdit('The prepay discount must be a percent from 0 to 100 with at most 2 decimals.'));
    } else {
      prepayPercent = edits.prepayPercent;
      prepayPpm = ppm;
    }
  }

  if (needsLawnSizeAlert(input.customer.lawnSize)) {
    problems.push({
      code: 'LAWN_SIZE_ALERT',
      severity: 'warning',
      message: `The lawn size ${String(input.customer.lawnSize)} is above ${LAWN_SIZE_ALERT_ABOVE}.`,
    });
  }

  const monthlyPayment = flagsIn.monthlyPayment === true;
  const otherBillDay: BillDay = selections.billDay === 15 ? 15 : DEFAULT_BILL_DAY;

  const lineCtx: LineContext = {
    data,
    selections,
    edits,
    today,
    serviceYear,
    months,
    monthlyPayment,
    otherBillDay,
    problems,
  };

  // Lawn program.
  const { lawn, lawnLine, rounds } = lawnSale(lineCtx);
  const lawnKind = lawn ? lawnProgramKind(lawn.ServiceName) : null;

  // Additional services, in the order picked.
  const { additional, glTaken, bundled } = additionalSale(lineCtx, lawn, lawnKind);

  // Pest program: the initial payment (service 45) and the monthly line.
  const { pest, pestInitial, pestMonthly } = pestSale(lineCtx);

  const lines: Work[] = [];
  if (lawnLine) lines.push(lawnLine);
  for (const l of additional) lines.push(l);
  if (pestInitial) lines.push(pestInitial);
  if (pestMonthly) lines.push(pestMonthly);

  // Offer.
  const offerCtx: OfferContext = { lawn, lawnKind, lawnLine, additional, services: data.additionalServices };
  let offerApplied: Offer | null = null;
  if (selections.offerId !== null && selections.offerId !== undefined && selections.offerId !== 0) {
    const offer = data.offers.find((o) => o.id === selections.offerId);
    if (!offer) {
      problems.push({
        code: 'UNKNOWN_OFFER',
        severity: 'error',
        message: `Offer ${selections.offerId} is not in the pricing data.`,
        ref: selections.offerId,
      });
    } else {
      const target = offerTarget(offer, offerCtx, selections.freeServiceId);
      const result = target.line ? offerDiscount(offer, target.line) : null;
      const reason = target.reason ?? result?.reason;
      if (reason !== undefined || !target.line || !result) {
        problems.push({ code: 'OFFER_NOT_APPLICABLE', severity: 'warning', message: reason ?? '', ref: offer.id });
      } else {
        target.line.offer = result.discount;
        target.line.free = result.free === true;
        target.line.base = target.line.extendedPrice - result.discount;
        offerApplied = offer;
      }
    }
  }

  // Preferred Plus: percent off its linked additional service.
  if (lawn && lawnKind === 'preferredPlus' && lawn.PreferredPlusServiceDiscount) {
    const ppm = assertPercent(lawn.PreferredPlusServiceDiscount, `${lawn.ServiceName} PreferredPlusServiceDiscount`);
    const linkedName = lawn.ServiceNamePlus?.trim().toLowerCase();
    const linked = additional.find((l) =>
      lawn.linkedServiceDefId !== null && lawn.linkedServiceDefId !== undefined
        ? l.serviceDefId === lawn.linkedServiceDefId
        : linkedName !== undefined && l.serviceName.trim().toLowerCase() === linkedName,
    );
    if (linked) {
      linked.preferredPlus = applyRate(linked.base, ppm);
      linked.base -= linked.preferredPlus;
    }
  }

  // Flags.
  const callDiscountAutomatic = lawnKind === 'preferred' && !input.customer.isExisting;
  const callOn =
    flagsIn.callDiscount === null || flagsIn.callDiscount === undefined ? callDiscountAutomatic : flagsIn.callDiscount;
  const prepayOn = !monthlyPayment && flagsIn.prepay !== false;
  const chosen: DiscountCase = callOn ? (prepayOn ? 'combined' : 'call') : prepayOn ? 'prepay' : 'none';

  // Coupon.
  let plan: CouponPlan | null = null;
  let couponState: Quote['states']['coupon'] = null;
  const code = selections.couponCode?.trim();
  if (code) {
    const coupon = findCoupon(data.coupons, code);
    if (!coupon) {
      problems.push({ code: 'UNKNOWN_COUPON', severity: 'error', message: `Coupon ${code} was not found.`, ref: code });
      couponState = { code, found: false, applied: false, amount: 0, reason: `Coupon ${code} was not found.` };
    } else {
      const percent = coupon.IsPercent ? assertPercent(coupon.Value, `Coupon ${code} Value`) : null;
      const amount = coupon.IsPercent ? 0 : assertCents(coupon.Value, `Coupon ${code} Value`);
      const t = couponTargets(coupon, { lawn: lawnLine, additional, pestInitial }, data);
      if (t.targets) {
        plan = { coupon, targets: t.targets, percent, amount };
        couponState = { code: coupon.CouponCode, found: true, applied: true, amount: 0 };
      } else {
        problems.push({
          code: 'COUPON_NOT_APPLICABLE',
          severity: 'warning',
          message: t.reason,
          ref: coupon.CouponCode,
        });
        couponState = { code: coupon.CouponCode, found: true, applied: false, amount: 0, reason: t.reason };
      }
    }
  }

  // The four variants; the chosen one last, so the lines hold its numbers.
  const variants: DiscountCase[] = ['none', 'prepay', 'call', 'combined'];
  const sums: Record<DiscountCase, VariantSums> = {} as Record<DiscountCase, VariantSums>;
  for (const v of variants) {
    if (v === chosen) continue;
    sums[v] = runVariant(
      lines,
      v === 'call' || v === 'combined',
      v === 'prepay' || v === 'combined',
      callPpm,
      prepayPpm,
      taxPpm,
      plan,
    );
  }
  sums[chosen] = runVariant(lines, callOn, prepayOn, callPpm, prepayPpm, taxPpm, plan);

  // Lines and bucket totals of the chosen variant.
  const outLines: QuoteLine[] = [];
  let lawncareTotal = 0;
  let additionalServicesTotal = 0;
  let pestInitialTotal = 0;
  let pestMonthlyTotal = 0;
  let pestMonthlyPrice = 0;
  let duePestInitialTotal = 0;
  let dueMonthlyTotal = 0;
  let offerTotal = 0;
  let preferredPlusTotal = 0;
  let couponTotal = 0;
  for (const w of lines) {
    const total = w.sold + w.tax;
    let monthly: QuoteLine['monthly'] = null;
    if (w.installment) {
      let amount = divideHalfUp(total, months);
      if (amount * (months - 1) > total) amount = Math.floor(total / months);
      monthly = {
        amount,
        lastAmount: total - amount * (months - 1),
        billDay: w.billDay,
        firstBillDate: firstBillDate(today, w.billDay, serviceYear),
      };
      dueMonthlyTotal += amount;
    }
    const unitPriceSold = divideHalfUp(w.sold, w.quantity);
    outLines.push({
      kind: w.kind,
      itemId: w.itemId,
      serviceDefId: w.serviceDefId,
      serviceName: w.serviceName,
      billingFrequency: w.billingFrequency,
      unitPrice: w.unitPrice,
      quantity: w.quantity,
      extendedPrice: w.extendedPrice,
      unitPriceSold,
      extendedPriceSold: w.sold,
      discounts: { offer: w.offer, preferredPlus: w.preferredPlus, call: w.call, prepay: w.prepay, coupon: w.coupon },
      tax: w.tax,
      total,
      installment: w.installment,
      remainMonths: w.installment ? months : 0,
      monthly,
      free: w.free,
      orderItem: w.kind !== 'pestInitial',
    });
    offerTotal += w.offer;
    preferredPlusTotal += w.preferredPlus;
    couponTotal += w.coupon;
    switch (w.kind) {
      case 'lawn':
        lawncareTotal += w.sold;
        break;
      case 'additional':
        additionalServicesTotal += w.sold;
        break;
      case 'pestInitial':
        pestInitialTotal += w.sold;
        duePestInitialTotal += total;
        break;
      case 'pestMonthly':
        pestMonthlyTotal += w.sold;
        pestMonthlyPrice += unitPriceSold;
        break;
    }
  }
  if (couponState?.applied) couponState.amount = couponTotal;

  const s = sums[chosen];
  const totals: SaleTotals = {
    applications: lawnLine?.quantity ?? 0,
    appCost: lawnLine?.extendedPrice ?? 0,
    taxRate: franchise.TaxRate,
    subtotal: sums.none.sub,
    salesTax: sums.none.tax,
    totalCost: sums.none.sub + sums.none.tax,
    prepayDiscount: sums.prepay.discount,
    prepaySubTotal: sums.prepay.sub,
    prepaySalesTax: sums.prepay.tax,
    prepayTotal: sums.prepay.sub + sums.prepay.tax,
    callDiscount: sums.call.discount,
    callDiscountSubTotal: sums.call.sub,
    callDiscountSalesTax: sums.call.tax,
    callDiscountTotal: sums.call.sub + sums.call.tax,
    combinedDiscount: sums.combined.discount,
    combinedSubTotal: sums.combined.sub,
    combinedSalesTax: sums.combined.tax,
    combinedTotal: sums.combined.sub + sums.combined.tax,
    saleSubTotal: s.sub,
    saleSalesTax: s.tax,
    saleTotal: s.sub + s.tax,
    lawncareTotal,
    additionalServicesTotal,
    pestInitialTotal,
    pestMonthlyTotal,
    pestMonthlyPrice,
    duePestInitialTotal,
    dueMonthlyTotal,
    offerDiscount: offerTotal,
    preferredPlusDiscount: preferredPlusTotal,
    couponDiscount: couponTotal,
  };

  if (s.sub === 0) problems.push({ code: 'ZERO_SALE', severity: 'error', message: ZERO_SALE_MESSAGE });

  return {
    case: chosen,
    flags: {
      prepay: prepayOn,
      callDiscount: callOn,
      monthlyPayment,
      prepayAvailable: !monthlyPayment,
      callDiscountAutomatic,
    },
    rates: { taxRate: franchise.TaxRate, callDiscountPercent: callPercent, prepayPercent },
    totals,
    lines: outLines,
    serviceYear,
    months,
    rounds,
    states: {
      lawnPrograms: data.lawnPrograms.map((p) =>
        itemState({
          id: p.Id,
          selected: p === lawn,
          free: p === lawn && lawnLine !== null && lawnLine.free,
          blocked: false,
          bundled: false,
        }),
      ),
      pestPrograms: data.pestPrograms.map((p) =>
        itemState({ id: p.Id, selected: p === pest, free: false, blocked: false, bundled: false }),
      ),
      additionalServices: data.additionalServices.map((svc) =>
        itemState(serviceState(svc, additional, glTaken, lawn, bundled)),
      ),
      offers: data.offers.map((o) => offerState(o, offerCtx, selections, offerApplied)),
      coupon: couponState,
    },
    problems,
  };
}
