/**
 * The pricing engine (issue 6): one pure function, {@link quote}, from pricing data, selections, discount flags,
 * edits and a date to every sale total of call-handling.md §3 and the order lines the sale becomes. No I/O, no
 * clock. The rules and the choices the spec leaves open are in docs/pricing.md, each with a worked example.
 *
 * Per line the discounts compound in this order, each rounded half-up to the cent:
 * offer → Preferred Plus → call discount → prepay discount → coupon; tax is charged on what is left.
 * Totals are sums of the rounded lines, so the lines always add up to them.
 */
import { SALE_RESULTS } from '../calls.js';
import { specItemFlags } from './spec-names.js';
import {
  type BillDay,
  DEFAULT_BILL_DAY,
  PEST_BILL_DAY,
  firstBillDate,
  monthsRemaining,
  parseDay,
  remainingRounds,
  serviceYearFor,
} from './calendar.js';
import {
  type Cents,
  type Ppm,
  PricingInputError,
  applyRate,
  assertCents,
  assertPercent,
  divideHalfUp,
  percentToPpm,
} from './money.js';
import {
  type AdditionalService,
  BillingFrequency,
  type Coupon,
  type DiscountCase,
  type ItemState,
  type LawnProgram,
  type LineKind,
  type Offer,
  type OfferState,
  type PestProgram,
  type PricingProblem,
  type Quote,
  type QuoteInput,
  type QuoteLine,
  type SaleTotals,
} from './types.js';

/** The pest initial-payment bundle: excluded from order-item creation, never an installment (call-handling.md §9). */
export const PEST_INITIAL_SERVICE_ID = 45;
/** Lawn sizes above this raise an alert before continuing (call-handling.md §5). */
export const LAWN_SIZE_ALERT_ABOVE = 24;
export const ZERO_SALE_MESSAGE = 'Total sale is $0.00. You must select at least one service or program.';
export const FREE_SERVICE_NOT_SELECTED_MESSAGE = 'Free service cannot be chosen when the service is not selected.';
export const ECONOMY_OFFER_MESSAGE = 'The Economy Program is not eligible for additional-service offers.';

export type LawnProgramKind = 'preferred' | 'preferredPlus' | 'economy' | 'other';

/**
 * What a lawn program is, by its name: exactly 'Preferred Program', a name starting 'Preferred Plus', a name
 * starting 'Economy', or another program. Only 'preferred' gets the automatic call discount and carries the call
 * discount to additional services.
 */
export function lawnProgramKind(serviceName: string): LawnProgramKind {
  const name = serviceName.trim().toLowerCase();
  if (name === 'preferred program') return 'preferred';
  if (name.startsWith('preferred plus')) return 'preferredPlus';
  if (name.startsWith('economy')) return 'economy';
  return 'other';
}

/** Does a lawn size need the alert before continuing? */
export function needsLawnSizeAlert(lawnSize: number | null | undefined): boolean {
  return typeof lawnSize === 'number' && lawnSize > LAWN_SIZE_ALERT_ABOVE;
}

/**
 * The end-call message for a quote (call-handling.md §5): a Sale or Upsell whose application, additional-service,
 * initial-payment and monthly subtotals are all zero is refused. Null when the call may end.
 */
export function saleValidationMessage(q: Pick<Quote, 'totals'>, callResult: string): string | null {
  if (!(SALE_RESULTS as readonly string[]).includes(callResult)) return null;
  const t = q.totals;
  return t.lawncareTotal === 0 &&
    t.additionalServicesTotal === 0 &&
    t.pestInitialTotal === 0 &&
    t.pestMonthlyTotal === 0
    ? ZERO_SALE_MESSAGE
    : null;
}

