/**
 * One test per pricing rule, with the numbers of the worked examples in docs/pricing.md (P0, P3 to P23; P1, P2 and
 * P21 are in money.test.ts, P4 and P18's calendar parts in calendar.test.ts; offers, gl_account blocking and coupons in
 * quote-offers.test.ts; tax, service 45, the pest program's monthly billing and the $0 sale in quote-pest-tax.test.ts).
 * The data is FRANCHISE_DATA: tax 7.25 %, call discount 10 %, prepay discount 5 %, first application March 15; the
 * Preferred Program is $45.00 a round for 6 rounds.
 */
import { describe, expect, it } from 'vitest';
import { FRANCHISE_DATA, input } from './fixtures.js';
import { lawnProgramKind, quote } from './quote.js';
import { PricingInputError, formatMoney } from './money.js';
import type { PricingData, Quote } from './types.js';
import { codes, line, plain } from './test-support.js';

describe('P0 the opening example', () => {
  it('P0 the example at the top of docs/pricing.md', () => {
    const q = quote({
      data: FRANCHISE_DATA,
      selections: { lawnProgramId: 1, additionalServiceIds: [11], offerId: 3, couponCode: 'SAVE20' },
      flags: { prepay: true, callDiscount: undefined, monthlyPayment: false },
      edits: {},
      customer: { isExisting: false, lawnSize: 0.17 },
      date: '2025-03-01',
    });
    expect(q.case).toBe('combined');
    expect(line(q, 'lawn').discounts).toEqual({ offer: 0, preferredPlus: 0, call: 2700, prepay: 1215, coupon: 2000 });
    expect(line(q, 'additional')).toMatchObject({ extendedPriceSold: 0, free: true });
    expect([q.totals.saleSubTotal, q.totals.saleSalesTax]).toEqual([21085, 1529]);
    expect(formatMoney(q.totals.saleTotal)).toBe('$226.14');
  });
});

describe('P3 the lawn program line', () => {
  it('P3 the Preferred Program at $45.00 a round for 6 rounds is $270.00 (appCost), tax $19.58, total $289.58', () => {
    const q = plain();
    const l = line(q, 'lawn');
    expect([l.unitPrice, l.quantity, l.extendedPrice, l.extendedPriceSold]).toEqual([4500, 6, 27000, 27000]);
    expect(l.serviceDefId).toBe(101);
    expect([q.totals.applications, q.totals.appCost]).toEqual([6, 27000]);
    expect([q.totals.saleSubTotal, q.totals.saleSalesTax, q.totals.saleTotal]).toEqual([27000, 1958, 28958]);
    expect(q.totals.lawncareTotal).toBe(27000);
  });
});

describe('P4 rounds sold', () => {
  it('P4 on June 1 with FirstAppTime 03-15, 4 of 6 rounds are left: $180.00', () => {
    const q = plain({ date: '2025-06-01' });
    expect(q.rounds).toEqual({ total: 6, remaining: 4, sold: 4 });
    expect(line(q, 'lawn').extendedPrice).toBe(18000);
  });

  it('P4 RemainRounds in the pricing data wins over FirstAppTime', () => {
    const data: PricingData = {
      ...FRANCHISE_DATA,
      lawnPrograms: FRANCHISE_DATA.lawnPrograms.map((p) => (p.Id === 1 ? { ...p, RemainRounds: 5 } : p)),
    };
    expect(plain({ data, date: '2025-06-01' }).rounds).toEqual({ total: 6, remaining: 5, sold: 5 });
  });

  it('P4 with no round left the program is not sold and the quote says why: on October 18, none are left', () => {
    // The last round falls on October 17: that day one round ($45.00) is still sold.
    expect(plain({ date: '2025-10-17' }).totals.saleSubTotal).toBe(4500);
    for (const date of ['2025-10-18', '2025-11-01']) {
      const q = plain({ date });
      expect(q.rounds).toEqual({ total: 6, remaining: 0, sold: 0 });
      expect(q.lines).toHaveLength(0);
      expect(codes(q)).toEqual(['NO_ROUNDS_LEFT', 'ZERO_SALE']);
    }
  });
});

