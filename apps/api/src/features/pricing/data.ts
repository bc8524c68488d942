/**
 * Loading a franchise's pricing data for a service year and a lawn size, as the pricing engine takes it
 * (PricingData of @cc/domain). Every statement is built by an exported function so the benchmark runs the very
 * same SQL directly.
 */
import { franchiseBranches, mainBranchFirst, mainBranchFirstSql } from '../../db/main-branch.js';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { calendarDayIn, centsFromDecimal, remainingRounds, type Scope } from '@cc/domain';
import type { PricingDataPayload } from '@cc/contract';
import type { DbOrTx } from '../../db/client.js';
import {
  bundledServices,
  coupons,
  customers,
  franchiseBillingPayments,
  franchisePricing,
  franchises,
  offers,
  priceListItems,
  priceListPrices,
  serviceDefinitions,
} from '../../db/schema/index.js';
import { inScope } from '../../http/scope.js';
import { notFound } from '../../http/errors.js';

/** Billing application 1, payment 4: monthly installments (getBillingPaymentByFranchise). */
export const MONTHLY_BILLING_APP_TYPE = 1;
export const MONTHLY_PAYMENT_ID = 4;

/**
 * The franchise (its main branch among those in scope), the rates of the price list in force for the year (that
 * year's, else the latest before it, else the earliest after it) and whether it takes monthly installments.
 */
export function franchiseYearQuery(db: DbOrTx, scope: Scope, sqldbid: number, serviceYear: number) {
  const rates = db
    .select({
      serviceYear: franchisePricing.serviceYear,
      taxRate: sql<string>`${franchisePricing.taxRate}::text`.as('tax_rate'),
      callDiscount: sql<string>`${franchisePricing.callDiscount}::text`.as('call_discount'),
      prepayDiscount: sql<string>`${franchisePricing.prepayDiscount}::text`.as('prepay_discount'),
      firstAppTime: franchisePricing.firstAppTime,
    })
    .from(franchisePricing)
    .where(eq(franchisePricing.sqldbid, sqldbid))
    .orderBy(
      sql`(${franchisePricing.serviceYear} > ${serviceYear})`,
      sql`abs(${franchisePricing.serviceYear} - ${serviceYear})`,
    )
    .limit(1)
    .as('rates');
  return db
    .select({
      branchNo: franchises.branchNo,
      compName: franchises.compName,
      designation: franchises.designation,
      timeZone: franchises.timeZone,
      priceListYear: rates.serviceYear,
      taxRate: rates.taxRate,
      callDiscount: rates.callDiscount,
      prepayDiscount: rates.prepayDiscount,
      firstAppTime: rates.firstAppTime,
      monthlyPayment: sql<boolean>`coalesce((select ${franchiseBillingPayments.enabled} from ${franchiseBillingPayments}
        where ${franchiseBillingPayments.sqldbid} = ${franchises.sqldbid}
          and ${franchiseBillingPayments.billingAppTypeId} = ${MONTHLY_BILLING_APP_TYPE}
          and ${franchiseBillingPayments.paymentId} = ${MONTHLY_PAYMENT_ID}), false)`,
    })
    .from(franchises)
    .leftJoinLateral(rates, sql`true`)
    .where(franchiseBranches(sqldbid, scope))
    .orderBy(...mainBranchFirst)
    .limit(1);
}

/** The offers a customer may get: everyone's, and those for new or for existing customers. */
export function offersQuery(db: DbOrTx, sqldbid: number, priceListYear: number, isExisting: boolean) {
  return db
    .select({
      id: offers.offerId,
      description: offers.description,
      pricingRule: offers.pricingRule,
      priceRuleValue: sql<string>`${offers.priceRuleValue}::text`,
      kind: offers.kind,
      templateId: offers.templateId,
      serviceDefId: offers.serviceDefId,
      serviceGroup: offers.serviceGroup,
    })
    .from(offers)
    .where(
      and(
        eq(offers.sqldbid, sqldbid),
        eq(offers.serviceYear, priceListYear),
        eq(offers.active, true),
        inArray(offers.audience, ['all', isExisting ? 'existing' : 'new']),
      ),
    )
    .orderBy(asc(offers.sortOrder), asc(offers.offerId));
}

