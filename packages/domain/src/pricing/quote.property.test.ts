/**
 * Properties of the engine over random pricing data, selections, flags, edits and dates (docs/pricing.md P20):
 * nothing is ever negative, the lines add up to the totals to the cent, and no offer or coupon prices below zero.
 */
import { describe, it } from 'vitest';
import fc from 'fast-check';
import { FRANCHISE_DATA } from './fixtures.js';
import { quote } from './quote.js';
import type {
  AdditionalService,
  Coupon,
  LawnProgram,
  Offer,
  PestProgram,
  PricingData,
  Quote,
  QuoteInput,
} from './types.js';

const cents = fc.integer({ min: 0, max: 500_000 });
const percent2 = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);
const percent4 = fc.integer({ min: 0, max: 200_000 }).map((n) => n / 10_000);
const GL = ['4100', '4200', '4300', null] as const;

const lawnProgram = (id: number): fc.Arbitrary<LawnProgram> =>
  fc.record({
    Id: fc.constant(id),
    ServiceDefId: fc.constant(100 + id),
    ServiceName: fc.constantFrom('Preferred Program', 'Economy Program', 'Preferred Plus Grub', 'Organic Program'),
    FinalPrice: cents,
    TotalRounds: fc.integer({ min: 0, max: 9 }),
    RemainRounds: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
    PreferredPlusServiceDiscount: fc.option(percent2, { nil: undefined }),
    linkedServiceDefId: fc.option(fc.integer({ min: 201, max: 206 }), { nil: undefined }),
    ServiceNamePlus: fc.constantFrom('Service 1', 'Service 2', undefined),
    bundledServices: fc.option(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 2 }), { nil: undefined }),
  });

const additionalService = (id: number): fc.Arbitrary<AdditionalService> =>
  fc.record({
    Id: fc.constant(id),
    ServiceDefId: fc.constant(id === 6 ? 45 : 200 + id),
    ServiceName: fc.constant(`Service ${id}`),
    FinalPrice: cents,
    gl_account: fc.constantFrom(...GL),
    fk_BillingFrequencyID: fc.constantFrom(1 as const, 2 as const, undefined),
    bundleOnly: fc.boolean(),
  });

const pestProgram: fc.Arbitrary<PestProgram> = fc.record({
  Id: fc.constant(1),
  ServiceDefId: fc.constant(301),
  ServiceName: fc.constant('Pest Control Program'),
  InitialPayment: cents,
  InitialFee: fc.option(cents, { nil: undefined }),
  FinalPrice: cents,
});

const serviceDefinition = fc.oneof(
  fc.record({ id: fc.integer({ min: 100, max: 104 }), serviceGroup: fc.constant('L' as const) }),
  fc.record({ id: fc.constantFrom(0, 201, 202, 203, 204, 205, 206), serviceGroup: fc.constant('A' as const) }),
);

const offer = (id: number): fc.Arbitrary<Offer> =>
  fc
    .record({
      pricingRule: fc.constantFrom('FreeVisit' as const, 'FreeService' as const, 'Priced' as const, 'Reduce' as const),
      kind: fc.constantFrom(
        'free-visit' as const,
        '2-for-1' as const,
        '3-for-2' as const,
        'percent-off' as const,
        null,
      ),
      money: cents,
      pct: percent2,
      serviceDefinition,
    })
    .map(({ pricingRule, kind, money, pct, serviceDefinition }) => ({
      id,
      description: `Offer ${id}`,
      pricingRule,
      kind,
      priceRuleValue: kind === 'percent-off' ? pct : money,
      serviceDefinition,
    }));

const coupon = (i: number): fc.Arbitrary<Coupon> =>
  fc
    .record({
      type: fc.constantFrom(1 as const, 2 as const, 3 as const),
      serviceId: fc.constantFrom(null, 45, 101, 102, 201, 202, 203),
      isPercent: fc.boolean(),
      money: cents,
      pct: percent2,
    })
    .map(({ type, serviceId, isPercent, money, pct }) => ({
      CouponCode: `C${i}`,
      CouponTypeID: type,
      ServiceId: serviceId,
      IsPercent: isPercent,
      Value: isPercent ? pct : money,
    }));

const pricingData: fc.Arbitrary<PricingData> = fc.record({
  franchise: fc.record({
    TaxRate: percent4.map((p) => Math.min(p, 15)),
    CallDiscount: percent2,
    PrePayDiscount: percent2,
    FirstAppTime: fc.constantFrom('03-15', '04/01', '2024-02-20', null),
  }),
  lawnPrograms: fc.tuple(lawnProgram(1), lawnProgram(2), lawnProgram(3)),
  pestPrograms: fc.tuple(pestProgram),
  additionalServices: fc.tuple(...[1, 2, 3, 4, 5, 6].map(additionalService)),
  offers: fc.tuple(...[1, 2, 3, 4, 5, 6].map(offer)),
  coupons: fc.tuple(...[1, 2, 3, 4].map(coupon)),
});

