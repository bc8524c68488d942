/**
 * Demo pricing data: the service catalogue, and for every franchise and service year its rates, a full price list
 * priced by lawn-size bracket, bundles, offers, coupons and billing payment types. Some franchises sell no
 * Economy Program, no Preferred Program or no pest program, so the screen's placeholders show. Deterministic:
 * the same franchises and years always give the same rows (and the same ids, inserted in the same order).
 */
import type { DbOrTx } from '../client.js';
import {
  billingFrequencies,
  bundledServices,
  coupons,
  franchiseBillingPayments,
  franchisePricing,
  offers,
  priceListItems,
  priceListPrices,
  serviceDefinitions,
} from '../schema/index.js';
import {
  ADDITIONAL,
  LAWN_PRICES,
  NO_MONTHLY_PAYMENT,
  PEST,
  PRICING_BASE_YEAR,
  PRICING_FIRST_YEAR,
  SERVICE,
  SERVICE_DEFINITIONS,
  SIZE_BRACKETS,
  sellsOf,
  type Sells,
} from './pricing-catalogue.js';
import { couponRows, offerRows } from './pricing-offers.js';
import { ALL_FRANCHISES, type FranchiseSeed } from './reference.js';

export {
  PRICING_BASE_YEAR,
  PRICING_FIRST_YEAR,
  SERVICE,
  SERVICE_DEFINITIONS,
  SIZE_BRACKETS,
} from './pricing-catalogue.js';

const TAX_BY_STATE: Record<string, number> = {
  NE: 7,
  IA: 7,
  MO: 8.475,
  KS: 7.5,
  OK: 8.517,
  IL: 7.25,
  WI: 5.5,
  IN: 7,
  MN: 7.875,
  OH: 7.5,
  AR: 9.5,
  KY: 6,
};
const NORTHERN = new Set(['MN', 'WI']);
const EARLY = new Set(['KY', 'AR', 'OK', 'MO', 'KS']);
/** Price level of each franchise against the base prices; the first of each designation is the base itself. */
const FACTORS = [1, 1.04, 0.97, 1.08, 0.95, 1.02, 1.1, 0.99, 1.06, 0.93];

export interface FranchiseRates {
  taxRate: number;
  callDiscount: number;
  prepayDiscount: number;
  firstAppTime: string;
  factor: number;
  /** Rounds of the Preferred (and Preferred Plus) and Economy programs. */
  rounds: { preferred: number; economy: number };
}

export function franchiseRates(f: FranchiseSeed, index: number): FranchiseRates {
  const state = f.branches[0]?.state ?? 'IL';
  const northern = NORTHERN.has(state);
  return {
    taxRate: TAX_BY_STATE[state] ?? 7,
    callDiscount: index % 3 === 2 ? 15 : 10,
    prepayDiscount: index % 4 === 3 ? 8 : 5,
    firstAppTime: northern ? '04-01' : EARLY.has(state) ? '03-01' : '03-15',
    factor: FACTORS[index % FACTORS.length] ?? 1,
    rounds: northern ? { preferred: 5, economy: 4 } : { preferred: 6, economy: 5 },
  };
}

/** A base price in dollars at a franchise's level and a year's change, as cents ending in 95 (e.g. $54.95). */
function listPrice(dollars: number, factor: number, year: number, ending95 = true): string {
  const raised = dollars * factor * (1 + 0.03 * (year - PRICING_BASE_YEAR));
  const whole = Math.max(1, Math.round(raised));
  return ending95 ? `${whole - 1}.95` : `${whole}.00`;
}

function bracketRows(itemId: number, prices: number[], factor: number, year: number) {
  return prices.map((p, i) => ({
    itemId,
    sizeFrom: (SIZE_BRACKETS[i] ?? 0).toFixed(2),
    price: listPrice(p, factor, year),
  }));
}

type ItemRow = typeof priceListItems.$inferInsert;
type PriceRow = typeof priceListPrices.$inferInsert;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A price list item with the base prices of its brackets (one for a flat price). */
interface ItemSeed {
  row: ItemRow;
  prices: number[];
}

/** A franchise's price list items of a year, in the screen's order. */
function itemSeeds(f: FranchiseSeed, r: FranchiseRates, year: number, sells: Sells): ItemSeed[] {
  const seeds: ItemSeed[] = [];
  const add = (row: ItemRow, prices: number[]) => seeds.push({ row: { ...row, sortOrder: seeds.length }, prices });
  const base = { sqldbid: f.sqldbid, serviceYear: year, glAccount: '4000' };
  if (sells.preferred) {
    add(
      {
        ...base,
        serviceDefId: SERVICE.Preferred,
        serviceName: 'Preferred Program',
        serviceCode: 'PP',
        totalRounds: r.rounds.preferred,
      },
      LAWN_PRICES.preferred,
    );
  }
  if (sells.economy) {
    add(
      {
        ...base,
        serviceDefId: SERVICE.Economy,
        serviceName: 'Economy Program',
        serviceCode: 'EC',
        totalRounds: r.rounds.economy,
      },
      LAWN_PRICES.economy,
    );
  }
  if (sells.preferred) {
    add(
      {
        ...base,
        serviceDefId: SERVICE.PreferredPlus,
        serviceName: 'Preferred Plus Program',
        serviceCode: 'PPG',
        totalRounds: r.rounds.preferred,
        preferredPlusDiscount: f.sqldbid % 2 === 0 ? '25' : '20',
        linkedServiceDefId: SERVICE.Grub,
      },
      LAWN_PRICES.preferredPlus,
    );
  }
  if (sells.pest) {
    add(
      {
        ...base,
        glAccount: '5000',
        serviceDefId: SERVICE.Pest,
        serviceName: 'Pest Control Program',
        serviceCode: 'PCP',
        billingFrequencyId: 2,
        initialPayment: listPrice(PEST.initialPayment, r.factor, year, false),
        initialFee: listPrice(PEST.initialFee, r.factor, year, false),
      },
      [PEST.monthly],
    );
  }
  for (const a of ADDITIONAL) {
    add(
      {
        ...base,
        glAccount: a.gl,
        serviceDefId: a.serviceDefId,
        serviceName: SERVICE_DEFINITIONS.find((d) => d.serviceDefId === a.serviceDefId)?.serviceName ?? '',
        serviceCode: a.code,
        billingFrequencyId: a.monthly ? 2 : 1,
        bundleOnly: a.bundleOnly === true,
      },
      a.prices,
    );
  }
  return seeds;
}

