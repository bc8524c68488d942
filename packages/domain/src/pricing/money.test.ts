import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PricingInputError,
  applyRate,
  centsFromDecimal,
  decimalFromCents,
  divideHalfUp,
  formatMoney,
  formatPercent,
  percentToPpm,
} from './money.js';

describe('money: cents and half-up rounding', () => {
  it('P1 5% of $33.30 is $1.665, rounded half-up to $1.67', () => {
    expect(applyRate(3330, percentToPpm(5)!)).toBe(167);
  });

  it('P1 7.25% tax on $110.00 is $7.975, rounded half-up to $7.98; on $0.01 it is $0.00', () => {
    expect(applyRate(11000, percentToPpm(7.25)!)).toBe(798);
    expect(applyRate(1, percentToPpm(7.25)!)).toBe(0);
  });

  it.each<[number, number, number]>([
    [5, 2, 3],
    [4, 2, 2],
    [7, 3, 2],
    [3, 2, 2],
    [1, 2, 1],
    [0, 7, 0],
    [2 ** 52, 3, 1501199875790165],
    [2 ** 53 - 1, 2, 2 ** 52],
  ])('divideHalfUp(%i, %i) is %i', (n, d, q) => {
    expect(divideHalfUp(n, d)).toBe(q);
  });

  it('property: divideHalfUp agrees with exact BigInt arithmetic for any safe operands', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), fc.integer({ min: 1, max: 2 ** 20 }), (n, d) => {
        const exact = (2n * BigInt(n) + BigInt(d)) / (2n * BigInt(d));
        expect(divideHalfUp(n, d)).toBe(Number(exact));
      }),
    );
  });

  it('a rate of a huge amount is still exact: 7.25% of $90,071,992,547,409.91', () => {
    expect(applyRate(Number.MAX_SAFE_INTEGER, 72_500)).toBe(653021945968722);
  });

  it('property: a rate of an amount is never negative and never more than the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), fc.integer({ min: 0, max: 1_000_000 }), (a, r) => {
        const part = applyRate(a, r);
        expect(part).toBeGreaterThanOrEqual(0);
        expect(part).toBeLessThanOrEqual(a);
      }),
    );
  });
});

describe('money: percents as parts per million', () => {
  it('P2 7.25% is 72,500 ppm, 8.875% is 88,750 ppm, 100% is 1,000,000', () => {
    expect(percentToPpm(7.25)).toBe(72_500);
    expect(percentToPpm(8.875)).toBe(88_750);
    expect(percentToPpm(100)).toBe(1_000_000);
    expect(percentToPpm(0)).toBe(0);
  });

  it('P2 an edit takes at most 2 decimals: 10.5 is fine, 10.125 is not', () => {
    expect(percentToPpm(10.5, 2)).toBe(105_000);
    expect(percentToPpm(10.125, 2)).toBeNull();
  });

  it.each([-1, 100.01, Number.NaN, Infinity, 7.123456, '7.25', null])('%s is not a percent', (v) => {
    expect(percentToPpm(v)).toBeNull();
  });
});

describe('formatMoney and formatPercent', () => {
  it.each<[number, string]>([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100000000, '$1,000,000.00'],
    [-500, '-$5.00'],
    [28958, '$289.58'],
  ])('formatMoney(%i) is %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('formatMoney refuses fractional cents', () => {
    expect(() => formatMoney(1.5)).toThrow(PricingInputError);
  });

  it.each<[number, string]>([
    [7.25, '7.25%'],
    [10, '10.00%'],
    [8.875, '8.88%'],
    [1.005, '1.01%'],
    [0, '0.00%'],
    [6.5, '6.50%'],
  ])('formatPercent(%d) is %s', (rate, text) => {
    expect(formatPercent(rate)).toBe(text);
  });
});

describe('decimal strings of numeric columns', () => {
  it.each<[string, number]>([
    ['1234.50', 123450],
    ['1234.5', 123450],
    ['12', 1200],
    ['0.07', 7],
    ['-3.10', -310],
    [' 45.00 ', 4500],
  ])('centsFromDecimal(%j) is %i', (text, cents) => {
    expect(centsFromDecimal(text)).toBe(cents);
  });

  it.each(['1.234', 'abc', '', '1,234.00', '$5'])('centsFromDecimal(%j) is refused', (text) => {
    expect(() => centsFromDecimal(text)).toThrow(PricingInputError);
  });

  it('property: decimalFromCents and centsFromDecimal are inverse', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (cents) => {
        expect(centsFromDecimal(decimalFromCents(cents))).toBe(cents);
      }),
    );
  });
});
