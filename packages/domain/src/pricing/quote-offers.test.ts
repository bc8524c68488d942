/**
 * The pricing rules of offers (P12), gl_account blocking (P13) and coupons (P14), with the numbers of the worked
 * examples in docs/pricing.md, on FRANCHISE_DATA (see quote.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { input } from './fixtures.js';
import { ECONOMY_OFFER_MESSAGE, FREE_SERVICE_NOT_SELECTED_MESSAGE, quote } from './quote.js';
import { codes, line, plain } from './test-support.js';

describe('P12 offers', () => {
  it('P12a free service: Grub Control selected becomes free ($89.00 off) and shows Free', () => {
    const q = plain({ selections: { additionalServiceIds: [11], offerId: 3 } });
    const grub = line(q, 'additional');
    expect([grub.discounts.offer, grub.extendedPriceSold, grub.free]).toEqual([8900, 0, true]);
    expect(q.states.additionalServices.find((s) => s.id === 11)).toMatchObject({ selected: true, free: true });
    expect(q.states.offers.find((o) => o.id === 3)).toEqual({ id: 3, selected: true, applicable: true });
  });

  it('P12a free service cannot be chosen when the service is not selected', () => {
    const q = plain({ selections: { offerId: 3 } });
    expect(q.problems).toEqual([
      { code: 'OFFER_NOT_APPLICABLE', severity: 'warning', message: FREE_SERVICE_NOT_SELECTED_MESSAGE, ref: 3 },
    ]);
    expect(q.totals.offerDiscount).toBe(0);
    expect(q.states.offers.find((o) => o.id === 3)).toMatchObject({ applicable: false });
  });

  it('P12b free visit: one $45.00 round off 6 ($225.00); refused with 1 round', () => {
    expect(plain({ selections: { offerId: 1 } }).totals.saleSubTotal).toBe(22500);
    const one = plain({ selections: { offerId: 1 }, edits: { roundCount: 1 } });
    expect(codes(one)).toEqual(['OFFER_NOT_APPLICABLE']);
    expect(one.totals.saleSubTotal).toBe(4500);
  });

  it('P12c 3-for-2: 3 rounds for the price of 2 ($90.00); refused with 2 rounds', () => {
    const three = plain({ selections: { offerId: 2 }, edits: { roundCount: 3 } });
    expect([three.totals.appCost, three.totals.saleSubTotal]).toEqual([13500, 9000]);
    const two = plain({ selections: { offerId: 2 }, edits: { roundCount: 2 } });
    expect(codes(two)).toEqual(['OFFER_NOT_APPLICABLE']);
    expect(two.totals.saleSubTotal).toBe(9000);
  });

  it('P12d 2-for-1 on the Economy Program: one $38.00 round off 5 ($152.00); refused with 1 round', () => {
    const economy = plain({ selections: { lawnProgramId: 2, offerId: 7 } });
    expect([economy.totals.appCost, economy.totals.saleSubTotal]).toEqual([19000, 15200]);
    expect(codes(plain({ selections: { lawnProgramId: 2, offerId: 7 }, edits: { roundCount: 1 } }))).toEqual([
      'OFFER_NOT_APPLICABLE',
    ]);
  });

  it('P12e priced: core aeration for $99.00 instead of $129.00', () => {
    const q = plain({ selections: { lawnProgramId: null, additionalServiceIds: [12], offerId: 4 } });
    expect(line(q, 'additional')).toMatchObject({ unitPrice: 12900, unitPriceSold: 9900, extendedPriceSold: 9900 });
  });

  it('P12f reduce: $25.00 off the Preferred Program ($245.00)', () => {
    expect(plain({ selections: { offerId: 5 } }).totals.saleSubTotal).toBe(24500);
  });

  it('P12g percent off: 15 % of core aeration is $19.35 ($109.65)', () => {
    const q = plain({ selections: { lawnProgramId: null, additionalServiceIds: [12], offerId: 6 } });
    expect(line(q, 'additional').discounts.offer).toBe(1935);
    expect(q.totals.saleSubTotal).toBe(10965);
  });

  it('P12h the Economy Program is not eligible for additional-service offers', () => {
    const q = plain({ selections: { lawnProgramId: 2, additionalServiceIds: [12], offerId: 4 } });
    expect(q.problems).toEqual([
      { code: 'OFFER_NOT_APPLICABLE', severity: 'warning', message: ECONOMY_OFFER_MESSAGE, ref: 4 },
    ]);
    expect(line(q, 'additional').extendedPriceSold).toBe(12900);
    expect(q.states.offers.filter((o) => o.applicable).map((o) => o.id)).toEqual([7]);
  });

  it('P12i an open free-service offer frees the selected service the CSR picks, and only a selected one', () => {
    const q = plain({ selections: { additionalServiceIds: [11, 12], offerId: 8, freeServiceId: 12 } });
    expect(line(q, 'additional', 'Core Aeration').free).toBe(true);
    expect(line(q, 'additional', 'Grub Control').free).toBe(false);
    const notSelected = plain({ selections: { additionalServiceIds: [11], offerId: 8, freeServiceId: 12 } });
    expect(notSelected.problems[0]?.message).toBe(FREE_SERVICE_NOT_SELECTED_MESSAGE);
  });

  it('P12 an offer for another program, or an unknown offer, is reported', () => {
    expect(codes(plain({ selections: { lawnProgramId: 2, offerId: 1 } }))).toEqual(['OFFER_NOT_APPLICABLE']);
    expect(codes(plain({ selections: { offerId: 99 } }))).toEqual(['UNKNOWN_OFFER']);
  });
});

describe('P13 gl_account blocking', () => {
  it('P13 picking Core Aeration blocks Aeration & Overseeding (same gl_account 4200)', () => {
    const q = plain({ selections: { additionalServiceIds: [12] } });
    expect(q.states.additionalServices.find((s) => s.id === 13)).toEqual({
      id: 13,
      selected: false,
      free: false,
      blocked: true,
      bundled: false,
      IncludeInPurchase: false,
      Free: false,
      reason: 'Blocked by Core Aeration on the same account.',
    });
    expect(q.states.additionalServices.find((s) => s.id === 11)?.blocked).toBe(false);
  });

  it('P13 picking both sells the first picked and reports the second', () => {
    const q = plain({ selections: { additionalServiceIds: [13, 12] } });
    expect(q.lines.filter((l) => l.kind === 'additional').map((l) => l.itemId)).toEqual([13]);
    expect(q.problems).toMatchObject([{ code: 'SERVICE_BLOCKED', ref: 12 }]);
  });
});

describe('P14 coupons', () => {
  it('P14a type 1 with a lawn program: SAVE20 takes $20.00 off ($250.00)', () => {
    const q = plain({ selections: { couponCode: 'save20' } });
    expect(q.totals.couponDiscount).toBe(2000);
    expect(q.totals.saleSubTotal).toBe(25000);
    expect(q.states.coupon).toEqual({ code: 'SAVE20', found: true, applied: true, amount: 2000 });
  });

  it('P14a type 1 needs a lawn program or an additional service: with only a pest program it does not apply', () => {
    const q = plain({ selections: { lawnProgramId: null, pestProgramId: 1, couponCode: 'SAVE20' } });
    expect(codes(q)).toEqual(['COUPON_NOT_APPLICABLE']);
    expect(q.totals.couponDiscount).toBe(0);
  });

  it('P14b service 45 with a pest program: PEST50 takes $50.00 off the $99.00 initial payment', () => {
    const q = plain({ selections: { lawnProgramId: null, pestProgramId: 1, couponCode: 'PEST50' } });
    const initial = line(q, 'pestInitial');
    expect([initial.extendedPriceSold, initial.tax]).toEqual([4900, 355]);
    expect(q.totals.duePestInitialTotal).toBe(5255);
    expect(line(q, 'pestMonthly').discounts.coupon).toBe(0);
  });

  it('P14b service 45 without a pest program does not apply, even with a lawn program', () => {
    expect(codes(plain({ selections: { couponCode: 'PEST50' } }))).toEqual(['COUPON_NOT_APPLICABLE']);
  });

  it('P14c type 2 with its additional service: GRUB10 takes 10 % of what grub control costs after prepay', () => {
    // $89.00 − prepay 5 % ($4.45) = $84.55; 10 % is $8.455 → $8.46; $76.09.
    const q = quote(input({ selections: { additionalServiceIds: [11], couponCode: 'GRUB10' } }));
    expect(line(q, 'additional').discounts).toMatchObject({ prepay: 445, coupon: 846 });
    expect(line(q, 'additional').extendedPriceSold).toBe(7609);
    expect(line(q, 'lawn').discounts.coupon).toBe(0);
    expect(codes(quote(input({ selections: { additionalServiceIds: [12], couponCode: 'GRUB10' } })))).toEqual([
      'COUPON_NOT_APPLICABLE',
    ]);
  });

  it('P14d type 3 with its lawn program: PREF15 takes $15.00 off the Preferred Program, not the Economy', () => {
    expect(plain({ selections: { couponCode: 'PREF15' } }).totals.saleSubTotal).toBe(25500);
    const economy = plain({ selections: { lawnProgramId: 2, couponCode: 'PREF15' } });
    expect(economy.problems).toMatchObject([
      { code: 'COUPON_NOT_APPLICABLE', message: 'Coupon PREF15 needs the Preferred Program to be selected.' },
    ]);
  });

  it('P14e a dollar coupon comes off the lawn program first, then the services, never below zero', () => {
    // A $1.00 lawn program and $129.00 core aeration: SAVE20 takes $1.00 and $19.00; tax on $110.00 is $7.975 → $7.98.
    const q = plain({
      selections: { additionalServiceIds: [12], couponCode: 'SAVE20' },
      edits: { lawnPrice: 100, roundCount: 1 },
    });
    expect(q.lines.map((l) => [l.discounts.coupon, l.extendedPriceSold])).toEqual([
      [100, 0],
      [1900, 11000],
    ]);
    expect([q.totals.saleSubTotal, q.totals.saleSalesTax]).toEqual([11000, 798]);
  });

  it('P14 an unknown coupon is reported', () => {
    const q = plain({ selections: { couponCode: 'NOPE' } });
    expect(codes(q)).toEqual(['UNKNOWN_COUPON']);
    expect(q.states.coupon).toMatchObject({ found: false, applied: false });
  });
});
