/**
 * The pricing engine (decision 006): one pure function, {@link quote}, from pricing data, selections, discount flags,
 * edits and a date to every sale total of call-handling.md §3 and the order lines the sale becomes. No I/O, no
 * clock. The rules and the choices the spec leaves open are in docs/pricing.md, each with a worked example.
 *
 * Per line the discounts compound in this order, each rounded half-up to the cent:
 * offer → Preferred Plus → call discount → prepay discount → coupon; tax is charged on what is left.
 * Totals are sums of the rounded lines, so the lines always add up to them.
 */
import { type BillDay, DEFAULT_BILL_DAY, monthsRemaining, parseDay, serviceYearFor } from './calendar.js';
import { PricingInputError } from './money.js';
import type { Work } from './work-line.js';
import type { OfferContext } from './offers.js';
import { type LineContext, additionalSale, lawnSale, pestSale } from './selected-lines.js';
import { ZERO_SALE_MESSAGE, lawnProgramKind } from './sale-rules.js';
import {
  applyOffer,
  applyPreferredPlus,
  checkLawnSize,
  couponOf,
  discountChoiceOf,
  itemStatesOf,
  priceVariants,
  quoteLinesOf,
  ratesOf,
  saleTotalsOf,
} from './quote-stages.js';
import type { PricingProblem, Quote, QuoteInput } from './types.js';

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

  // 1. The rates, and the lawn size's warning.
  const rates = ratesOf(data.franchise, edits, problems);
  checkLawnSize(input.customer.lawnSize, problems);

  // 2. The selected lines: the lawn program, the additional services in the order picked, the pest program (its
  // initial payment, service 45, and its monthly line).
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
  const { lawn, lawnLine, rounds } = lawnSale(lineCtx);
  const lawnKind = lawn ? lawnProgramKind(lawn.ServiceName) : null;
  const { additional, glTaken, bundled } = additionalSale(lineCtx, lawn, lawnKind);
  const { pest, pestInitial, pestMonthly } = pestSale(lineCtx);
  const lines: Work[] = [...(lawnLine ? [lawnLine] : []), ...additional];
  if (pestInitial) lines.push(pestInitial);
  if (pestMonthly) lines.push(pestMonthly);

  // 3. The discounts that come before the variants: the offer, then Preferred Plus.
  const offerCtx: OfferContext = { lawn, lawnKind, lawnLine, additional, services: data.additionalServices };
  const offerApplied = applyOffer(data.offers, selections, offerCtx, problems);
  applyPreferredPlus(lawn, lawnKind, additional);

  // 4. Which discounts are on, and the coupon.
  const choice = discountChoiceOf(flagsIn, lawnKind, input.customer.isExisting, monthlyPayment);
  const coupon = couponOf(data, selections.couponCode, { lawn: lawnLine, additional, pestInitial }, problems);

  // 5. The four variants; the lines keep the chosen one's numbers.
  const variants = priceVariants(lines, choice, rates, coupon.plan);

  // 6. The chosen variant's lines and totals.
  const out = quoteLinesOf(lines, months, today, serviceYear);
  if (coupon.state?.applied) coupon.state.amount = out.sums.couponDiscount;
  const totals = saleTotalsOf(data.franchise, lawnLine, variants, choice.chosen, out.sums);
  if (totals.saleSubTotal === 0) problems.push({ code: 'ZERO_SALE', severity: 'error', message: ZERO_SALE_MESSAGE });

  return {
    case: choice.chosen,
    flags: {
      prepay: choice.prepayOn,
      callDiscount: choice.callOn,
      monthlyPayment,
      prepayAvailable: !monthlyPayment,
      callDiscountAutomatic: choice.callDiscountAutomatic,
    },
    rates: {
      taxRate: data.franchise.TaxRate,
      callDiscountPercent: rates.callPercent,
      prepayPercent: rates.prepayPercent,
    },
    totals,
    lines: out.lines,
    serviceYear,
    months,
    rounds,
    // 7. The states of the items the pricing tab shows.
    states: itemStatesOf(data, selections, {
      lawn,
      lawnLine,
      pest,
      additional,
      glTaken,
      bundled,
      offerCtx,
      offerApplied,
      coupon: coupon.state,
    }),
    problems,
  };
}
