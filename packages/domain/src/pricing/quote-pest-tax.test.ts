/**
 * The pricing rules of tax (P16), service 45 (P17), the pest program's monthly billing (P18) and the $0 sale (P19), with
 * the numbers of the worked examples in docs/pricing.md, on FRANCHISE_DATA (see quote.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { input } from './fixtures.js';
import { PEST_INITIAL_SERVICE_ID, ZERO_SALE_MESSAGE, quote, saleValidationMessage } from './quote.js';
import { codes, line, plain } from './test-support.js';

describe('P16 tax', () => {
  it('P16 tax is on the discounted amount of each line, rounded, and the lines add up to the sales tax', () => {
    const q = quote(input({ selections: { additionalServiceIds: [11, 12], couponCode: 'SAVE20' } }));
    for (const l of q.lines) expect(l.tax).toBe(Math.floor((l.extendedPriceSold * 725 + 5000) / 10000));
    expect(q.lines.reduce((s, l) => s + l.tax, 0)).toBe(q.totals.saleSalesTax);
    expect(q.totals.taxRate).toBe(7.25);
  });
});

describe('P17 service 45', () => {
  it('P17 a pest program sells the initial payment as service 45: never an installment, no order item', () => {
    const q = quote(input({ selections: { pestProgramId: 1 }, flags: { monthlyPayment: true } }));
    const initial = line(q, 'pestInitial');
    expect(initial).toMatchObject({
      serviceDefId: PEST_INITIAL_SERVICE_ID,
      unitPrice: 9900,
      installment: false,
      remainMonths: 0,
      monthly: null,
      orderItem: false,
    });
    expect([q.totals.pestInitialTotal, q.totals.duePestInitialTotal]).toEqual([9900, 10618]);
    expect(line(q, 'lawn').installment).toBe(true);
  });

  it('P17 service 45 cannot be picked as an additional service', () => {
    const q = plain({ selections: { additionalServiceIds: [16] } });
    expect(codes(q)).toEqual(['NOT_SELECTABLE']);
    expect(q.states.additionalServices.find((s) => s.id === 16)).toMatchObject({ blocked: true });
  });
});

describe('P18 monthly billing of the pest program', () => {
  it('P18 on March 1: $45.00 × 9 months = $405.00 + $29.36 tax, billed on the 15th from April 15: 8 × $48.26 + $48.28', () => {
    const q = quote(input({ selections: { lawnProgramId: null, pestProgramId: 1 } }));
    const monthly = line(q, 'pestMonthly');
    expect([monthly.unitPrice, monthly.quantity, monthly.extendedPriceSold, monthly.tax]).toEqual([
      4500, 9, 40500, 2936,
    ]);
    expect([monthly.installment, monthly.remainMonths]).toEqual([true, 9]);
    expect(monthly.monthly).toEqual({ amount: 4826, lastAmount: 4828, billDay: 15, firstBillDate: '2025-04-15' });
    expect([q.totals.pestMonthlyTotal, q.totals.pestMonthlyPrice, q.totals.dueMonthlyTotal]).toEqual([
      40500, 4500, 4826,
    ]);
  });

  it('P18 on December 10: service year 2026, 12 months from January 15, 2026: 11 × $48.26 + $48.29', () => {
    const q = quote(input({ selections: { lawnProgramId: null, pestProgramId: 1 }, date: '2025-12-10' }));
    expect([q.serviceYear, q.months]).toEqual([2026, 12]);
    expect(line(q, 'pestMonthly').total).toBe(57915);
    expect(line(q, 'pestMonthly').monthly).toEqual({
      amount: 4826,
      lastAmount: 4829,
      billDay: 15,
      firstBillDate: '2026-01-15',
    });
  });

  it('P18 a monthly additional service is billed on the 1st, or on the 15th when chosen', () => {
    const q = plain({ selections: { lawnProgramId: null, additionalServiceIds: [14], billDay: 15 } });
    const l = line(q, 'additional');
    expect([l.quantity, l.extendedPrice, l.installment, l.billingFrequency]).toEqual([9, 35100, true, 2]);
    expect(l.monthly).toMatchObject({ billDay: 15, firstBillDate: '2025-04-15' });
    expect(line(plain({ selections: { additionalServiceIds: [14] } }), 'additional').monthly?.billDay).toBe(1);
  });

  it('P18 a monthly additional service gets no prepay discount', () => {
    const q = quote(input({ selections: { additionalServiceIds: [14] } }));
    expect(line(q, 'additional').discounts.prepay).toBe(0);
  });
});

describe('P19 a $0 sale', () => {
  it('P19 nothing selected: Total sale is $0.00', () => {
    const q = quote(input({ selections: { lawnProgramId: null } }));
    expect(q.problems).toEqual([{ code: 'ZERO_SALE', severity: 'error', message: ZERO_SALE_MESSAGE }]);
    expect(saleValidationMessage(q, 'Sale')).toBe(ZERO_SALE_MESSAGE);
    expect(saleValidationMessage(q, 'Upsell')).toBe(ZERO_SALE_MESSAGE);
    expect(saleValidationMessage(q, 'Not Interested')).toBeNull();
  });

  it('P19 only a free service is a $0 sale too', () => {
    const q = plain({ selections: { lawnProgramId: null, additionalServiceIds: [11], offerId: 3 } });
    expect(codes(q)).toEqual(['ZERO_SALE']);
  });

  it('P19 any priced selection is not', () => {
    expect(saleValidationMessage(quote(input()), 'Sale')).toBeNull();
  });
});
