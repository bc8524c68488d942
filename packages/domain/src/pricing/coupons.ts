/** Coupons (call-handling.md §5): finding one by code, the lines it applies to and its discount on priced lines. */
import { type Cents, applyRate, assertCents, assertPercent } from './money.js';
import { PEST_INITIAL_SERVICE_ID } from './sale-rules.js';
import type { AdditionalService, Coupon, LawnProgram } from './types.js';

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
export function couponTargets<L extends { serviceDefId: number }>(
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