/** A line while it is being priced. */
interface Work {
  kind: LineKind;
  itemId: number;
  serviceDefId: number;
  serviceName: string;
  billingFrequency: BillingFrequency;
  unitPrice: Cents;
  quantity: number;
  extendedPrice: Cents;
  offer: Cents;
  preferredPlus: Cents;
  /** extendedPrice − offer − preferredPlus. */
  base: Cents;
  callEligible: boolean;
  prepayEligible: boolean;
  installment: boolean;
  billDay: BillDay;
  free: boolean;
  // Set by a variant run:
  call: Cents;
  prepay: Cents;
  coupon: Cents;
  sold: Cents;
  tax: Cents;
}

interface CouponPlan {
  coupon: Coupon;
  targets: Work[];
  percent: Ppm | null;
  amount: Cents;
}

interface VariantSums {
  sub: Cents;
  tax: Cents;
  discount: Cents;
}

function makeLine(
  kind: LineKind,
  item: { Id: number; ServiceDefId: number; ServiceName: string },
  unitPrice: Cents,
  quantity: number,
  billingFrequency: BillingFrequency,
  billDay: BillDay,
): Work {
  const extendedPrice = unitPrice * quantity;
  return {
    kind,
    itemId: item.Id,
    serviceDefId: kind === 'pestInitial' ? PEST_INITIAL_SERVICE_ID : item.ServiceDefId,
    serviceName: kind === 'pestInitial' ? `${item.ServiceName} - Initial Payment` : item.ServiceName,
    billingFrequency,
    unitPrice,
    quantity,
    extendedPrice,
    offer: 0,
    preferredPlus: 0,
    base: extendedPrice,
    callEligible: false,
    prepayEligible: false,
    installment: false,
    billDay,
    free: false,
    call: 0,
    prepay: 0,
    coupon: 0,
    sold: 0,
    tax: 0,
  };
}

/** Prices every line for one combination of the call and prepay discounts and returns the sums. */
function runVariant(
  lines: readonly Work[],
  callOn: boolean,
  prepayOn: boolean,
  callPpm: Ppm,
  prepayPpm: Ppm,
  taxPpm: Ppm,
  plan: CouponPlan | null,
): VariantSums {
  for (const line of lines) {
    line.call = callOn && line.callEligible ? applyRate(line.base, callPpm) : 0;
    line.prepay = prepayOn && line.prepayEligible ? applyRate(line.base - line.call, prepayPpm) : 0;
    line.coupon = 0;
  }
  if (plan) {
    if (plan.percent !== null) {
      for (const t of plan.targets) t.coupon = applyRate(t.base - t.call - t.prepay, plan.percent);
    } else {
      // A fixed amount comes off the targets in line order (lawn program first), never below zero.
      let left = plan.amount;
      for (const t of plan.targets) {
        if (left === 0) break;
        const take = Math.min(left, t.base - t.call - t.prepay);
        t.coupon = take;
        left -= take;
      }
    }
  }
  let sub = 0;
  let tax = 0;
  let discount = 0;
  for (const line of lines) {
    line.sold = line.base - line.call - line.prepay - line.coupon;
    line.tax = applyRate(line.sold, taxPpm);
    sub += line.sold;
    tax += line.tax;
    discount += line.call + line.prepay;
  }
  return { sub, tax, discount };
}

function offerDiscount(offer: Offer, line: Work): { discount: Cents; reason?: string; free?: boolean } {
  const kind = offer.kind ?? null;
  if (kind === 'percent-off') {
    return { discount: applyRate(line.extendedPrice, assertPercent(offer.priceRuleValue, 'Offer priceRuleValue')) };
  }
  if (kind === '3-for-2') {
    return line.quantity > 2
      ? { discount: line.unitPrice }
      : { discount: 0, reason: `3-for-2 applies only to programs with more than 2 rounds; ${line.quantity} sold.` };
  }
  if (kind === '2-for-1' || kind === 'free-visit' || offer.pricingRule === 'FreeVisit') {
    return line.quantity > 1
      ? { discount: line.unitPrice }
      : { discount: 0, reason: `A free visit applies only to programs with more than 1 round; ${line.quantity} sold.` };
  }
  switch (offer.pricingRule) {
    case 'FreeService':
      return { discount: line.extendedPrice, free: true };
    case 'Priced': {
      const price = assertCents(offer.priceRuleValue, 'Offer priceRuleValue');
      return { discount: Math.max(0, line.unitPrice - price) * line.quantity };
    }
    case 'Reduce':
      return { discount: Math.min(line.extendedPrice, assertCents(offer.priceRuleValue, 'Offer priceRuleValue')) };
  }
}

