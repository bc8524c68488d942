/**
 * Loading a franchise's pricing data for a service year and a lawn size, as the pricing engine takes it
 * (PricingData of @cc/domain). Every statement is built by an exported function so the benchmark runs the very
 * same SQL directly.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { calendarDayIn, centsFromDecimal, remainingRounds, type Scope } from '@cc/domain';
import type { PricingDataPayload } from '@cc/contract';
import type { DbOrTx } from '../../db/client.js';
import {
  bundledServices,
  coupons,
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
    .where(and(eq(franchises.sqldbid, sqldbid), inScope(scope, franchises.branchNo)))
    .orderBy(desc(franchises.defComp), asc(franchises.branchNo))
    .limit(1);
}

/** Every item of the price list with its price at the lawn size and the services bundled in it. */
export function priceListQuery(db: DbOrTx, sqldbid: number, priceListYear: number, size: number) {
  return db
    .select({
      id: priceListItems.id,
      serviceDefId: priceListItems.serviceDefId,
      serviceName: priceListItems.serviceName,
      serviceCode: priceListItems.serviceCode,
      serviceGroup: serviceDefinitions.serviceGroup,
      glAccount: priceListItems.glAccount,
      billingFrequencyId: priceListItems.billingFrequencyId,
      totalRounds: priceListItems.totalRounds,
      initialPayment: sql<string | null>`${priceListItems.initialPayment}::text`,
      initialFee: sql<string | null>`${priceListItems.initialFee}::text`,
      bundleOnly: priceListItems.bundleOnly,
      preferredPlusDiscount: sql<string | null>`${priceListItems.preferredPlusDiscount}::text`,
      linkedServiceDefId: priceListItems.linkedServiceDefId,
      price: sql<string | null>`(select ${priceListPrices.price}::text from ${priceListPrices}
        where ${priceListPrices.itemId} = ${priceListItems.id} and ${priceListPrices.sizeFrom} <= ${size}
        order by ${priceListPrices.sizeFrom} desc limit 1)`,
      bundled: sql<string>`(select coalesce(string_agg(${bundledServices.serviceDefId}::text, ','), '') from ${bundledServices}
        where ${bundledServices.programItemId} = ${priceListItems.id})`,
    })
    .from(priceListItems)
    .innerJoin(serviceDefinitions, eq(serviceDefinitions.serviceDefId, priceListItems.serviceDefId))
    .where(and(eq(priceListItems.sqldbid, sqldbid), eq(priceListItems.serviceYear, priceListYear)))
    .orderBy(asc(priceListItems.sortOrder), asc(priceListItems.id));
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

export function couponsQuery(db: DbOrTx, sqldbid: number, priceListYear: number) {
  return db
    .select({
      couponId: coupons.couponId,
      couponCode: coupons.couponCode,
      couponTypeId: coupons.couponTypeId,
      serviceId: coupons.serviceId,
      description: coupons.description,
      value: sql<string>`${coupons.value}::text`,
      isPercent: coupons.isPercent,
    })
    .from(coupons)
    .where(and(eq(coupons.sqldbid, sqldbid), eq(coupons.serviceYear, priceListYear), eq(coupons.active, true)))
    .orderBy(asc(coupons.couponId));
}

export type FranchiseYearRow = Awaited<ReturnType<typeof franchiseYearQuery>>[number];
export type PriceListRow = Awaited<ReturnType<typeof priceListQuery>>[number];

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
  offerRows: Awaited<ReturnType<typeof offersQuery>>,
  couponRows: Awaited<ReturnType<typeof couponsQuery>>,
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
