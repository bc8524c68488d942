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
import { ALL_FRANCHISES, type FranchiseSeed } from './reference.js';

/** The first service year with prices; the seed goes on to the year after the current one. */
export const PRICING_FIRST_YEAR = 2025;
/** Prices are those of this year; other years move 3 % a year. */
export const PRICING_BASE_YEAR = 2026;

/** Lawn-size brackets in thousands of square feet: a price applies from its size up to the next one. */
export const SIZE_BRACKETS = [0, 5, 8, 12, 16, 20, 25, 35] as const;

export const SERVICE = {
  PestInitial: 45,
  Preferred: 101,
  Economy: 102,
  PreferredPlus: 103,
  Pest: 201,
  Grub: 301,
  CoreAeration: 310,
  Overseeding: 311,
  TreeShrub: 320,
  Mosquito: 330,
  Lime: 340,
  SoilTest: 350,
} as const;

export const SERVICE_DEFINITIONS = [
  {
    serviceDefId: SERVICE.PestInitial,
    serviceName: 'Pest Initial Payment',
    serviceGroup: 'A' as const,
    description: 'The first pest service, paid at sign-up; it starts the pest program and is never billed monthly.',
  },
  {
    serviceDefId: SERVICE.Preferred,
    serviceName: 'Preferred Program',
    serviceGroup: 'L' as const,
    description:
      'Our full season of lawn care: fertiliser, pre-emergent crabgrass control and broadleaf weed control at every round, with a free soil test.',
  },
  {
    serviceDefId: SERVICE.Economy,
    serviceName: 'Economy Program',
    serviceGroup: 'L' as const,
    description: 'Fertiliser and weed control at fewer rounds: the essentials for a healthy lawn.',
  },
  {
    serviceDefId: SERVICE.PreferredPlus,
    serviceName: 'Preferred Plus Program',
    serviceGroup: 'L' as const,
    description: 'The Preferred Program with grub control at a discount: the lawn care most customers choose.',
  },
  {
    serviceDefId: SERVICE.Pest,
    serviceName: 'Pest Control Program',
    serviceGroup: 'P' as const,
    description: 'Year-round perimeter pest control for ants, spiders and other household pests, billed monthly.',
  },
  {
    serviceDefId: SERVICE.Grub,
    serviceName: 'Grub Control',
    serviceGroup: 'A' as const,
    description: 'One preventive application that stops grubs before they eat the roots of the lawn.',
  },
  {
    serviceDefId: SERVICE.CoreAeration,
    serviceName: 'Core Aeration',
    serviceGroup: 'A' as const,
    description: 'Pulls plugs of soil to let air, water and fertiliser reach the roots; best in spring or fall.',
  },
  {
    serviceDefId: SERVICE.Overseeding,
    serviceName: 'Aeration & Overseeding',
    serviceGroup: 'A' as const,
    description: 'Core aeration followed by premium seed to thicken thin lawns.',
  },
  {
    serviceDefId: SERVICE.TreeShrub,
    serviceName: 'Tree & Shrub Care',
    serviceGroup: 'A' as const,
    description: 'Feeding and insect control for ornamental trees and shrubs; sold with a lawn program.',
  },
  {
    serviceDefId: SERVICE.Mosquito,
    serviceName: 'Mosquito Control',
    serviceGroup: 'A' as const,
    description: 'Monthly barrier treatment of the yard from spring to fall, billed monthly.',
  },
  {
    serviceDefId: SERVICE.Lime,
    serviceName: 'Lime Treatment',
    serviceGroup: 'A' as const,
    description: 'Raises the pH of acid soil so the lawn can use its fertiliser.',
  },
  {
    serviceDefId: SERVICE.SoilTest,
    serviceName: 'Soil Test',
    serviceGroup: 'A' as const,
    description: 'A laboratory analysis of the soil with recommendations; included in the Preferred programs.',
  },
];