interface OfferContext {
  lawn: LawnProgram | null;
  lawnKind: LawnProgramKind | null;
  lawnLine: Work | null;
  additional: readonly Work[];
  services: readonly AdditionalService[];
}

/** The line an offer would apply to, or why it does not apply. */
function offerTarget(
  offer: Offer,
  ctx: OfferContext,
  freeServiceId: number | null | undefined,
): { line: Work; reason?: undefined } | { line?: undefined; reason: string } {
  const def = offer.serviceDefinition;
  if (def.serviceGroup === 'L') {
    if (!ctx.lawn) return { reason: 'The offer needs a lawn program.' };
    if (def.id !== ctx.lawn.ServiceDefId) return { reason: `The offer is not for the ${ctx.lawn.ServiceName}.` };
    if (!ctx.lawnLine) return { reason: 'No lawn-care rounds are sold.' };
    return { line: ctx.lawnLine };
  }
  if (ctx.lawnKind === 'economy') return { reason: ECONOMY_OFFER_MESSAGE };
  if (def.id === 0 && offer.pricingRule === 'FreeService') {
    const line =
      freeServiceId === null || freeServiceId === undefined
        ? ctx.additional[0]
        : ctx.additional.find((l) => l.itemId === freeServiceId);
    return line ? { line } : { reason: FREE_SERVICE_NOT_SELECTED_MESSAGE };
  }
  const line = ctx.additional.find((l) => l.serviceDefId === def.id);
  if (line) return { line };
  if (offer.pricingRule === 'FreeService') return { reason: FREE_SERVICE_NOT_SELECTED_MESSAGE };
  const name = ctx.services.find((s) => s.ServiceDefId === def.id)?.ServiceName ?? `service ${def.id}`;
  return { reason: `The offer needs ${name} to be selected.` };
}

/** Finds a coupon by code: trimmed, case-insensitive. */
export function findCoupon(coupons: readonly Coupon[], code: string): Coupon | undefined {
  const wanted = code.trim().toLowerCase();
  return coupons.find((c) => c.CouponCode.trim().toLowerCase() === wanted);
}

/**
 * Does a coupon apply to these lines (call-handling.md §5)? Returns its target lines, or why not.
 * - ServiceId 45: with a pest program, on the pest initial payment;
 * - type 1 (any other ServiceId): with a lawn program or an additional service, on those lines;
 * - type 2: with the additional service whose ServiceDefId is ServiceId, on that line;
 * - type 3: with the lawn program whose ServiceDefId is ServiceId, on that line.
 */
function couponTargets<L extends { serviceDefId: number }>(
  coupon: Coupon,
  lines: { lawn: L | null; additional: readonly L[]; pestInitial: L | null },
  data: { lawnPrograms: readonly LawnProgram[]; additionalServices: readonly AdditionalService[] },
): { targets: L[]; reason?: undefined } | { targets?: undefined; reason: string } {
  const code = coupon.CouponCode;
  if (coupon.ServiceId === PEST_INITIAL_SERVICE_ID) {
    return lines.pestInitial
      ? { targets: [lines.pestInitial] }
      : { reason: `Coupon ${code} is for the pest initial payment and needs a pest program.` };
  }
  switch (coupon.CouponTypeID) {
    case 1:
      if (!lines.lawn && lines.additional.length === 0) {
        return { reason: `Coupon ${code} needs a lawn program or an additional service.` };
      }
      return { targets: lines.lawn ? [lines.lawn, ...lines.additional] : [...lines.additional] };
    case 2: {
      const line = lines.additional.find((l) => l.serviceDefId === coupon.ServiceId);
      if (line) return { targets: [line] };
      const name =
        data.additionalServices.find((s) => s.ServiceDefId === coupon.ServiceId)?.ServiceName ??
        `additional service ${coupon.ServiceId ?? '?'}`;
      return { reason: `Coupon ${code} needs ${name} to be selected.` };
    }
    case 3: {
      if (lines.lawn && lines.lawn.serviceDefId === coupon.ServiceId) return { targets: [lines.lawn] };
      const name =
        data.lawnPrograms.find((p) => p.ServiceDefId === coupon.ServiceId)?.ServiceName ??
        `lawn program ${coupon.ServiceId ?? '?'}`;
      return { reason: `Coupon ${code} needs the ${name} to be selected.` };
    }
    default:
      return { reason: `Coupon ${code} has an unknown type.` };
  }
}

