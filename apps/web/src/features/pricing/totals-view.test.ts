import { describe, expect, it } from 'vitest';
import type { Quote } from '@cc/domain';
import { discountVariants, totalsTable, visibleProblems } from './totals-view';

type Problem = Quote['problems'][number];

const totals = {
  applications: 1,
  lawncareTotal: 0,
  additionalServicesTotal: 0,
  pestInitialTotal: 0,
  pestMonthlyTotal: 0,
  offerDiscount: 0,
  preferredPlusDiscount: 0,
  couponDiscount: 0,
  totalCost: 0,
  prepayTotal: 0,
  callDiscountTotal: 0,
  combinedTotal: 0,
};

const line = (extendedPrice: number, call = 0, prepay = 0) => ({ extendedPrice, discounts: { call, prepay } });

function quoteOf(over: { totals?: Partial<typeof totals>; lines?: unknown[]; problems?: Partial<Problem>[] }): Quote {
  return {
    totals: { ...totals, ...over.totals },
    lines: over.lines ?? [],
    problems: over.problems ?? [],
    months: 12,
    rates: { callDiscountPercent: 10, prepayPercent: 5 },
  } as unknown as Quote;
}

describe('the rows of the totals table', () => {
  it('adds up the list price and the call and prepay discounts over the order lines', () => {
    const t = totalsTable(quoteOf({ lines: [line(100, 10, 4.5), line(50.25, 5, 0)] }));
    expect(t.list).toBe(150.25);
    expect(t.discounts).toEqual([
      { label: 'Call discount (10.00%)', value: 15, testId: 'discount-call' },
      { label: 'Prepay discount (5.00%)', value: 4.5, testId: 'discount-prepay' },
    ]);
  });

  it('lists only the discounts and buckets with something in them, in the order of the card', () => {
    const t = totalsTable(
      quoteOf({
        totals: { offerDiscount: 20, couponDiscount: 5, preferredPlusDiscount: 3, pestMonthlyTotal: 480 },
      }),
    );
    expect(t.discounts.map((d) => d.testId)).toEqual(['discount-offer', 'discount-preferred', 'discount-coupon']);
    expect(t.buckets).toEqual([{ label: 'Pest monthly (12 months)', value: 480, testId: 'total-pest-monthly' }]);
  });

  it('says round for one lawn application and rounds for more', () => {
    const one = totalsTable(quoteOf({ totals: { applications: 1, lawncareTotal: 40 } }));
    const six = totalsTable(quoteOf({ totals: { applications: 6, lawncareTotal: 240, additionalServicesTotal: 1 } }));
    expect(one.buckets.map((b) => b.label)).toEqual(['Lawn care (1 round)']);
    expect(six.buckets.map((b) => b.label)).toEqual(['Lawn care (6 rounds)', 'Additional services']);
  });
});

describe('the totals by discount', () => {
  it('takes each variant from its own total', () => {
    const q = quoteOf({ totals: { totalCost: 100, prepayTotal: 95, callDiscountTotal: 90, combinedTotal: 85.5 } });
    expect(discountVariants(q)).toEqual({ none: 100, prepay: 95, call: 90, combined: 85.5 });
  });
});

describe('the problems the card lists', () => {
  const zero = { code: 'ZERO_SALE', severity: 'error', message: 'zero' } as Problem;
  const lawn = { code: 'LAWN_SIZE_ALERT', severity: 'warning', message: 'lawn' } as Problem;
  const blocked = { code: 'SERVICE_BLOCKED', severity: 'error', message: 'blocked', ref: 12 } as Problem;

  it('hides the $0 sale on an untouched tab', () => {
    expect(visibleProblems(quoteOf({ problems: [zero] }))).toEqual([]);
  });

  it('shows the $0 sale once a line or a problem about a picked item is there', () => {
    expect(visibleProblems(quoteOf({ problems: [zero], lines: [line(0)] }))).toEqual([zero]);
    expect(visibleProblems(quoteOf({ problems: [zero, blocked] }))).toEqual([zero, blocked]);
  });

  it('never lists the lawn size alert', () => {
    expect(visibleProblems(quoteOf({ problems: [lawn, blocked], lines: [line(10)] }))).toEqual([blocked]);
  });
});