export type FranchiseYearRow = Awaited<ReturnType<typeof franchiseYearQuery>>[number];
/** An item of a franchise's price list with its price at the lawn size (null: not sold at any size) and bundles. */
export interface PriceListRow {
  id: number;
  serviceDefId: number;
  serviceName: string;
  serviceCode: string;
  serviceGroup: 'L' | 'P' | 'A';
  glAccount: string;
  billingFrequencyId: number;
  totalRounds: number | null;
  initialPayment: string | null;
  initialFee: string | null;
  bundleOnly: boolean;
  preferredPlusDiscount: string | null;
  linkedServiceDefId: number | null;
  price: string | null;
  /** The bundled services' definition ids, comma-joined. */
  bundled: string;
}

/** The franchise and the rates in force for the year, or 404 when it is out of scope or has no prices. */
export async function loadFranchiseYear(
  db: DbOrTx,
  scope: Scope,
  sqldbid: number,
  serviceYear: number,
): Promise<FranchiseYearRow & { priceListYear: number }> {
  const [row] = await franchiseYearQuery(db, scope, sqldbid, serviceYear);
  if (!row) throw notFound('Franchise not found.');
  if (row.priceListYear === null) throw notFound(`Franchise ${sqldbid} has no pricing.`);
  return { ...row, priceListYear: row.priceListYear };
}

const percent = (text: string | null): number | null => (text === null ? null : Number(text));
const cents = (text: string | null): number | null => (text === null ? null : centsFromDecimal(text));
const frequency = (id: number): 1 | 2 => (id === 2 ? 2 : 1);

type LawnProgram = PricingDataPayload['lawnPrograms'][number];
type PestProgram = PricingDataPayload['pestPrograms'][number];
type AdditionalService = PricingDataPayload['additionalServices'][number];
type Offer = PricingDataPayload['offers'][number];
type Coupon = PricingDataPayload['coupons'][number];

/** The engine's pricing data from the rows of a franchise's price list, priced on `date` for `serviceYear`. */
export function toPricingData(
  franchise: FranchiseYearRow,
  items: readonly PriceListRow[],
  offerRows: readonly OfferRow[],
  couponRows: readonly CouponRow[],
  date: string,
  serviceYear: number,
): PricingDataPayload {
  const rates = {
    TaxRate: Number(franchise.taxRate ?? 0),
    CallDiscount: Number(franchise.callDiscount ?? 0),
    PrePayDiscount: Number(franchise.prepayDiscount ?? 0),
    FirstAppTime: franchise.firstAppTime ?? null,
  };
  const additionalServices: AdditionalService[] = [];
  const lawnPrograms: LawnProgram[] = [];
  const pestPrograms: PestProgram[] = [];
  for (const item of items) {
    if (item.price === null) continue; // not priced at any size: not sold
    if (item.serviceGroup === 'A') {
      additionalServices.push({
        Id: item.id,
        ServiceDefId: item.serviceDefId,
        ServiceName: item.serviceName,
        FinalPrice: centsFromDecimal(item.price),
        gl_account: item.glAccount || null,
        fk_BillingFrequencyID: frequency(item.billingFrequencyId),
        serviceGroup: 'A',
        bundleOnly: item.bundleOnly,
      });
    }
  }
  const byDef = new Map(additionalServices.map((s) => [s.ServiceDefId, s]));
  for (const item of items) {
    if (item.price === null) continue;
    if (item.serviceGroup === 'L') {
      const total = item.totalRounds ?? 0;
      const linked = item.linkedServiceDefId === null ? undefined : byDef.get(item.linkedServiceDefId);
      const bundledDefs = item.bundled === '' ? [] : item.bundled.split(',').map(Number);
      lawnPrograms.push({
        Id: item.id,
        ServiceDefId: item.serviceDefId,
        ServiceName: item.serviceName,
        FinalPrice: centsFromDecimal(item.price),
        TotalRounds: total,
        RemainRounds: remainingRounds({ totalRounds: total, firstAppTime: rates.FirstAppTime, date, serviceYear }),
        gl_account: item.glAccount || null,
        ServicePricePlus: linked ? linked.FinalPrice : null,
        ServiceNamePlus: linked ? linked.ServiceName : null,
        PreferredPlusServiceDiscount: percent(item.preferredPlusDiscount),
        linkedServiceDefId: item.linkedServiceDefId,
        bundledServices: bundledDefs.flatMap((def) => {
          const svc = byDef.get(def);
          return svc ? [svc.Id] : [];
        }),
      });
    } else if (item.serviceGroup === 'P') {
      pestPrograms.push({
        Id: item.id,
        ServiceDefId: item.serviceDefId,
        ServiceName: item.serviceName,
        InitialPayment: cents(item.initialPayment) ?? 0,
        InitialFee: cents(item.initialFee),
        FinalPrice: centsFromDecimal(item.price),
        fk_BillingFrequencyID: 2,
      });
    }
  }
  return {
    franchise: rates,
    lawnPrograms,
    pestPrograms,
    additionalServices,
    offers: offerRows.map(toOffer),
    coupons: couponRows.map((c): Coupon => ({
      CouponCode: c.couponCode,
      CouponID: c.couponId,
      CouponTypeID: c.couponTypeId as Coupon['CouponTypeID'],
      ServiceId: c.serviceId,
      Description: c.description,
      Value: c.isPercent ? Number(c.value) : centsFromDecimal(c.value),
      IsPercent: c.isPercent,
    })),
  };
}

