/**
 * The stages of the quote one by one, on FRANCHISE_DATA (10 % call discount, 5 % prepay, 7.25 % tax). The whole
 * quote, to the cent, is proved by quote.test.ts and the other quote-*.test.ts files.
 */
import { describe, expect, it } from 'vitest';
import { FRANCHISE_DATA } from './fixtures.js';
import type { PricingProblem } from './types.js';
import { applyOffer, couponOf, discountChoiceOf, monthlyOf, ratesOf } from './quote-stages.js';

describe('the rates', () => {
  it('are the franchise’s, or the CSR’s edit of a discount when it is a valid percent', () => {
    const problems: PricingProblem[] = [];
    const rates = ratesOf(FRANCHISE_DATA.franchise, { callDiscountPercent: 12.5 }, problems);
    expect(rates).toEqual({ taxPpm: 72_500, callPercent: 12.5, callPpm: 125_000, prepayPercent: 5, prepayPpm: 50_000 });
    expect(problems).toEqual([]);
  });

  it('keep the franchise’s discount when the edit is not a percent with at most 2 decimals, and say so', () => {
    const problems: PricingProblem[] = [];
    const rates = ratesOf(FRANCHISE_DATA.franchise, { callDiscountPercent: 10.555, prepayPercent: 101 }, problems);
    expect([rates.callPercent, rates.prepayPercent]).toEqual([10, 5]);
    expect(problems.map((p) => p.code)).toEqual(['INVALID_EDIT', 'INVALID_EDIT']);
  });
});

describe('the discount choice', () => {
  it('a new customer’s Preferred Program has the call discount by itself, and prepay unless paid monthly', () => {
    expect(discountChoiceOf({}, 'preferred', false, false)).toEqual({
      callOn: true,
      prepayOn: true,
      callDiscountAutomatic: true,
      chosen: 'combined',
    });
    expect(discountChoiceOf({}, 'preferred', false, true).chosen).toBe('call');
    expect(discountChoiceOf({}, 'preferred', true, false).chosen).toBe('prepay');
    expect(discountChoiceOf({ callDiscount: false, prepay: false }, 'preferred', false, false).chosen).toBe('none');
  });
});

describe('an installment', () => {
  it('is equal months with the cents left on the last, never a last month below zero', () => {
    expect(monthlyOf(1000, 3)).toEqual({ amount: 333, lastAmount: 334 });
    expect(monthlyOf(1001, 2)).toEqual({ amount: 501, lastAmount: 500 });
    // 5 cents over 9 months: rounding each month up to 1 would bill 8 before the last.
    expect(monthlyOf(5, 9)).toEqual({ amount: 0, lastAmount: 5 });
  });
});

describe('the offer and the coupon', () => {
  const none = {
    lawn: null,
    lawnKind: null,
    lawnLine: null,
    additional: [],
    services: FRANCHISE_DATA.additionalServices,
  };

  it('an offer not in the data is an error and applies nothing; no offer chosen is no problem', () => {
    const problems: PricingProblem[] = [];
    expect(applyOffer(FRANCHISE_DATA.offers, { offerId: 99 }, none, problems)).toBeNull();
    expect(applyOffer(FRANCHISE_DATA.offers, { offerId: 0 }, none, problems)).toBeNull();
    expect(problems).toEqual([
      { code: 'UNKNOWN_OFFER', severity: 'error', message: 'Offer 99 is not in the pricing data.', ref: 99 },
    ]);
  });

  it('an unknown coupon is an error with its state; one with nothing to come off is a warning', () => {
    const problems: PricingProblem[] = [];
    const lines = { lawn: null, additional: [], pestInitial: null };
    expect(couponOf(FRANCHISE_DATA, '  NOPE ', lines, problems)).toEqual({
      plan: null,
      state: { code: 'NOPE', found: false, applied: false, amount: 0, reason: 'Coupon NOPE was not found.' },
    });
    const pref = couponOf(FRANCHISE_DATA, 'PREF15', lines, problems);
    expect(pref.plan).toBeNull();
    expect(pref.state).toMatchObject({ code: 'PREF15', found: true, applied: false });
    expect(problems.map((p) => p.code)).toEqual(['UNKNOWN_COUPON', 'COUPON_NOT_APPLICABLE']);
    expect(couponOf(FRANCHISE_DATA, ' ', lines, problems)).toEqual({ plan: null, state: null });
  });
});