describe('P5 edits', () => {
  it('P5 price $40.00 and 4 rounds make $160.00; the percent edits replace the franchise rates', () => {
    const q = quote(
      input({
        edits: { lawnPrice: 4000, roundCount: 4, callDiscountPercent: 12.5, prepayPercent: 2 },
        flags: { callDiscount: true },
      }),
    );
    // $160.00 − 12.5 % ($20.00) = $140.00 − 2 % ($2.80) = $137.20; tax $9.947 → $9.95.
    expect(line(q, 'lawn').extendedPrice).toBe(16000);
    expect(line(q, 'lawn').discounts).toMatchObject({ call: 2000, prepay: 280 });
    expect([q.totals.saleSubTotal, q.totals.saleSalesTax, q.totals.saleTotal]).toEqual([13720, 995, 14715]);
    expect(q.rates).toEqual({ taxRate: 7.25, callDiscountPercent: 12.5, prepayPercent: 2 });
  });

  it('P5 an edit out of bounds is ignored with INVALID_EDIT: 7 rounds of 6, 0 rounds, a negative price, 10.125 %', () => {
    for (const edits of [{ roundCount: 7 }, { roundCount: 0 }, { lawnPrice: -1 }, { callDiscountPercent: 10.125 }]) {
      const q = quote(input({ edits }));
      expect(codes(q)).toEqual(['INVALID_EDIT']);
      expect(q.totals.appCost).toBe(27000);
      expect(q.rates.callDiscountPercent).toBe(10);
    }
  });
});

describe('P6 the four discount-flag cases', () => {
  it.each<[string, boolean, boolean, number, number, number]>([
    ['neither: subtotal, salesTax, totalCost', false, false, 27000, 1958, 28958],
    ['prepay only: $13.50 off', true, false, 25650, 1860, 27510],
    ['call discount only: $27.00 off', false, true, 24300, 1762, 26062],
    ['both: $27.00, then 5 % of $243.00 = $12.15', true, true, 23085, 1674, 24759],
  ])('P6 %s', (_name, prepay, callDiscount, sub, tax, total) => {
    const q = quote(input({ flags: { prepay, callDiscount } }));
    expect([q.totals.saleSubTotal, q.totals.saleSalesTax, q.totals.saleTotal]).toEqual([sub, tax, total]);
  });

  it('P6 every quote carries all four variants, whichever the flags choose', () => {
    const t = quote(input()).totals;
    expect([t.subtotal, t.salesTax, t.totalCost]).toEqual([27000, 1958, 28958]);
    expect([t.prepayDiscount, t.prepaySubTotal, t.prepaySalesTax, t.prepayTotal]).toEqual([1350, 25650, 1860, 27510]);
    expect([t.callDiscount, t.callDiscountSubTotal, t.callDiscountSalesTax, t.callDiscountTotal]).toEqual([
      2700, 24300, 1762, 26062,
    ]);
    expect([t.combinedDiscount, t.combinedSubTotal, t.combinedSalesTax, t.combinedTotal]).toEqual([
      3915, 23085, 1674, 24759,
    ]);
  });
});

describe('P7 defaults', () => {
  it('P7 prepay is on and the call discount off by default: the prepay case, $275.10', () => {
    const q = quote(input({ flags: {} }));
    expect(q.flags).toMatchObject({ prepay: true, callDiscount: false, monthlyPayment: false });
    expect(q.case).toBe('prepay');
    expect(q.totals.saleTotal).toBe(27510);
  });
});