export function toOffer(o: Awaited<ReturnType<typeof offersQuery>>[number]): Offer {
  const percentOff = o.kind === 'percent-off';
  const inCents = o.pricingRule === 'Priced' || o.pricingRule === 'Reduce';
  return {
    id: o.id,
    description: o.description,
    pricingRule: o.pricingRule,
    priceRuleValue: percentOff ? Number(o.priceRuleValue) : inCents ? centsFromDecimal(o.priceRuleValue) : 0,
    kind: o.kind ?? null,
    templateId: o.templateId,
    serviceDefinition: { id: o.serviceDefId, serviceGroup: o.serviceGroup },
    serviceDfnId: o.serviceDefId,
  };
}

/** Today in a franchise's time zone. */
export function franchiseToday(now: Date, timeZone: string): string {
  return calendarDayIn(now, timeZone);
}

export type OfferRow = Awaited<ReturnType<typeof offersQuery>>[number];
export interface CouponRow {
  couponId: number;
  couponCode: string;
  couponTypeId: number;
  serviceId: number | null;
  description: string;
  value: string;
  isPercent: boolean;
}

/** What {@link pricingSnapshotQuery} answers: one row, the parts as JSON. */
export interface PricingSnapshotRow {
  /** Null when the franchise is out of scope or unknown. */
  franchise: FranchiseYearRow | null;
  /** Null when the customer is out of scope or unknown (or the call is for a prospect, 0 or -1). */
  customer: { customerType: string } | null;
  items: PriceListRow[];
  offers: OfferRow[];
  coupons: CouponRow[];
}

/**
 * Everything a pricing call reads, in one statement and one round trip: the customer (scoped), the franchise with
 * the rates in force for the year (scoped; as {@link franchiseYearQuery}), and that price list's items priced at the
 * lawn size with their bundles (as {@link priceListQuery}), the offers for the customer's audience and the coupons.
 * The API is CPU-bound in Node under load, and each statement costs a query build, a socket write and a parse: the
 * five statements this replaces took twice the time of this one (bench/README.md, "pricing").
 */
