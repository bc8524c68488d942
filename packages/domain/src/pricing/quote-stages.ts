/**
 * The stages of {@link quote} (quote.ts), in the order it runs them: the rates, the selected lines, the offer, the
 * Preferred Plus discount, the discount flags, the coupon, the four discount variants, the chosen variant's lines
 * and totals, and the states of the items the pricing tab shows. Each is a function of what the stages before it
 * made; problems are appended to one list in that order. The offer and Preferred Plus stages and the variants
 * write their discounts onto the work lines, as the compounding order needs (docs/pricing.md).
 */
import { firstBillDate, type CalendarDay } from './calendar.js';
import { applyRate, assertCents, assertPercent, divideHalfUp, percentToPpm, type Ppm } from './money.js';
import { type CouponPlan, type VariantSums, type Work, runVariant } from './work-line.js';
import { type OfferContext, offerDiscount, offerTarget } from './offers.js';
import { couponTargets, findCoupon } from './coupons.js';
import { invalidEdit } from './selected-lines.js';
import { itemState, offerState, serviceState } from './item-states.js';
import { LAWN_SIZE_ALERT_ABOVE, type LawnProgramKind, needsLawnSizeAlert } from './sale-rules.js';
import type {
  AdditionalService,
  DiscountCase,
  DiscountFlags,
  FranchisePricing,
  LawnProgram,
  Offer,
  PestProgram,
  PriceEdits,
  PricingData,
  PricingProblem,
  Quote,
  QuoteInput,
  QuoteLine,
  SaleTotals,
} from './types.js';

/** The tax, call discount and prepay discount rates: the franchise's, or the CSR's valid edits of the discounts. */
export interface Rates {
  taxPpm: Ppm;
  callPercent: number;
  callPpm: Ppm;
  prepayPercent: number;
  prepayPpm: Ppm;
}

export function ratesOf(franchise: FranchisePricing, edits: PriceEdits, problems: PricingProblem[]): Rates {
  const rates: Rates = {
    taxPpm: assertPercent(franchise.TaxRate, 'TaxRate'),
    callPercent: franchise.CallDiscount,
    callPpm: assertPercent(franchise.CallDiscount, 'CallDiscount'),
    prepayPercent: franchise.PrePayDiscount,
    prepayPpm: assertPercent(franchise.PrePayDiscount, 'PrePayDiscount'),
  };
  if (edits.callDiscountPercent !== null && edits.callDiscountPercent !== undefined) {
    const ppm = percentToPpm(edits.callDiscountPercent, 2);
    if (ppm === null) {
      problems.push(invalidEdit('The call discount must be a percent from 0 to 100 with at most 2 decimals.'));
    } else {
      rates.callPercent = edits.callDiscountPercent;
      rates.callPpm = ppm;
    }
  }
  if (edits.prepayPercent !== null && edits.prepayPercent !== undefined) {
    const ppm = percentToPpm(edits.prepayPercent, 2);
    if (ppm === null) {
      problems.push(invalidEdit('The prepay discount must be a percent from 0 to 100 with at most 2 decimals.'));
    } else {
      rates.prepayPercent = edits.prepayPercent;
      rates.prepayPpm = ppm;
    }
  }
  return rates;
}

/** A warning, not a refusal: a lawn above the alert size is priced as it is. */
export function checkLawnSize(lawnSize: number | null | undefined, problems: PricingProblem[]): void {
  if (needsLawnSizeAlert(lawnSize)) {
    problems.push({
      code: 'LAWN_SIZE_ALERT',
      severity: 'warning',
      message: `The lawn size ${String(lawnSize)} is above ${LAWN_SIZE_ALERT_ABOVE}.`,
    });
  }
}

/** The selected offer, applied to its line; the offer when it applied, null when none was chosen or it did not. */
export function applyOffer(
  offers: readonly Offer[],
  selections: QuoteInput['selections'],
  offerCtx: OfferContext,
  problems: PricingProblem[],
): Offer | null {
  if (selections.offerId === null || selections.offerId === undefined || selections.offerId === 0) return null;
  const offer = offers.find((o) => o.id === selections.offerId);
  if (!offer) {
    problems.push({
      code: 'UNKNOWN_OFFER',
      severity: 'error',
      message: `Offer ${selections.offerId} is not in the pricing data.`,
      ref: selections.offerId,
    });
    return null;
  }
  const target = offerTarget(offer, offerCtx, selections.freeServiceId);
  const result = target.line ? offerDiscount(offer, target.line) : null;
  const reason = target.reason ?? result?.reason;
  if (reason !== undefined || !target.line || !result) {
    problems.push({ code: 'OFFER_NOT_APPLICABLE', severity: 'warning', message: reason ?? '', ref: offer.id });
    return null;
  }
  target.line.offer = result.discount;
  target.line.free = result.free === true;
  target.line.base = target.line.extendedPrice - result.discount;
  return offer;
}