const day = fc
  .date({ min: new Date('2024-01-01'), max: new Date('2026-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const tristate = fc.constantFrom(true, false, undefined);

const quoteInput = (data: fc.Arbitrary<PricingData>): fc.Arbitrary<QuoteInput> =>
  fc.record({
    data,
    selections: fc.record({
      lawnProgramId: fc.constantFrom(1, 2, 3, 4, null),
      pestProgramId: fc.constantFrom(1, 2, null),
      additionalServiceIds: fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 6 }),
      offerId: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, null),
      couponCode: fc.constantFrom('C1', 'c2', 'C3', 'C4', 'NONE', null),
      freeServiceId: fc.constantFrom(1, 2, 3, null),
      billDay: fc.constantFrom(1 as const, 15 as const, null),
    }),
    flags: fc.record({ prepay: tristate, callDiscount: tristate, monthlyPayment: tristate }),
    edits: fc.record({
      lawnPrice: fc.option(fc.integer({ min: -100, max: 50_000 }), { nil: undefined }),
      roundCount: fc.option(fc.integer({ min: -1, max: 10 }), { nil: undefined }),
      callDiscountPercent: fc.option(fc.oneof(percent2, fc.constant(150)), { nil: undefined }),
      prepayPercent: fc.option(percent2, { nil: undefined }),
    }),
    customer: fc.record({ isExisting: fc.boolean(), lawnSize: fc.option(fc.double({ min: 0, max: 40, noNaN: true })) }),
    date: day,
    serviceYear: fc.option(fc.integer({ min: 2024, max: 2027 }), { nil: undefined }),
  });

const MONEY_TOTALS = [
  'appCost',
  'subtotal',
  'salesTax',
  'totalCost',
  'prepayDiscount',
  'prepaySubTotal',
  'prepaySalesTax',
  'prepayTotal',
  'callDiscount',
  'callDiscountSubTotal',
  'callDiscountSalesTax',
  'callDiscountTotal',
  'combinedDiscount',
  'combinedSubTotal',
  'combinedSalesTax',
  'combinedTotal',
  'saleSubTotal',
  'saleSalesTax',
  'saleTotal',
  'lawncareTotal',
  'additionalServicesTotal',
  'pestInitialTotal',
  'pestMonthlyTotal',
  'pestMonthlyPrice',
  'duePestInitialTotal',
  'dueMonthlyTotal',
  'offerDiscount',
  'preferredPlusDiscount',
  'couponDiscount',
] as const;

function expectWholeNonNegative(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${what} is ${value}`);
}

function checkNeverNegative(q: Quote) {
  for (const k of MONEY_TOTALS) expectWholeNonNegative(q.totals[k], k);
  for (const l of q.lines) {
    for (const k of ['unitPrice', 'extendedPrice', 'unitPriceSold', 'extendedPriceSold', 'tax', 'total'] as const) {
      expectWholeNonNegative(l[k], `${l.serviceName} ${k}`);
    }
    for (const [k, v] of Object.entries(l.discounts)) expectWholeNonNegative(v, `${l.serviceName} ${k} discount`);
    if (l.monthly) {
      expectWholeNonNegative(l.monthly.amount, 'monthly amount');
      expectWholeNonNegative(l.monthly.lastAmount, 'last monthly amount');
    }
  }
}

/** A cheap equality check: these run tens of thousands of times, where expect() would dominate the run time. */
function eq(actual: unknown, expected: unknown, what: string) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`);
  }
}
function atMost(value: number, limit: number, what: string) {
  if (!(value <= limit)) throw new Error(`${what}: ${value} is more than ${limit}`);
}