/**
 * A coupon's discount on lines already priced (an order's lines, each with what it sells for), by the same rules as
 * the quote: the lines it applies to (lawn program, additional services, pest initial payment), a percent off each,
 * or a fixed amount off them in line order, never below zero. Lines of other services are not discounted.
 */
export function couponOnLines(
  coupon: Coupon,
  lines: readonly { serviceDefId: number; amount: Cents }[],
  data: { lawnPrograms: readonly LawnProgram[]; additionalServices: readonly AdditionalService[] },
): { amount: Cents; reason?: undefined } | { amount?: undefined; reason: string } {
  const lawnIds = new Set(data.lawnPrograms.map((p) => p.ServiceDefId));
  const additionalIds = new Set(data.additionalServices.map((s) => s.ServiceDefId));
  const t = couponTargets(
    coupon,
    {
      lawn: lines.find((l) => lawnIds.has(l.serviceDefId)) ?? null,
      additional: lines.filter((l) => additionalIds.has(l.serviceDefId)),
      pestInitial: lines.find((l) => l.serviceDefId === PEST_INITIAL_SERVICE_ID) ?? null,
    },
    data,
  );
  if (!t.targets) return { reason: t.reason };
  const code = coupon.CouponCode;
  if (coupon.IsPercent) {
    const percent = assertPercent(coupon.Value, `Coupon ${code} Value`);
    return { amount: t.targets.reduce((sum, l) => sum + applyRate(l.amount, percent), 0) };
  }
  const value = assertCents(coupon.Value, `Coupon ${code} Value`);
  return {
    amount: Math.min(
      value,
      t.targets.reduce((sum, l) => sum + l.amount, 0),
    ),
  };
}