describe('P8 monthly payment', () => {
  it('P8 monthly payment on disables the prepay discount and bills $289.58 over 9 months: 8 × $32.18 + $32.14', () => {
    const q = quote(input({ flags: { monthlyPayment: true, prepay: true } }));
    expect(q.flags).toMatchObject({ prepay: false, prepayAvailable: false, monthlyPayment: true });
    expect(q.case).toBe('none');
    const l = line(q, 'lawn');
    expect([l.installment, l.remainMonths]).toEqual([true, 9]);
    expect(l.total).toBe(28958);
    expect(l.monthly).toEqual({ amount: 3218, lastAmount: 3214, billDay: 1, firstBillDate: '2025-04-01' });
    expect(q.totals.dueMonthlyTotal).toBe(3218);
  });

  it('P8 monthly payment off: prepay back on, nothing billed monthly', () => {
    const q = quote(input({ flags: { monthlyPayment: false } }));
    expect(q.flags.prepayAvailable).toBe(true);
    expect(line(q, 'lawn').installment).toBe(false);
    expect(line(q, 'lawn').remainMonths).toBe(0);
  });
});

describe('P9 automatic call discount', () => {
  it('P9 the Preferred Program for a customer who is not existing gets the call discount: $247.59', () => {
    const q = quote(input({ customer: { isExisting: false } }));
    expect(q.flags).toMatchObject({ callDiscount: true, callDiscountAutomatic: true });
    expect(q.case).toBe('combined');
    expect(q.totals.saleTotal).toBe(24759);
  });

  it('P9 not for an existing customer, not for the Economy Program, and an explicit "off" wins', () => {
    const existing = quote(input({ customer: { isExisting: true } }));
    expect(existing.flags.callDiscount).toBe(false);
    expect(existing.totals.saleTotal).toBe(27510);
    expect(quote(input({ selections: { lawnProgramId: 2 }, customer: { isExisting: false } })).flags.callDiscount).toBe(
      false,
    );
    const off = quote(input({ customer: { isExisting: false }, flags: { callDiscount: false } }));
    expect(off.flags).toMatchObject({ callDiscount: false, callDiscountAutomatic: true });
    expect(off.totals.saleTotal).toBe(27510);
  });
});

describe('P10 call discount on additional services', () => {
  it('P10 with the Preferred Program the call discount reaches core aeration: $129.00 → $116.10', () => {
    const q = quote(
      input({ selections: { additionalServiceIds: [12] }, flags: { prepay: false, callDiscount: true } }),
    );
    expect(line(q, 'lawn').extendedPriceSold).toBe(24300);
    expect(line(q, 'additional').discounts.call).toBe(1290);
    expect(line(q, 'additional').extendedPriceSold).toBe(11610);
    expect([q.totals.saleSubTotal, q.totals.saleSalesTax, q.totals.saleTotal]).toEqual([35910, 2604, 38514]);
  });

  it('P10 with the Economy Program it does not: the program $190.00 → $171.00, core aeration stays $129.00', () => {
    const q = quote(
      input({
        selections: { lawnProgramId: 2, additionalServiceIds: [12] },
        flags: { prepay: false, callDiscount: true },
      }),
    );
    expect(line(q, 'lawn').extendedPriceSold).toBe(17100);
    expect(line(q, 'additional').extendedPriceSold).toBe(12900);
  });

  it('P10 with no lawn program it does not either', () => {
    const q = quote(
      input({
        selections: { lawnProgramId: null, additionalServiceIds: [12] },
        flags: { prepay: false, callDiscount: true },
      }),
    );
    expect(line(q, 'additional').extendedPriceSold).toBe(12900);
  });
});

