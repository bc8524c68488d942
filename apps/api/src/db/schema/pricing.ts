/**
 * Pricing data (call-handling.md §3 "Pricing data", §9): the service catalogue, and per franchise (sqldbid) and
 * service year its rates, its price list with prices by lawn-size bracket, the services bundled in its lawn
 * programs, its offers and coupons. Money is numeric(12,2); percents numeric(7,4) (7.25 means 7.25 %).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 7, scale: 4 });

/** Billing frequency ids (§9): 1 initial or one-time, 2 monthly. */
export const billingFrequencies = pgTable('billing_frequencies', {
  billingFrequencyId: integer('billing_frequency_id').primaryKey(),
  name: text('name').notNull(),
});

/**
 * The service catalogue every franchise prices from: lawn programs (group L), pest programs (P) and additional
 * services (A). Service 45 is the pest initial-payment bundle.
 */
export const serviceDefinitions = pgTable(
  'service_definitions',
  {
    serviceDefId: integer('service_def_id').primaryKey(),
    serviceName: text('service_name').notNull(),
    serviceGroup: text('service_group').$type<'L' | 'P' | 'A'>().notNull(),
    /** What the CSR reads to the caller (getCallCenterServiceDesc). */
    description: text('description').notNull().default(''),
  },
  (t) => [check('service_definitions_group_check', sql`${t.serviceGroup} in ('L', 'P', 'A')`)],
);

/** A franchise's rates for one service year (franchiseData). */
export const franchisePricing = pgTable(
  'franchise_pricing',
  {
    sqldbid: integer('sqldbid').notNull(),
    serviceYear: integer('service_year').notNull(),
    taxRate: percent('tax_rate').notNull(),
    callDiscount: percent('call_discount').notNull(),
    prepayDiscount: percent('prepay_discount').notNull(),
    /** First application of the lawn season, 'MM-DD'. */
    firstAppTime: text('first_app_time'),
  },
  (t) => [
    primaryKey({ columns: [t.sqldbid, t.serviceYear] }),
    check(
      'franchise_pricing_percent_check',
      sql`${t.taxRate} between 0 and 100 and ${t.callDiscount} between 0 and 100 and ${t.prepayDiscount} between 0 and 100`,
    ),
  ],
);

/**
 * One line of a franchise's price list for a service year: a lawn program, a pest program or an additional
 * service. Its id is the Id the pricing engine and the screen use.
 */
export const priceListItems = pgTable(
  'price_list_items',
  {
    id: serial('id').primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    serviceYear: integer('service_year').notNull(),
    serviceDefId: integer('service_def_id')
      .notNull()
      .references(() => serviceDefinitions.serviceDefId),
    /** The name the franchise sells it under (the engine knows the Preferred Program, Economy and Preferred Plus by name). */
    serviceName: text('service_name').notNull(),
    /** The franchise's own code for the service (getServiceCodesByServicePricing). */
    serviceCode: text('service_code').notNull().default(''),
    /** Picking an additional service blocks the others on its gl_account. */
    glAccount: text('gl_account').notNull().default(''),
    billingFrequencyId: integer('billing_frequency_id')
      .notNull()
      .default(1)
      .references(() => billingFrequencies.billingFrequencyId),
    /** Lawn programs: rounds (applications) in the season. */
    totalRounds: integer('total_rounds'),
    /** Pest programs: paid at sign-up (the service-45 line), and the regular price shown beside it. */
    initialPayment: money('initial_payment'),
    initialFee: money('initial_fee'),
    /** Additional services sold only together with a lawn program (bundleOnlyServices). */
    bundleOnly: boolean('bundle_only').notNull().default(false),
    /** Preferred Plus: percent off its linked additional service. */
    preferredPlusDiscount: percent('preferred_plus_discount'),
    linkedServiceDefId: integer('linked_service_def_id'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('price_list_items_franchise_year_service_idx').on(t.sqldbid, t.serviceYear, t.serviceDefId),
    check('price_list_items_rounds_check', sql`${t.totalRounds} is null or ${t.totalRounds} between 0 and 1000`),
  ],
);

/**
 * Prices by lawn-size bracket (lawn size in thousands of square feet): an item costs the price of its bracket with
 * the largest size_from not above the lawn size. Flat-priced items have one bracket from 0. Lawn programs are
 * priced per round, monthly items per month.
 */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => priceListItems.id, { onDelete: 'cascade' }),
    sizeFrom: numeric('size_from', { precision: 8, scale: 2 }).notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.sizeFrom] }),
    check('price_list_prices_check', sql`${t.sizeFrom} >= 0 and ${t.price} >= 0`),
  ],
);