function wholeInRange(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

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

  // Lawn program.
  let lawn: LawnProgram | null = null;
  let lawnLine: Work | null = null;
  let rounds: Quote['rounds'] = null;
  if (selections.lawnProgramId !== null && selections.lawnProgramId !== undefined) {
    lawn = data.lawnPrograms.find((p) => p.Id === selections.lawnProgramId) ?? null;
    if (!lawn) {
      problems.push({
        code: 'UNKNOWN_LAWN_PROGRAM',
        severity: 'error',
        message: `Lawn program ${selections.lawnProgramId} is not in the pricing data.`,
        ref: selections.lawnProgramId,
      });
    } else {
      let unitPrice = assertCents(lawn.FinalPrice, `${lawn.ServiceName} FinalPrice`);
      if (edits.lawnPrice !== null && edits.lawnPrice !== undefined) {
        if (wholeInRange(edits.lawnPrice, 0, Number.MAX_SAFE_INTEGER)) unitPrice = edits.lawnPrice;
        else problems.push(invalidEdit('The lawn-care price must be a whole, non-negative number of cents.'));
      }
      const total = lawn.TotalRounds;
      if (!wholeInRange(total, 0, 1000)) throw new PricingInputError(`${lawn.ServiceName} TotalRounds is invalid.`);
      let remaining: number;
      if (lawn.RemainRounds !== null && lawn.RemainRounds !== undefined) {
        if (!wholeInRange(lawn.RemainRounds, 0, 1000)) {
          throw new PricingInputError(`${lawn.ServiceName} RemainRounds is invalid.`);
        }
        remaining = lawn.RemainRounds;
      } else {
        remaining = remainingRounds({
          totalRounds: total,
          firstAppTime: franchise.FirstAppTime,
          date: today,
          serviceYear,
        });
      }
      let sold = remaining;
      if (edits.roundCount !== null && edits.roundCount !== undefined) {
        if (wholeInRange(edits.roundCount, 1, total)) sold = edits.roundCount;
        else problems.push(invalidEdit(`The round count must be a whole number from 1 to ${total}.`));
      }
      rounds = { total, remaining, sold };
      if (sold === 0) {
        problems.push({
          code: 'NO_ROUNDS_LEFT',
          severity: 'warning',
          message: `No rounds of the ${lawn.ServiceName} are left in the ${serviceYear} season.`,
          ref: lawn.Id,
        });
      } else {
        lawnLine = makeLine('lawn', lawn, unitPrice, sold, BillingFrequency.OneTime, otherBillDay);
        lawnLine.callEligible = true;
        lawnLine.prepayEligible = true;
        lawnLine.installment = monthlyPayment;
      }
    }
  }
  const lawnKind = lawn ? lawnProgramKind(lawn.ServiceName) : null;

  // Additional services, in the order picked.
  const additional: Work[] = [];
  const glTaken = new Map<string, AdditionalService>();
  const bundled = lawn?.bundledServices ?? null;
  const picked = selections.additionalServiceIds ?? [];
  for (let i = 0; i < picked.length; i++) {
    const id = picked[i] as number;
    if (picked.indexOf(id) !== i) continue;
    const svc = data.additionalServices.find((s) => s.Id === id);
    if (!svc) {
      problems.push({
        code: 'UNKNOWN_SERVICE',
        severity: 'error',
        message: `Additional service ${String(id)} is not in the pricing data.`,
        ref: id,
      });
      continue;
    }
    if (svc.ServiceDefId === PEST_INITIAL_SERVICE_ID) {
      problems.push({
        code: 'NOT_SELECTABLE',
        severity: 'warning',
        message: `${svc.ServiceName} is the pest initial payment: it comes with a pest program.`,
        ref: svc.Id,
      });
      continue;
    }
    if (bundled?.includes(svc.Id)) {
      problems.push({
        code: 'SERVICE_BUNDLED',
        severity: 'warning',
        message: `${svc.ServiceName} is included in the ${lawn?.ServiceName ?? 'lawn program'}.`,
        ref: svc.Id,
      });
      continue;
    }
    if (svc.bundleOnly && !lawn) {
      problems.push({
        code: 'BUNDLE_ONLY',
        severity: 'warning',
        message: `${svc.ServiceName} is sold only with a lawn program.`,
        ref: svc.Id,
      });
      continue;
    }
    const gl = svc.gl_account ?? null;
    const holder = gl ? glTaken.get(gl) : undefined;
    if (holder) {
      problems.push({
        code: 'SERVICE_BLOCKED',
        severity: 'warning',
        message: `${svc.ServiceName} is blocked: ${holder.ServiceName} on the same account is already picked.`,
        ref: svc.Id,
      });
      continue;
    }
    if (gl) glTaken.set(gl, svc);
    const price = assertCents(svc.FinalPrice, `${svc.ServiceName} FinalPrice`);
    const monthlyService = svc.fk_BillingFrequencyID === BillingFrequency.Monthly;
    const line = makeLine(
      'additional',
      svc,
      price,
      monthlyService ? months : 1,
      monthlyService ? BillingFrequency.Monthly : BillingFrequency.OneTime,
      otherBillDay,
    );
    line.callEligible = lawnKind === 'preferred';
    line.prepayEligible = !monthlyService;
    line.installment = monthlyService || monthlyPayment;
    additional.push(line);
  }

  // Pest program: the initial payment (service 45) and the monthly line.
  let pest: PestProgram | null = null;
  let pestInitial: Work | null = null;
  let pestMonthly: Work | null = null;
  if (selections.pestProgramId !== null && selections.pestProgramId !== undefined) {
    pest = data.pestPrograms.find((p) => p.Id === selections.pestProgramId) ?? null;
    if (!pest) {
      problems.push({
        code: 'UNKNOWN_PEST_PROGRAM',
        severity: 'error',
        message: `Pest program ${selections.pestProgramId} is not in the pricing data.`,
        ref: selections.pestProgramId,
      });
    } else {
      const initial = assertCents(pest.InitialPayment, `${pest.ServiceName} InitialPayment`);
      const monthly = assertCents(pest.FinalPrice, `${pest.ServiceName} FinalPrice`);
      pestInitial = makeLine('pestInitial', pest, initial, 1, BillingFrequency.OneTime, PEST_BILL_DAY);
      pestMonthly = makeLine('pestMonthly', pest, monthly, months, BillingFrequency.Monthly, PEST_BILL_DAY);
      pestMonthly.installment = true;
    }
  }

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

function invalidEdit(message: string): PricingProblem {
  return { code: 'INVALID_EDIT', severity: 'warning', message };
}

/** An item's state with the spec's names added. */
function itemState(state: Omit<ItemState, 'IncludeInPurchase' | 'Free'>): ItemState {
  const { IncludeInPurchase, Free } = specItemFlags(state);
  // Built field by field, in the fields' order (the answer's JSON is unchanged): a spread of objects of several
  // shapes (a reason or not) took V8's slow path and cost the engine 94 % of its speed (docs/pricing.md, "Speed").
  const { id, selected, free, blocked, bundled, reason } = state;
  return reason === undefined
    ? { id, selected, free, blocked, bundled, IncludeInPurchase, Free }
    : { id, selected, free, blocked, bundled, reason, IncludeInPurchase, Free };
}

function serviceState(
  svc: AdditionalService,
  additional: readonly Work[],
  glTaken: ReadonlyMap<string, AdditionalService>,
  lawn: LawnProgram | null,
  bundled: readonly number[] | null,
): Omit<ItemState, 'IncludeInPurchase' | 'Free'> {
  const line = additional.find((l) => l.itemId === svc.Id);
  const state: Omit<ItemState, 'IncludeInPurchase' | 'Free'> = {
    id: svc.Id,
    selected: line !== undefined,
    free: line?.free === true,
    blocked: false,
    bundled: bundled?.includes(svc.Id) === true,
  };
  if (line) return state;
  const holder = svc.gl_account ? glTaken.get(svc.gl_account) : undefined;
  if (svc.ServiceDefId === PEST_INITIAL_SERVICE_ID) {
    state.blocked = true;
    state.reason = 'Comes with a pest program.';
  } else if (state.bundled) {
    state.blocked = true;
    state.reason = `Included in the ${lawn?.ServiceName ?? 'lawn program'}.`;
  } else if (holder) {
    state.blocked = true;
    state.reason = `Blocked by ${holder.ServiceName} on the same account.`;
  } else if (svc.bundleOnly && !lawn) {
    state.blocked = true;
    state.reason = 'Sold only with a lawn program.';
  }
  return state;
}

function offerState(
  offer: Offer,
  ctx: OfferContext,
  selections: QuoteInput['selections'],
  applied: Offer | null,
): OfferState {
  const selected = offer.id === selections.offerId;
  if (applied === offer) return { id: offer.id, selected, applicable: true };
  const target = offerTarget(offer, ctx, selected ? selections.freeServiceId : undefined);
  if (target.reason !== undefined) return { id: offer.id, selected, applicable: false, reason: target.reason };
  // Reaching here means the offer finds its line; a round rule may still refuse it. Priced data errors surface
  // only for the selected offer, so a bad unselected offer does not break the quote.
  try {
    const result = offerDiscount(offer, target.line);
    return result.reason === undefined
      ? { id: offer.id, selected, applicable: true }
      : { id: offer.id, selected, applicable: false, reason: result.reason };
  } catch (e) {
    if (e instanceof PricingInputError) return { id: offer.id, selected, applicable: false, reason: e.message };
    throw e;
  }
}