interface Rated {
  f: FranchiseSeed;
  r: FranchiseRates;
}

/** The billing frequencies, the catalogue, and each franchise's rates and payment types per year. */
async function seedTerms(tx: DbOrTx, rates: Rated[], years: number[]): Promise<void> {
  await tx.insert(billingFrequencies).values([
    { billingFrequencyId: 1, name: 'Initial or One-Time' },
    { billingFrequencyId: 2, name: 'Monthly' },
  ]);
  await tx.insert(serviceDefinitions).values(SERVICE_DEFINITIONS);
  await tx.insert(franchisePricing).values(
    rates.flatMap(({ f, r }) =>
      years.map((serviceYear) => ({
        sqldbid: f.sqldbid,
        serviceYear,
        taxRate: String(r.taxRate),
        callDiscount: String(r.callDiscount),
        prepayDiscount: String(r.prepayDiscount),
        firstAppTime: r.firstAppTime,
      })),
    ),
  );
  await tx.insert(franchiseBillingPayments).values(
    rates.flatMap(({ f }) => [
      { sqldbid: f.sqldbid, billingAppTypeId: 1, paymentId: 1, paymentName: 'Credit Card', enabled: true },
      { sqldbid: f.sqldbid, billingAppTypeId: 1, paymentId: 2, paymentName: 'Bank Draft (ACH)', enabled: true },
      {
        sqldbid: f.sqldbid,
        billingAppTypeId: 1,
        paymentId: 4,
        paymentName: 'Monthly Installments',
        enabled: !NO_MONTHLY_PAYMENT.has(f.sqldbid),
      },
    ]),
  );
}

/** The price list: items first (their ids come back in order), then their bracket prices and bundles. */
async function seedPriceList(tx: DbOrTx, rates: Rated[], years: number[]): Promise<void> {
  const seeds = rates.flatMap(({ f, r }) =>
    years.flatMap((year) =>
      itemSeeds(f, r, year, sellsOf(f.sqldbid)).map((seed) => ({ ...seed, factor: r.factor, year })),
    ),
  );
  const ids: number[] = [];
  await insertChunked(
    seeds.map((s) => s.row),
    async (chunk) => {
      const inserted = await tx.insert(priceListItems).values(chunk).returning({ id: priceListItems.id });
      for (const row of inserted) ids.push(row.id);
    },
  );
  const prices: PriceRow[] = [];
  const bundles: (typeof bundledServices.$inferInsert)[] = [];
  seeds.forEach((seed, i) => {
    const id = ids[i];
    if (id === undefined) throw new Error('price list item without an id');
    prices.push(...bracketRows(id, seed.prices, seed.factor, seed.year));
    if (seed.row.serviceDefId === SERVICE.Preferred || seed.row.serviceDefId === SERVICE.PreferredPlus) {
      bundles.push({ programItemId: id, serviceDefId: SERVICE.SoilTest });
    }
  });
  await insertChunked(prices, (chunk) => tx.insert(priceListPrices).values(chunk));
  if (bundles.length > 0) await tx.insert(bundledServices).values(bundles);
}

export async function seedPricing(tx: DbOrTx, options: { now?: Date } = {}): Promise<void> {
  const lastYear = Math.max(PRICING_BASE_YEAR, (options.now ?? new Date()).getUTCFullYear()) + 1;
  const years: number[] = [];
  for (let y = PRICING_FIRST_YEAR; y <= lastYear; y++) years.push(y);
  const rates = ALL_FRANCHISES.map((f) => {
    const sameDesignation = ALL_FRANCHISES.filter((o) => o.designation === f.designation);
    return { f, r: franchiseRates(f, sameDesignation.indexOf(f)) };
  });
  await seedTerms(tx, rates, years);
  await seedPriceList(tx, rates, years);
  // Offers and coupons: for the programs and services the franchise sells.
  const each = rates.flatMap(({ f }) => years.map((year) => ({ f, year, sells: sellsOf(f.sqldbid) })));
  const offerList = each.flatMap(({ f, year, sells }) => offerRows(f.sqldbid, year, sells));
  const couponList = each.flatMap(({ f, year, sells }) => couponRows(f.sqldbid, year, sells));
  await insertChunked(offerList, (chunk) => tx.insert(offers).values(chunk));
  await insertChunked(couponList, (chunk) => tx.insert(coupons).values(chunk));
}
