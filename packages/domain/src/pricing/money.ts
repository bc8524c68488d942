/**
 * Money and rates in integers (docs/pricing.md, "Money, percents and rounding").
 *
 * - Money is an integer number of cents ({@link Cents}); no float ever holds a price.
 * - A percent (7.25 meaning 7.25 %) is converted once to parts per million ({@link Ppm}, 7.25 % → 72,500),
 *   which keeps up to four decimals exact (8.875 % → 88,750).
 * - Every percentage of an amount is rounded half-up to the cent with integer arithmetic.
 */

/** An amount of money in integer cents ($1,234.50 is 123450). */
export type Cents = number;
/** A rate in parts per million: 1 % is 10,000 ppm, 100 % is 1,000,000 ppm. */
export type Ppm = number;

export const PPM_PER_PERCENT = 10_000;
export const PPM_WHOLE = 1_000_000;

/** Thrown for structurally invalid pricing input (negative or fractional cents, a percent over 100, a bad date). */
export class PricingInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PricingInputError';
  }
}

/** Is the value a whole, non-negative, safe number of cents? */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The value as cents, or a {@link PricingInputError} naming the field. */
export function assertCents(value: unknown, field: string): Cents {
  if (!isCents(value)) throw new PricingInputError(`${field} must be a whole, non-negative number of cents.`);
  return value;
}

/**
 * A percent (0 to 100, at most `decimals` decimals) as ppm, or null when it is not one.
 * `percentToPpm(7.25)` is 72,500; `percentToPpm(7.255, 2)` is null.
 */
export function percentToPpm(percent: unknown, decimals: 2 | 4 = 4): Ppm | null {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const scaled = percent * 10 ** decimals;
  const whole = Math.round(scaled);
  if (Math.abs(scaled - whole) > 1e-6) return null;
  return decimals === 4 ? whole : whole * 100;
}

/** {@link percentToPpm}, or a {@link PricingInputError} naming the field. */
export function assertPercent(value: unknown, field: string): Ppm {
  const ppm = percentToPpm(value);
  if (ppm === null) throw new PricingInputError(`${field} must be a percent from 0 to 100 with at most 4 decimals.`);
  return ppm;
}

/**
 * numerator / denominator rounded half-up, for a non-negative integer numerator and a positive integer
 * denominator. Exact for any operands whose result is a safe integer (BigInt beyond 2^52, which money never
 * reaches in practice).
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (numerator > 2 ** 51 || denominator > 2 ** 51) {
    return Number((2n * BigInt(numerator) + BigInt(denominator)) / (2n * BigInt(denominator)));
  }
  const twice = 2 * numerator + denominator;
  const twiceDenominator = 2 * denominator;
  let q = Math.floor(twice / twiceDenominator);
  // Correct the float quotient so the result is exact for any safe integer operands.
  const r = twice - q * twiceDenominator;
  if (r < 0) q -= 1;
  else if (r >= twiceDenominator) q += 1;
  return q;
}

/** The rate's share of an amount, rounded half-up to the cent: `applyRate(27000, 50_000)` (5 %) is 1350. */
export function applyRate(amount: Cents, rate: Ppm): Cents {
  if (rate === 0 || amount === 0) return 0;
  const product = amount * rate;
  if (product > Number.MAX_SAFE_INTEGER) {
    return Number((2n * BigInt(amount) * BigInt(rate) + BigInt(PPM_WHOLE)) / BigInt(2 * PPM_WHOLE));
  }
  return divideHalfUp(product, PPM_WHOLE);
}

function groupThousands(whole: number): string {
  const digits = String(whole);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

/** Cents as the screen shows currency: `formatMoney(123450)` is '$1,234.50', `formatMoney(-500)` is '-$5.00'. */
export function formatMoney(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new PricingInputError('formatMoney takes whole cents.');
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = abs - whole * 100;
  return `${negative ? '-' : ''}$${groupThousands(whole)}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/**
 * A percent with two decimals, rounded half-up: `formatPercent(7.25)` is '7.25%', `formatPercent(8.875)` is
 * '8.88%', `formatPercent(10)` is '10.00%'. This is how the tax rate is shown (call-handling.md §9).
 */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) throw new PricingInputError('formatPercent takes a finite number.');
  const negative = percent < 0;
  // To ten-thousandths first (the precision rates are kept in), then half-up to hundredths.
  const tenThousandths = Math.round(Math.abs(percent) * 10_000);
  const hundredths = divideHalfUp(tenThousandths, 100);
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths - whole * 100;
  return `${negative && hundredths > 0 ? '-' : ''}${whole}.${fraction < 10 ? '0' : ''}${fraction}%`;
}

/**
 * A decimal amount as stored in numeric columns ('1234.5', '-3.10', '12') to cents. More than two decimals or
 * anything that is not a plain decimal is a {@link PricingInputError}; no float is involved.
 */
export function centsFromDecimal(text: string): Cents {
  const m = /^\s*(-)?(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) throw new PricingInputError(`'${text}' is not an amount with at most two decimals.`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new PricingInputError(`'${text}' is too large.`);
  return m[1] && cents !== 0 ? -cents : cents;
}

/** Cents as a plain decimal for numeric columns: `decimalFromCents(123450)` is '1234.50'. */
export function decimalFromCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new PricingInputError('decimalFromCents takes whole cents.');
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = abs - whole * 100;
  return `${cents < 0 ? '-' : ''}${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}