describe('P11 Preferred Plus', () => {
  it('P11 Preferred Plus Grub takes 20 % off its linked Grub Control: $89.00 → $71.20, then prepay 5 % → $67.64', () => {
    const q = quote(input({ selections: { lawnProgramId: 3, additionalServiceIds: [11, 12] } }));
    const grub = line(q, 'additional', 'Grub Control');
    expect(grub.discounts).toMatchObject({ preferredPlus: 1780, prepay: 356 });
    expect(grub.extendedPriceSold).toBe(6764);
    expect(line(q, 'additional', 'Core Aeration').discounts.preferredPlus).toBe(0);
    expect(q.totals.preferredPlusDiscount).toBe(1780);
  });

  it('P11 the linked service is found by ServiceNamePlus when linkedServiceDefId is absent', () => {
    const data: PricingData = {
      ...FRANCHISE_DATA,
      lawnPrograms: FRANCHISE_DATA.lawnPrograms.map((p) => (p.Id === 3 ? { ...p, linkedServiceDefId: null } : p)),
    };
    const q = plain({ data, selections: { lawnProgramId: 3, additionalServiceIds: [11] } });
    expect(line(q, 'additional').extendedPriceSold).toBe(7120);
  });

  it('P11 the Preferred Program gives no Preferred Plus discount', () => {
    const q = plain({ selections: { additionalServiceIds: [11] } });
    expect(line(q, 'additional').extendedPriceSold).toBe(8900);
    expect(lawnProgramKind('Preferred Plus Grub')).toBe('preferredPlus');
    expect(lawnProgramKind(' preferred program ')).toBe('preferred');
    expect(lawnProgramKind('Economy Program')).toBe('economy');
  });
});

describe('P15 the order discounts compound in', () => {
  it('P15 offer → call → prepay → coupon on the Preferred Program: $270.00 → $245.00 → $220.50 → $209.47 → $194.47', () => {
    const q = quote(input({ selections: { offerId: 5, couponCode: 'PREF15' }, flags: { callDiscount: true } }));
    expect(line(q, 'lawn').discounts).toEqual({
      offer: 2500,
      preferredPlus: 0,
      call: 2450,
      prepay: 1103,
      coupon: 1500,
    });
    expect([q.totals.saleSubTotal, q.totals.saleSalesTax, q.totals.saleTotal]).toEqual([19447, 1410, 20857]);
  });
});

describe('P20 lines and totals', () => {
  it('P20 a full sale: the lines add up to the totals and the buckets to the subtotal', () => {
    const q = quote(
      input({
        selections: { lawnProgramId: 3, additionalServiceIds: [11, 12, 14], pestProgramId: 1, couponCode: 'SAVE20' },
        customer: { isExisting: false },
      }),
    );
    const sum = (f: (l: Quote['lines'][number]) => number) => q.lines.reduce((s, l) => s + f(l), 0);
    const t = q.totals;
    expect(sum((l) => l.extendedPriceSold)).toBe(t.saleSubTotal);
    expect(sum((l) => l.tax)).toBe(t.saleSalesTax);
    expect(sum((l) => l.total)).toBe(t.saleTotal);
    expect(t.lawncareTotal + t.additionalServicesTotal + t.pestInitialTotal + t.pestMonthlyTotal).toBe(t.saleSubTotal);
    expect(q.lines.map((l) => l.kind)).toEqual([
      'lawn',
      'additional',
      'additional',
      'additional',
      'pestInitial',
      'pestMonthly',
    ]);
  });
});

describe('P20 the amount of a line is extendedPriceSold', () => {
  it('P20 a free visit makes 6 rounds sell for $225.00, or $37.50 a round (unitPriceSold, for display)', () => {
    const l = line(plain({ selections: { offerId: 1 } }), 'lawn');
    expect([l.unitPrice, l.quantity, l.extendedPrice]).toEqual([4500, 6, 27000]);
    expect([l.discounts.offer, l.extendedPriceSold, l.unitPriceSold]).toEqual([4500, 22500, 3750]);
    expect(formatMoney(l.unitPriceSold)).toBe('$37.50');
  });
});

describe('P22 lawn size', () => {
  it('P22 a lawn size above 24 raises LAWN_SIZE_ALERT; 24 does not', () => {
    expect(codes(quote(input({ customer: { isExisting: true, lawnSize: 24.5 } })))).toEqual(['LAWN_SIZE_ALERT']);
    expect(codes(quote(input({ customer: { isExisting: true, lawnSize: 24 } })))).toEqual([]);
  });
});