export function pricingSnapshotQuery(
  scope: Scope,
  sqldbid: number,
  customerNo: number,
  serviceYear: number,
  size: number,
): SQL {
  return sql`
    with fr as (
      select ${franchises.sqldbid} as sqldbid, ${franchises.branchNo} as branch_no, ${franchises.compName} as comp_name,
        ${franchises.designation} as designation, ${franchises.timeZone} as time_zone,
        rates.service_year, rates.tax_rate::text as tax_rate, rates.call_discount::text as call_discount,
        rates.prepay_discount::text as prepay_discount, rates.first_app_time,
        coalesce((select b.enabled from ${franchiseBillingPayments} b where b.sqldbid = ${franchises.sqldbid}
          and b.billing_app_type_id = ${MONTHLY_BILLING_APP_TYPE} and b.payment_id = ${MONTHLY_PAYMENT_ID}), false)
          as monthly_payment
      from ${franchises}
      left join lateral (
        select p.service_year, p.tax_rate, p.call_discount, p.prepay_discount, p.first_app_time
        from ${franchisePricing} p where p.sqldbid = ${sqldbid}
        order by (p.service_year > ${serviceYear}), abs(p.service_year - ${serviceYear}) limit 1
      ) rates on true
      where ${franchises.sqldbid} = ${sqldbid} and ${inScope(scope, franchises.branchNo)}
      order by ${mainBranchFirstSql}
      limit 1
    ),
    cust as (
      select ${customers.customerType} as customer_type
      from ${customers}
      where ${customers.sqldbid} = ${sqldbid} and ${customers.customerNo} = ${customerNo}
        and ${inScope(scope, customers.branchNo)}
    )
    select
      (select json_build_object('branchNo', branch_no, 'compName', comp_name, 'designation', designation,
          'timeZone', time_zone, 'priceListYear', service_year, 'taxRate', tax_rate, 'callDiscount', call_discount,
          'prepayDiscount', prepay_discount, 'firstAppTime', first_app_time, 'monthlyPayment', monthly_payment)
        from fr) as franchise,
      (select json_build_object('customerType', customer_type) from cust) as customer,
      (select coalesce(json_agg(json_build_object('id', i.id, 'serviceDefId', i.service_def_id,
          'serviceName', i.service_name, 'serviceCode', i.service_code, 'serviceGroup', d.service_group,
          'glAccount', i.gl_account, 'billingFrequencyId', i.billing_frequency_id, 'totalRounds', i.total_rounds,
          'initialPayment', i.initial_payment::text, 'initialFee', i.initial_fee::text, 'bundleOnly', i.bundle_only,
          'preferredPlusDiscount', i.preferred_plus_discount::text, 'linkedServiceDefId', i.linked_service_def_id,
          'price', (select pp.price::text from ${priceListPrices} pp where pp.item_id = i.id and pp.size_from <= ${size}
            order by pp.size_from desc limit 1),
          'bundled', (select coalesce(string_agg(bs.service_def_id::text, ','), '') from ${bundledServices} bs
            where bs.program_item_id = i.id)
        ) order by i.sort_order, i.id), '[]')
        from ${priceListItems} i join ${serviceDefinitions} d on d.service_def_id = i.service_def_id
        where i.sqldbid = ${sqldbid} and i.service_year = (select service_year from fr)) as items,
      (select coalesce(json_agg(json_build_object('id', o.offer_id, 'description', o.description,
          'pricingRule', o.pricing_rule, 'priceRuleValue', o.price_rule_value::text, 'kind', o.kind,
          'templateId', o.template_id, 'serviceDefId', o.service_def_id, 'serviceGroup', o.service_group
        ) order by o.sort_order, o.offer_id), '[]')
        from ${offers} o
        where o.sqldbid = ${sqldbid} and o.service_year = (select service_year from fr) and o.active
          and o.audience in ('all', case when (select customer_type from cust) = 'Existing Customer'
            then 'existing' else 'new' end)) as offers,
      (select coalesce(json_agg(json_build_object('couponId', c.coupon_id, 'couponCode', c.coupon_code,
          'couponTypeId', c.coupon_type_id, 'serviceId', c.service_id, 'description', c.description,
          'value', c.value::text, 'isPercent', c.is_percent
        ) order by c.coupon_id), '[]')
        from ${coupons} c
        where c.sqldbid = ${sqldbid} and c.service_year = (select service_year from fr) and c.active) as coupons`;
}