/** Base prices in dollars (PRICING_BASE_YEAR, factor 1): one per bracket, or a single flat price. */
const LAWN_PRICES = {
  preferred: [42, 48, 55, 62, 70, 79, 92, 110],
  economy: [35, 40, 46, 52, 58, 66, 77, 92],
  preferredPlus: [50, 57, 65, 73, 82, 92, 107, 128],
};
interface AdditionalSeed {
  serviceDefId: number;
  code: string;
  gl: string;
  prices: number[];
  monthly?: boolean;
  bundleOnly?: boolean;
}
const ADDITIONAL: AdditionalSeed[] = [
  { serviceDefId: SERVICE.Grub, code: 'GRB', gl: '4100', prices: [79, 89, 99, 115, 129, 145, 169, 199] },
  { serviceDefId: SERVICE.CoreAeration, code: 'AER', gl: '4200', prices: [99, 115, 135, 155, 175, 199, 239, 289] },
  { serviceDefId: SERVICE.Overseeding, code: 'AOS', gl: '4200', prices: [199, 239, 279, 329, 379, 429, 499, 599] },
  { serviceDefId: SERVICE.Lime, code: 'LIM', gl: '4250', prices: [59, 69, 79, 92, 105, 119, 139, 159] },
  { serviceDefId: SERVICE.TreeShrub, code: 'TSC', gl: '4400', prices: [189], bundleOnly: true },
  { serviceDefId: SERVICE.Mosquito, code: 'MOS', gl: '4300', prices: [39], monthly: true },
  { serviceDefId: SERVICE.SoilTest, code: 'SOI', gl: '4600', prices: [49] },
];
const PEST = { initialPayment: 99, initialFee: 149, monthly: 45 };

/** Which programs a franchise sells: most sell everything; these leave something out. */
const NO_ECONOMY = new Set([18002, 18010, 17504]);
const NO_PREFERRED = new Set([18008]);
const NO_PEST = new Set([18004, 18010, 17503, 17508]);
/** Franchises that take no monthly installments (billing application 1, payment 4). */
const NO_MONTHLY_PAYMENT = new Set([18003, 17506]);

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