describe('P23 bundles', () => {
  it('P23 a bundle-only service needs a lawn program: alone $0.00, with the Preferred Program $335.00', () => {
    const q = plain({ selections: { lawnProgramId: null, additionalServiceIds: [15] } });
    expect(codes(q)).toEqual(['BUNDLE_ONLY', 'ZERO_SALE']);
    expect(q.lines).toHaveLength(0);
    expect(q.totals.saleTotal).toBe(0);
    expect(q.states.additionalServices.find((s) => s.id === 15)).toMatchObject({ blocked: true });
    // $270.00 + $65.00 = $335.00; tax $19.575 → $19.58 and $4.7125 → $4.71, $24.29; total $359.29.
    const withProgram = plain({ selections: { additionalServiceIds: [15] } });
    expect(line(withProgram, 'additional').extendedPriceSold).toBe(6500);
    expect(withProgram.lines.map((l) => l.tax)).toEqual([1958, 471]);
    const t = withProgram.totals;
    expect([t.saleSubTotal, t.saleSalesTax, t.saleTotal]).toEqual([33500, 2429, 35929]);
  });

  it('P23 a service bundled in the selected program is not sold again and shows bundled', () => {
    const data: PricingData = {
      ...FRANCHISE_DATA,
      lawnPrograms: FRANCHISE_DATA.lawnPrograms.map((p) => (p.Id === 1 ? { ...p, bundledServices: [15] } : p)),
    };
    const q = plain({ data, selections: { additionalServiceIds: [15] } });
    expect(q.lines.map((l) => l.kind)).toEqual(['lawn']);
    expect(codes(q)).toEqual(['SERVICE_BUNDLED']);
    // The sale is the program alone: $270.00, tax $19.58, total $289.58.
    expect([q.totals.saleSubTotal, q.totals.saleSalesTax, q.totals.saleTotal]).toEqual([27000, 1958, 28958]);
    expect(q.states.additionalServices.find((s) => s.id === 15)).toMatchObject({ bundled: true, selected: false });
  });
});

describe('purity and input checks', () => {
  const deepFreeze = <T>(o: T): T => {
    if (o && typeof o === 'object') {
      for (const v of Object.values(o)) deepFreeze(v);
      Object.freeze(o);
    }
    return o;
  };

  it('the same input gives the same quote and the input is not changed', () => {
    const frozen = deepFreeze(
      structuredClone(
        input({
          selections: { lawnProgramId: 3, additionalServiceIds: [11, 12, 14], pestProgramId: 1, offerId: 4 },
          flags: { callDiscount: true },
        }),
      ),
    );
    expect(quote(frozen)).toEqual(quote(frozen));
  });

  it('unknown programs and services are reported, not priced', () => {
    const q = plain({ selections: { lawnProgramId: 9, pestProgramId: 9, additionalServiceIds: [99] } });
    expect(codes(q)).toEqual(['UNKNOWN_LAWN_PROGRAM', 'UNKNOWN_SERVICE', 'UNKNOWN_PEST_PROGRAM', 'ZERO_SALE']);
  });

  it('fractional cents, a tax over 100 % or a bad date throw a PricingInputError', () => {
    const bad = (data: Partial<PricingData>) => () => quote(input({ data: { ...FRANCHISE_DATA, ...data } }));
    expect(
      bad({ lawnPrograms: FRANCHISE_DATA.lawnPrograms.map((p) => (p.Id === 1 ? { ...p, FinalPrice: 45.5 } : p)) }),
    ).toThrow(PricingInputError);
    expect(bad({ franchise: { ...FRANCHISE_DATA.franchise, TaxRate: 101 } })).toThrow(PricingInputError);
    expect(() => quote(input({ date: '03/01/2025' }))).toThrow(PricingInputError);
  });

  it('program states mark the selected program', () => {
    const q = quote(input({ selections: { pestProgramId: 1 } }));
    expect(q.states.lawnPrograms.map((s) => s.selected)).toEqual([true, false, false]);
    expect(q.states.pestPrograms.map((s) => s.selected)).toEqual([true]);
  });
});
