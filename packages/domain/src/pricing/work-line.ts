/**
 * The quote's working lines: a line while it is being priced ({@link Work}) and the run that prices every line for
 * one combination of the call and prepay discounts ({@link runVariant}).
 */
import type { BillDay } from './calendar.js';
import { type Cents, type Ppm, applyRate } from './money.js';
import { PEST_INITIAL_SERVICE_ID } from './sale-rules.js';
import type { BillingFrequency, Coupon, LineKind } from './types.js';

/** A line while it is being priced. */
export interface Work {
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

export interface CouponPlan {
  coupon: Coupon;
  targets: Work[];
  percent: Ppm | null;
  amount: Cents;
}

export interface VariantSums {
  sub: Cents;
  tax: Cents;
  discount: Cents;
}

export function makeLine(
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
export function runVariant(
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