export async function seedPricing(tx: DbOrTx, options: { now?: Date } = {}): Promise<void> {
  const lastYear = Math.max(PRICING_BASE_YEAR, (options.now ?? new Date()).getUTCFullYear()) + 1;
  const years: number[] = [];
  for (let y = PRICING_FIRST_YEAR; y <= lastYear; y++) years.push(y);

  await tx.insert(billingFrequencies).values([
    { billingFrequencyId: 1, name: 'Initial or One-Time' },
    { billingFrequencyId: 2, name: 'Monthly' },
  ]);
  await tx.insert(serviceDefinitions).values(SERVICE_DEFINITIONS);

  const rates = ALL_FRANCHISES.map((f) => {
    const sameDesignation = ALL_FRANCHISES.filter((o) => o.designation === f.designation);
    return { f, r: franchiseRates(f, sameDesignation.indexOf(f)) };
  });

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
    ALL_FRANCHISES.flatMap((f) => [
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

  // The price list: items first (their ids come back in order), then their bracket prices and bundles.
  const items: ItemRow[] = [];
  const pricesOf: { prices: number[]; factor: number; year: number; flat?: boolean }[] = [];
  const add = (row: ItemRow, prices: number[], factor: number, year: number) => {
    items.push({
      ...row,
      sortOrder: items.filter((i) => i.sqldbid === row.sqldbid && i.serviceYear === row.serviceYear).length,
    });
    pricesOf.push({ prices, factor, year });
  };
  for (const { f, r } of rates) {
    const preferred = !NO_PREFERRED.has(f.sqldbid);
    const economy = !NO_ECONOMY.has(f.sqldbid);
    const pest = !NO_PEST.has(f.sqldbid);
    for (const year of years) {
      const base = { sqldbid: f.sqldbid, serviceYear: year, glAccount: '4000' };
      if (preferred) {
        add(
          {
            ...base,
            serviceDefId: SERVICE.Preferred,
            serviceName: 'Preferred Program',
            serviceCode: 'PP',
            totalRounds: r.rounds.preferred,
          },
          LAWN_PRICES.preferred,
          r.factor,
          year,
        );
      }
      if (economy) {
        add(
          {
            ...base,
            serviceDefId: SERVICE.Economy,
            serviceName: 'Economy Program',
            serviceCode: 'EC',
            totalRounds: r.rounds.economy,
          },
          LAWN_PRICES.economy,
          r.factor,
          year,
        );
      }
      if (preferred) {
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
          r.factor,
          year,
        );
      }
      if (pest) {
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
          r.factor,
          year,
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
          r.factor,
          year,
        );
      }
    }
  }
  const ids: number[] = [];
  await insertChunked(items, async (chunk) => {
    const inserted = await tx.insert(priceListItems).values(chunk).returning({ id: priceListItems.id });
    for (const row of inserted) ids.push(row.id);
  });
  const prices: PriceRow[] = [];
  const bundles: (typeof bundledServices.$inferInsert)[] = [];
  items.forEach((item, i) => {
    const id = ids[i];
    const p = pricesOf[i];
    if (id === undefined || !p) throw new Error('price list item without an id');
    prices.push(...bracketRows(id, p.prices, p.factor, p.year));
    if (item.serviceDefId === SERVICE.Preferred || item.serviceDefId === SERVICE.PreferredPlus) {
      bundles.push({ programItemId: id, serviceDefId: SERVICE.SoilTest });
    }
  });
  await insertChunked(prices, (chunk) => tx.insert(priceListPrices).values(chunk));
  if (bundles.length > 0) await tx.insert(bundledServices).values(bundles);

  // Offers and coupons: for the programs and services the franchise sells.
  const offerRows: (typeof offers.$inferInsert)[] = [];
  const couponRows: (typeof coupons.$inferInsert)[] = [];
  for (const { f } of rates) {
    const preferred = !NO_PREFERRED.has(f.sqldbid);
    const economy = !NO_ECONOMY.has(f.sqldbid);
    const pest = !NO_PEST.has(f.sqldbid);
    for (const serviceYear of years) {
      const base = { sqldbid: f.sqldbid, serviceYear };
      const list: (typeof offers.$inferInsert)[] = [];
      if (preferred) {
        list.push(
          {
            ...base,
            templateId: 1,
            description: 'First application free',
            pricingRule: 'FreeVisit',
            serviceDefId: SERVICE.Preferred,
            serviceGroup: 'L',
            audience: 'new',
          },
          {
            ...base,
            templateId: 5,
            description: '$25 off the Preferred Program',
            pricingRule: 'Reduce',
            priceRuleValue: '25.00',
            serviceDefId: SERVICE.Preferred,
            serviceGroup: 'L',
          },
          {
            ...base,
            templateId: 2,
            description: '3 applications for the price of 2',
            pricingRule: 'FreeVisit',
            kind: '3-for-2',
            serviceDefId: SERVICE.PreferredPlus,
            serviceGroup: 'L',
          },
        );
      }
      if (economy) {
        list.push({
          ...base,
          templateId: 7,
          description: '2 applications for the price of 1',
          pricingRule: 'FreeVisit',
          kind: '2-for-1',
          serviceDefId: SERVICE.Economy,
          serviceGroup: 'L',
          audience: 'new',
        });
      }
      list.push(
        {
          ...base,
          templateId: 3,
          description: 'Free grub control',
          pricingRule: 'FreeService',
          serviceDefId: SERVICE.Grub,
          serviceGroup: 'A',
        },
        {
          ...base,
          templateId: 4,
          description: 'Core aeration for $99',
          pricingRule: 'Priced',
          priceRuleValue: '99.00',
          serviceDefId: SERVICE.CoreAeration,
          serviceGroup: 'A',
        },
        {
          ...base,
          templateId: 6,
          description: '15% off aeration & overseeding',
          pricingRule: 'Reduce',
          kind: 'percent-off',
          priceRuleValue: '15.00',
          serviceDefId: SERVICE.Overseeding,
          serviceGroup: 'A',
        },
        {
          ...base,
          templateId: 8,
          description: 'One additional service free',
          pricingRule: 'FreeService',
          serviceDefId: 0,
          serviceGroup: 'A',
          audience: 'existing',
        },
      );
      list.forEach((o, i) => offerRows.push({ ...o, sortOrder: i }));

      couponRows.push({ ...base, couponCode: 'SAVE20', couponTypeId: 1, description: '$20 off', value: '20.00' });
      couponRows.push({
        ...base,
        couponCode: 'SPRING10',
        couponTypeId: 1,
        description: '10% off',
        value: '10.00',
        isPercent: true,
      });
      couponRows.push({
        ...base,
        couponCode: 'GRUB10',
        couponTypeId: 2,
        serviceId: SERVICE.Grub,
        description: '10% off grub control',
        value: '10.00',
        isPercent: true,
      });
      if (preferred) {
        couponRows.push({
          ...base,
          couponCode: 'PREF15',
          couponTypeId: 3,
          serviceId: SERVICE.Preferred,
          description: '$15 off the Preferred Program',
          value: '15.00',
        });
      }
      if (pest) {
        couponRows.push({
          ...base,
          couponCode: 'PEST50',
          couponTypeId: 1,
          serviceId: SERVICE.PestInitial,
          description: '$50 off the pest initial payment',
          value: '50.00',
        });
      }
    }
  }
  await insertChunked(offerRows, (chunk) => tx.insert(offers).values(chunk));
  await insertChunked(couponRows, (chunk) => tx.insert(coupons).values(chunk));
}
