/**
 * What the Sale Totals card shows, worked out from the quote apart from how it is drawn: the money rows of its
 * table, the total under each discount variant and which of the engine's problems the CSR should see.
 */
import { formatPercent, type DiscountCase, type Quote } from '@cc/domain';

export interface TotalsRow {
  label: string;
  value: number;
  testId: string;
}

export interface TotalsTable {
  /** The order lines at list price, before any discount. */
  list: number;
  /** Each discount that takes something off, as the positive amount taken. */
  discounts: TotalsRow[];
  /** The parts the subtotal is made of, only those with something in them. */
  buckets: TotalsRow[];
}

/** The rows of the totals table between the list price and the tax: the discounts given and the buckets sold. */
export function totalsTable(quote: Quote): TotalsTable {
  const t = quote.totals;
  const list = quote.lines.reduce((sum, l) => sum + l.extendedPrice, 0);
  const discount = (key: 'call' | 'prepay') => quote.lines.reduce((sum, l) => sum + l.discounts[key], 0);
  const discounts: [string, number][] = [
    ['Offer', t.offerDiscount],
    ['Preferred Plus', t.preferredPlusDiscount],
    [`Call discount (${formatPercent(quote.rates.callDiscountPercent)})`, discount('call')],
    [`Prepay discount (${formatPercent(quote.rates.prepayPercent)})`, discount('prepay')],
    ['Coupon', t.couponDiscount],
  ];
  const buckets: TotalsRow[] = [
    {
      label: `Lawn care (${t.applications} ${t.applications === 1 ? 'round' : 'rounds'})`,
      value: t.lawncareTotal,
      testId: 'total-lawncare',
    },
    { label: 'Additional services', value: t.additionalServicesTotal, testId: 'total-additional' },
    { label: 'Pest initial payment', value: t.pestInitialTotal, testId: 'total-pest-initial' },
    { label: `Pest monthly (${quote.months} months)`, value: t.pestMonthlyTotal, testId: 'total-pest-monthly' },
  ];
  return {
    list,
    discounts: discounts
      .filter(([, value]) => value > 0)
      .map(([label, value]) => ({ label, value, testId: `discount-${label.split(' ')[0]?.toLowerCase() ?? ''}` })),
    buckets: buckets.filter((row) => row.value > 0),
  };
}

/** The four discount variants in the order the card shows them. */
export const DISCOUNT_CASES: readonly { key: DiscountCase; label: string }[] = [
  { key: 'none', label: 'No discount' },
  { key: 'prepay', label: 'Prepay' },
  { key: 'call', label: 'Call discount' },
  { key: 'combined', label: 'Both' },
];

/** The sale's total under each discount variant, whichever one the CSR has picked. */
export function discountVariants(quote: Quote): Record<DiscountCase, number> {
  const t = quote.totals;
  return { none: t.totalCost, prepay: t.prepayTotal, call: t.callDiscountTotal, combined: t.combinedTotal };
}

/**
 * The problems the card lists. The lawn size alert has its own dialog on the screen, and the $0 sale matters
 * only once something is picked: an untouched tab is not an error yet.
 */
export function visibleProblems(quote: Quote): Quote['problems'] {
  const picked = quote.lines.length > 0 || quote.problems.some((p) => p.ref !== undefined);
  return quote.problems.filter((p) => p.code !== 'LAWN_SIZE_ALERT' && (p.code !== 'ZERO_SALE' || picked));
}