function checkAddsUp(q: Quote) {
  const t = q.totals;
  let sub = 0;
  let tax = 0;
  let total = 0;
  let monthly = 0;
  for (const l of q.lines) {
    const d = l.discounts;
    const name = l.serviceName;
    eq(l.extendedPrice, l.unitPrice * l.quantity, `${name} extendedPrice = unitPrice × quantity`);
    eq(
      l.extendedPriceSold,
      l.extendedPrice - d.offer - d.preferredPlus - d.call - d.prepay - d.coupon,
      `${name} extendedPriceSold = extendedPrice − discounts`,
    );
    atMost(l.extendedPriceSold, l.extendedPrice, `${name} sold price`);
    eq(l.total, l.extendedPriceSold + l.tax, `${name} total`);
    if (l.quantity <= 0) throw new Error(`${name} has quantity ${l.quantity}`);
    if (l.monthly) {
      eq(l.installment, true, `${name} installment`);
      eq(l.monthly.amount * (l.remainMonths - 1) + l.monthly.lastAmount, l.total, `${name} months add up`);
      monthly += l.monthly.amount;
    } else {
      eq(l.remainMonths, 0, `${name} remainMonths`);
    }
    if (l.serviceDefId === 45) eq([l.installment, l.orderItem], [false, false], 'service 45');
    sub += l.extendedPriceSold;
    tax += l.tax;
    total += l.total;
  }
  eq([sub, tax, total], [t.saleSubTotal, t.saleSalesTax, t.saleTotal], 'lines add up to the sale');
  eq(
    t.lawncareTotal + t.additionalServicesTotal + t.pestInitialTotal + t.pestMonthlyTotal,
    t.saleSubTotal,
    'buckets add up to the subtotal',
  );
  eq(t.dueMonthlyTotal, monthly, 'dueMonthlyTotal');
  const variants = {
    none: [t.subtotal, t.salesTax, t.totalCost],
    prepay: [t.prepaySubTotal, t.prepaySalesTax, t.prepayTotal],
    call: [t.callDiscountSubTotal, t.callDiscountSalesTax, t.callDiscountTotal],
    combined: [t.combinedSubTotal, t.combinedSalesTax, t.combinedTotal],
  } as const;
  eq(variants[q.case], [t.saleSubTotal, t.saleSalesTax, t.saleTotal], 'the chosen variant is the sale');
  for (const [name, [s, x, y]] of Object.entries(variants)) eq(s + x, y, `${name}: subtotal + tax = total`);
  // A discount never raises a price: each variant costs no more than one with fewer discounts.
  atMost(t.prepaySubTotal, t.subtotal, 'prepay subtotal');
  atMost(t.callDiscountSubTotal, t.subtotal, 'call subtotal');
  atMost(t.combinedSubTotal, Math.min(t.prepaySubTotal, t.callDiscountSubTotal), 'combined subtotal');
  atMost(t.prepayTotal, t.totalCost, 'prepay total');
  atMost(t.callDiscountTotal, t.totalCost, 'call total');
  atMost(t.combinedTotal, Math.min(t.prepayTotal, t.callDiscountTotal), 'combined total');
  if (q.flags.monthlyPayment) eq(q.flags.prepay, false, 'monthly payment disables prepay');
  eq(
    q.problems.some((p) => p.code === 'ZERO_SALE'),
    t.saleSubTotal === 0,
    'ZERO_SALE exactly when the sale is $0.00',
  );
}

/** The heavier properties get room on a busy CI machine; they take about a second on an idle one. */
const SLOW = 60_000;

describe('P20 properties of every quote', () => {
  it(
    'property: totals, lines, discounts and monthly amounts are never negative',
    () => {
      fc.assert(
        fc.property(quoteInput(pricingData), (i) => checkNeverNegative(quote(i))),
        { numRuns: 1000 },
      );
    },
    SLOW,
  );

  it(
    'property: lines add up to the totals to the cent, and each variant adds up',
    () => {
      fc.assert(
        fc.property(quoteInput(pricingData), (i) => checkAddsUp(quote(i))),
        { numRuns: 1000 },
      );
    },
    SLOW,
  );

  it(
    'property: no combination of offer and coupon prices below zero (every pair, random flags and edits)',
    () => {
      const data = FRANCHISE_DATA;
      const everyOffer = [null, ...data.offers.map((o) => o.id)];
      const everyCoupon = [null, ...data.coupons.map((c) => c.CouponCode)];
      fc.assert(
        fc.property(
          quoteInput(fc.constant(data)),
          fc.constantFrom(1, 2, 3, null),
          fc.subarray([11, 12, 13, 14, 15]),
          (base, lawnProgramId, additionalServiceIds) => {
            for (const offerId of everyOffer) {
              for (const couponCode of everyCoupon) {
                const q = quote({
                  ...base,
                  selections: { ...base.selections, lawnProgramId, additionalServiceIds, offerId, couponCode },
                });
                checkNeverNegative(q);
                checkAddsUp(q);
              }
            }
          },
        ),
        { numRuns: 40 },
      );
    },
    SLOW,
  );

  it('property: a big coupon or offer cannot push a cheap sale below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.boolean(),
        (price, value, prepay) => {
          const data: PricingData = {
            ...FRANCHISE_DATA,
            coupons: [{ CouponCode: 'BIG', CouponTypeID: 1, ServiceId: null, Value: value }],
            offers: [
              {
                id: 1,
                description: 'Huge reduction',
                pricingRule: 'Reduce',
                priceRuleValue: value,
                serviceDefinition: { id: 101, serviceGroup: 'L' },
              },
            ],
          };
          const q = quote({
            data,
            selections: { lawnProgramId: 1, additionalServiceIds: [12], offerId: 1, couponCode: 'BIG' },
            flags: { prepay, callDiscount: true },
            edits: { lawnPrice: price },
            customer: { isExisting: false },
            date: '2025-03-01',
          });
          checkNeverNegative(q);
          checkAddsUp(q);
        },
      ),
    );
  });
});