/** Preferred Plus: percent off its linked additional service, after the offer. */
export function applyPreferredPlus(
  lawn: LawnProgram | null,
  lawnKind: LawnProgramKind | null,
  additional: readonly Work[],
): void {
  if (!lawn || lawnKind !== 'preferredPlus' || !lawn.PreferredPlusServiceDiscount) return;
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

/** Which discounts are on, and so which of the four variants is the sale. */
export interface DiscountChoice {
  callOn: boolean;
  prepayOn: boolean;
  callDiscountAutomatic: boolean;
  chosen: DiscountCase;
}

export function discountChoiceOf(
  flags: DiscountFlags,
  lawnKind: LawnProgramKind | null,
  isExisting: boolean,
  monthlyPayment: boolean,
): DiscountChoice {
  const callDiscountAutomatic = lawnKind === 'preferred' && !isExisting;
  const callOn =
    flags.callDiscount === null || flags.callDiscount === undefined ? callDiscountAutomatic : flags.callDiscount;
  const prepayOn = !monthlyPayment && flags.prepay !== false;
  const chosen: DiscountCase = callOn ? (prepayOn ? 'combined' : 'call') : prepayOn ? 'prepay' : 'none';
  return { callOn, prepayOn, callDiscountAutomatic, chosen };
}

/** The coupon entered: the lines it comes off (its plan) and its state, or why it does not apply. */
export function couponOf(
  data: PricingData,
  couponCode: string | null | undefined,
  lines: { lawn: Work | null; additional: Work[]; pestInitial: Work | null },
  problems: PricingProblem[],
): { plan: CouponPlan | null; state: Quote['states']['coupon'] } {
  const code = couponCode?.trim();
  if (!code) return { plan: null, state: null };
  const coupon = findCoupon(data.coupons, code);
  if (!coupon) {
    problems.push({ code: 'UNKNOWN_COUPON', severity: 'error', message: `Coupon ${code} was not found.`, ref: code });
    return {
      plan: null,
      state: { code, found: false, applied: false, amount: 0, reason: `Coupon ${code} was not found.` },
    };
  }
  const percent = coupon.IsPercent ? assertPercent(coupon.Value, `Coupon ${code} Value`) : null;
  const amount = coupon.IsPercent ? 0 : assertCents(coupon.Value, `Coupon ${code} Value`);
  const t = couponTargets(coupon, lines, data);
  if (t.targets) {
    return {
      plan: { coupon, targets: t.targets, percent, amount },
      state: { code: coupon.CouponCode, found: true, applied: true, amount: 0 },
    };
  }
  problems.push({ code: 'COUPON_NOT_APPLICABLE', severity: 'warning', message: t.reason, ref: coupon.CouponCode });
  return { plan: null, state: { code: coupon.CouponCode, found: true, applied: false, amount: 0, reason: t.reason } };
}

/**
 * The sums of the four variants (none, prepay, call, combined). Each run writes its discounts onto the lines, so
 * the chosen one runs last and the lines keep its numbers.
 */
export function priceVariants(
  lines: readonly Work[],
  choice: DiscountChoice,
  rates: Rates,
  plan: CouponPlan | null,
): Record<DiscountCase, VariantSums> {
  const { callPpm, prepayPpm, taxPpm } = rates;
  const variants: DiscountCase[] = ['none', 'prepay', 'call', 'combined'];
  const sums = {} as Record<DiscountCase, VariantSums>;
  for (const v of variants) {
    if (v === choice.chosen) continue;
    const callOn = v === 'call' || v === 'combined';
    const prepayOn = v === 'prepay' || v === 'combined';
    sums[v] = runVariant(lines, callOn, prepayOn, callPpm, prepayPpm, taxPpm, plan);
  }
  sums[choice.chosen] = runVariant(lines, choice.callOn, choice.prepayOn, callPpm, prepayPpm, taxPpm, plan);
  return sums;
}

/** What the chosen variant's lines add up to, per bucket. */
export type LineSums = Pick<
  SaleTotals,
  | 'lawncareTotal'
  | 'additionalServicesTotal'
  | 'pestInitialTotal'
  | 'pestMonthlyTotal'
  | 'pestMonthlyPrice'
  | 'duePestInitialTotal'
  | 'dueMonthlyTotal'
  | 'offerDiscount'
  | 'preferredPlusDiscount'
  | 'couponDiscount'
>;

/** An installment line's monthly amount: equal months, the last taking the cents that are left. */
export function monthlyOf(total: number, months: number): { amount: number; lastAmount: number } {
  let amount = divideHalfUp(total, months);
  if (amount * (months - 1) > total) amount = Math.floor(total / months);
  return { amount, lastAmount: total - amount * (months - 1) };
}

/** The chosen variant's order lines, and their sums per bucket. */
export function quoteLinesOf(
  lines: readonly Work[],
  months: number,
  today: CalendarDay,
  serviceYear: number,
): { lines: QuoteLine[]; sums: LineSums } {
  const out: QuoteLine[] = [];
  const sums: LineSums = {
    lawncareTotal: 0,
    additionalServicesTotal: 0,
    pestInitialTotal: 0,
    pestMonthlyTotal: 0,
    pestMonthlyPrice: 0,
    duePestInitialTotal: 0,
    dueMonthlyTotal: 0,
    offerDiscount: 0,
    preferredPlusDiscount: 0,
    couponDiscount: 0,
  };
  for (const w of lines) {
    const total = w.sold + w.tax;
    let monthly: QuoteLine['monthly'] = null;
    if (w.installment) {
      monthly = {
        ...monthlyOf(total, months),
        billDay: w.billDay,
        firstBillDate: firstBillDate(today, w.billDay, serviceYear),
      };
      sums.dueMonthlyTotal += monthly.amount;
    }
    const unitPriceSold = divideHalfUp(w.sold, w.quantity);
    out.push({
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
    sums.offerDiscount += w.offer;
    sums.preferredPlusDiscount += w.preferredPlus;
    sums.couponDiscount += w.coupon;
    switch (w.kind) {
      case 'lawn':
        sums.lawncareTotal += w.sold;
        break;
      case 'additional':
        sums.additionalServicesTotal += w.sold;
        break;
      case 'pestInitial':
        sums.pestInitialTotal += w.sold;
        sums.duePestInitialTotal += total;
        break;
      case 'pestMonthly':
        sums.pestMonthlyTotal += w.sold;
        sums.pestMonthlyPrice += unitPriceSold;
        break;
    }
  }
  return { lines: out, sums };
}

/** Every total of §3: the four variants side by side, the sale (the chosen variant) and the buckets. */
export function saleTotalsOf(
  franchise: FranchisePricing,
  lawnLine: Work | null,
  variants: Record<DiscountCase, VariantSums>,
  chosen: DiscountCase,
  sums: LineSums,
): SaleTotals {
  const { none, prepay, call, combined } = variants;
  const s = variants[chosen];
  return {
    applications: lawnLine?.quantity ?? 0,
    appCost: lawnLine?.extendedPrice ?? 0,
    taxRate: franchise.TaxRate,
    subtotal: none.sub,
    salesTax: none.tax,
    totalCost: none.sub + none.tax,
    prepayDiscount: prepay.discount,
    prepaySubTotal: prepay.sub,
    prepaySalesTax: prepay.tax,
    prepayTotal: prepay.sub + prepay.tax,
    callDiscount: call.discount,
    callDiscountSubTotal: call.sub,
    callDiscountSalesTax: call.tax,
    callDiscountTotal: call.sub + call.tax,
    combinedDiscount: combined.discount,
    combinedSubTotal: combined.sub,
    combinedSalesTax: combined.tax,
    combinedTotal: combined.sub + combined.tax,
    saleSubTotal: s.sub,
    saleSalesTax: s.tax,
    saleTotal: s.sub + s.tax,
    lawncareTotal: sums.lawncareTotal,
    additionalServicesTotal: sums.additionalServicesTotal,
    pestInitialTotal: sums.pestInitialTotal,
    pestMonthlyTotal: sums.pestMonthlyTotal,
    pestMonthlyPrice: sums.pestMonthlyPrice,
    duePestInitialTotal: sums.duePestInitialTotal,
    dueMonthlyTotal: sums.dueMonthlyTotal,
    offerDiscount: sums.offerDiscount,
    preferredPlusDiscount: sums.preferredPlusDiscount,
    couponDiscount: sums.couponDiscount,
  };
}

/** The states of every program, service and offer the pricing tab shows, and the coupon's. */
export function itemStatesOf(
  data: PricingData,
  selections: QuoteInput['selections'],
  sold: {
    lawn: LawnProgram | null;
    lawnLine: Work | null;
    pest: PestProgram | null;
    additional: readonly Work[];
    glTaken: ReadonlyMap<string, AdditionalService>;
    bundled: readonly number[] | null;
    offerCtx: OfferContext;
    offerApplied: Offer | null;
    coupon: Quote['states']['coupon'];
  },
): Quote['states'] {
  const { lawn, lawnLine, pest, additional, glTaken, bundled } = sold;
  return {
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
    offers: data.offers.map((o) => offerState(o, sold.offerCtx, selections, sold.offerApplied)),
    coupon: sold.coupon,
  };
}