/** Additional services included in a lawn program (bundledServices): not sold again while it is selected. */
export const bundledServices = pgTable(
  'bundled_services',
  {
    programItemId: integer('program_item_id')
      .notNull()
      .references(() => priceListItems.id, { onDelete: 'cascade' }),
    serviceDefId: integer('service_def_id')
      .notNull()
      .references(() => serviceDefinitions.serviceDefId),
  },
  (t) => [primaryKey({ columns: [t.programItemId, t.serviceDefId] })],
);

/**
 * Offers of a franchise for a service year. priceRuleValue is dollars for Priced and Reduce and the percent for
 * percent-off. serviceDefId 0 on a FreeService offer lets the CSR pick the service. audience: 'all', 'new'
 * (prospects and former customers) or 'existing' (existing customers).
 */
export const offers = pgTable(
  'offers',
  {
    offerId: serial('offer_id').primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    serviceYear: integer('service_year').notNull(),
    description: text('description').notNull(),
    pricingRule: text('pricing_rule').$type<'FreeVisit' | 'FreeService' | 'Priced' | 'Reduce'>().notNull(),
    priceRuleValue: numeric('price_rule_value', { precision: 12, scale: 2 }).notNull().default('0'),
    kind: text('kind').$type<'free-visit' | '2-for-1' | '3-for-2' | 'percent-off'>(),
    templateId: integer('template_id'),
    serviceDefId: integer('service_def_id').notNull(),
    serviceGroup: text('service_group').$type<'L' | 'A'>().notNull(),
    audience: text('audience').$type<'all' | 'new' | 'existing'>().notNull().default('all'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('offers_franchise_year_idx').on(t.sqldbid, t.serviceYear),
    check('offers_rule_check', sql`${t.pricingRule} in ('FreeVisit', 'FreeService', 'Priced', 'Reduce')`),
    check(
      'offers_kind_check',
      sql`${t.kind} is null or ${t.kind} in ('free-visit', '2-for-1', '3-for-2', 'percent-off')`,
    ),
    check('offers_group_check', sql`${t.serviceGroup} in ('L', 'A')`),
    check('offers_audience_check', sql`${t.audience} in ('all', 'new', 'existing')`),
    check('offers_value_check', sql`${t.priceRuleValue} >= 0`),
  ],
);

/**
 * Coupons of a franchise for a service year (call-handling.md §3): type 1 general, 2 additional service, 3 lawn
 * program; ServiceId 45 is the pest initial payment. value is dollars, or the percent when is_percent.
 */
export const coupons = pgTable(
  'coupons',
  {
    couponId: serial('coupon_id').primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    serviceYear: integer('service_year').notNull(),
    couponCode: text('coupon_code').notNull(),
    couponTypeId: integer('coupon_type_id').notNull(),
    serviceId: integer('service_id'),
    description: text('description').notNull().default(''),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    isPercent: boolean('is_percent').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('coupons_franchise_year_code_idx').on(t.sqldbid, t.serviceYear, sql`lower(${t.couponCode})`),
    check('coupons_type_check', sql`${t.couponTypeId} in (1, 2, 3)`),
    check('coupons_value_check', sql`${t.value} >= 0 and (not ${t.isPercent} or ${t.value} <= 100)`),
  ],
);

/**
 * The payment types a franchise takes through a billing application (getBillingPaymentByFranchise). Billing
 * application type 1 with payment id 4 is monthly installments: without it the franchise sells no monthly payment.
 */
export const franchiseBillingPayments = pgTable(
  'franchise_billing_payments',
  {
    sqldbid: integer('sqldbid').notNull(),
    billingAppTypeId: integer('billing_app_type_id').notNull(),
    paymentId: integer('payment_id').notNull(),
    paymentName: text('payment_name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.sqldbid, t.billingAppTypeId, t.paymentId] })],
);
