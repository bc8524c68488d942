/**
 * The pricing calls of call-handling.md §7: a customer's pricing data, the franchise's price list, offers, service
 * descriptions and codes, billing payment types and the franchise's rates (a customer's services and recommendations:
 * customer-services.ts).
 * Every call is scoped: a franchise out of the user's scope, or a customer out of it, is 404 whatever else is
 * asked.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  CALL_TIME_ZONE,
  calendarDayIn,
  lawnProgramKind,
  PEST_INITIAL_SERVICE_ID,
  serviceYearFor,
  withSpecNames,
} from '@cc/domain';
import type { PriceListEntry, PricingDataPayload, PricingResponse } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { jsonColumn, rowsOf, type DbOrTx } from '../../db/client.js';
import {
  bundledServices,
  franchiseBillingPayments,
  priceListItems,
  serviceDefinitions,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { customerRow } from '../current-call/index.js';
import {
  franchiseToday,
  loadFranchiseYear,
  offersQuery,
  toOffer,
  toPricingData,
  pricingSnapshotQuery,
  type CouponRow,
  type FranchiseYearRow,
  type OfferRow,
  type PriceListRow,
  type PricingSnapshotRow,
} from './data.js';

export const EXISTING_CUSTOMER = 'Existing Customer';

/** The customer of a pricing call: a stored one in scope, or (0 or -1) a prospect of the franchise. */
export async function pricingCustomer(
  db: DbOrTx,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
): Promise<{ customerType: string; lawnSize: number | null }> {
  if (customerNo <= 0) return { customerType: 'Prospect', lawnSize: null };
  const row = await customerRow(db, user.scope, sqldbid, customerNo);
  if (!row) throw notFound('Customer Not Found.');
  return { customerType: row.customerType, lawnSize: Number(row.lawnSize) };
}

export interface LoadedPricing {
  data: PricingDataPayload;
  franchise: FranchiseYearRow & { priceListYear: number };
  customerType: string;
  isExisting: boolean;
  /** Today in the franchise's time zone. */
  date: string;
}

/** Everything the engine needs for a customer, a service year and a lawn size; scoped. */
export async function loadPricing(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo: number; size: number; serviceYear: number },
): Promise<LoadedPricing> {
  const [row] = rowsOf<PricingSnapshotRow>(
    await ctx.db.execute(
      pricingSnapshotQuery(user.scope, input.sqldbid, input.customerNo, input.serviceYear, input.size),
    ),
  );
  const customer = input.customerNo > 0 ? jsonColumn<PricingSnapshotRow['customer']>(row?.customer) : null;
  // The same answers, in the same order, as reading the customer and then the franchise would give.
  if (input.customerNo > 0 && !customer) throw notFound('Customer Not Found.');
  const found = jsonColumn<PricingSnapshotRow['franchise']>(row?.franchise);
  if (!found) throw notFound('Franchise not found.');
  if (found.priceListYear === null) throw notFound(`Franchise ${input.sqldbid} has no pricing.`);
  const franchise = { ...found, priceListYear: found.priceListYear };
  const customerType = customer?.customerType ?? 'Prospect';
  const date = franchiseToday(ctx.now(), franchise.timeZone);
  return {
    data: toPricingData(
      franchise,
      jsonColumn<PriceListRow[]>(row?.items),
      jsonColumn<OfferRow[]>(row?.offers),
      jsonColumn<CouponRow[]>(row?.coupons),
      date,
      input.serviceYear,
    ),
    franchise,
    customerType,
    isExisting: customerType === EXISTING_CUSTOMER,
    date,
  };
}

/** POST /api/customer/pricing. */
export async function customerPricing(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo: number; size: number; pricingYear: number; zip: string },
): Promise<PricingResponse> {
  const loaded = await loadPricing(ctx, user, { ...input, serviceYear: input.pricingYear });
  return {
    ...loaded.data,
    ...withSpecNames(loaded.data),
    sqldbid: input.sqldbid,
    customerNo: input.customerNo,
    serviceYear: input.pricingYear,
    priceListYear: loaded.franchise.priceListYear,
    lawnSize: input.size,
    date: loaded.date,
    customerType: loaded.customerType,
    isExisting: loaded.isExisting,
    monthlyPaymentAvailable: loaded.franchise.monthlyPayment,
    franchiseInfo: {
      compName: loaded.franchise.compName,
      designation: loaded.franchise.designation,
      timeZone: loaded.franchise.timeZone,
    },
  };
}

/** GET /api/customer/currentserviceyear: the service year of today in America/Chicago. */
export function currentServiceYear(ctx: AppContext): { serviceYear: number; date: string } {
  const date = calendarDayIn(ctx.now(), CALL_TIME_ZONE);
  return { serviceYear: serviceYearFor(date), date };
}

function entry(row: {
  id: number;
  serviceDefId: number;
  serviceName: string;
  serviceGroup: 'L' | 'P' | 'A';
  glAccount: string;
  billingFrequencyId: number;
  serviceCode: string;
}): PriceListEntry {
  return {
    Id: row.id,
    ServiceDefId: row.serviceDefId,
    ServiceName: row.serviceName,
    serviceGroup: row.serviceGroup,
    gl_account: row.glAccount,
    fk_BillingFrequencyID: row.billingFrequencyId === 2 ? 2 : 1,
    ServiceCode: row.serviceCode,
  };
}

const entryColumns = {
  id: priceListItems.id,
  serviceDefId: priceListItems.serviceDefId,
  serviceName: priceListItems.serviceName,
  serviceGroup: serviceDefinitions.serviceGroup,
  glAccount: priceListItems.glAccount,
  billingFrequencyId: priceListItems.billingFrequencyId,
  serviceCode: priceListItems.serviceCode,
};

/** The price list entries of the year in force (with a filter), after the scope check. */
async function priceList(
  ctx: AppContext,
  user: AuthUser,
  sqldbid: number,
  serviceYear: number,
  filter?: ReturnType<typeof and>,
): Promise<PriceListEntry[]> {
  const franchise = await loadFranchiseYear(ctx.db, user.scope, sqldbid, serviceYear);
  const rows = await ctx.db
    .select(entryColumns)
    .from(priceListItems)
    .innerJoin(serviceDefinitions, eq(serviceDefinitions.serviceDefId, priceListItems.serviceDefId))
    .where(and(eq(priceListItems.sqldbid, sqldbid), eq(priceListItems.serviceYear, franchise.priceListYear), filter))
    .orderBy(asc(priceListItems.sortOrder), asc(priceListItems.id));
  return rows.map(entry);
}

/** POST /api/customer/bundleservices: the services sold only with a lawn program. */
export function bundleOnlyServices(ctx: AppContext, user: AuthUser, sqldbid: number, serviceYear: number) {
  return priceList(ctx, user, sqldbid, serviceYear, and(eq(priceListItems.bundleOnly, true)));
}

/** POST /api/customer/bundleservicesbyprogram: the services included in a lawn program. */
export async function bundledInProgram(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; serviceYear: number; programId: number },
): Promise<PriceListEntry[]> {
  const franchise = await loadFranchiseYear(ctx.db, user.scope, input.sqldbid, input.serviceYear);
  const [program] = await ctx.db
    .select({ id: priceListItems.id, group: serviceDefinitions.serviceGroup })
    .from(priceListItems)
    .innerJoin(serviceDefinitions, eq(serviceDefinitions.serviceDefId, priceListItems.serviceDefId))
    .where(
      and(
        eq(priceListItems.id, input.programId),
        eq(priceListItems.sqldbid, input.sqldbid),
        eq(priceListItems.serviceYear, franchise.priceListYear),
      ),
    );
  if (!program || program.group !== 'L') {
    throw badRequest('programId', `is not a lawn program of franchise ${input.sqldbid} in ${franchise.priceListYear}`);
  }
  const included = ctx.db
    .select({ def: bundledServices.serviceDefId })
    .from(bundledServices)
    .where(eq(bundledServices.programItemId, input.programId));
  return priceList(ctx, user, input.sqldbid, input.serviceYear, and(inArray(priceListItems.serviceDefId, included)));
}

/** POST /api/customer/billingFrequency: how the franchise bills a service. */
export async function billingFrequency(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; serviceYear: number; serviceDefId: number },
) {
  const [row] = await priceList(
    ctx,
    user,
    input.sqldbid,
    input.serviceYear,
    and(eq(priceListItems.serviceDefId, input.serviceDefId)),
  );
  if (!row) throw badRequest('serviceDefId', `is not on the price list of franchise ${input.sqldbid}`);
  return {
    ServiceDefId: row.ServiceDefId,
    fk_BillingFrequencyID: row.fk_BillingFrequencyID,
    BillingFrequency: row.fk_BillingFrequencyID === 2 ? 'Monthly' : 'Initial or One-Time',
  };
}

/** POST /api/customer/serviceDefId: the service definition of a price-list item. */
export async function serviceDefIdOf(ctx: AppContext, user: AuthUser, input: { sqldbid: number; Id: number }) {
  const [row] = await ctx.db
    .select({ ...entryColumns, serviceYear: priceListItems.serviceYear })
    .from(priceListItems)
    .innerJoin(serviceDefinitions, eq(serviceDefinitions.serviceDefId, priceListItems.serviceDefId))
    .where(and(eq(priceListItems.id, input.Id), eq(priceListItems.sqldbid, input.sqldbid)));
  // The franchise must be in scope before anything of its price list is told.
  await loadFranchiseYear(ctx.db, user.scope, input.sqldbid, row?.serviceYear ?? 2000);
  if (!row) throw badRequest('Id', `is not on the price list of franchise ${input.sqldbid}`);
  return { Id: row.id, ServiceDefId: row.serviceDefId, ServiceName: row.serviceName, serviceYear: row.serviceYear };
}

/** POST /api/CurrentCall/GetCustomerOffers: the offers this customer may get this year. */
export async function customerOffers(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo: number; serviceYear: number },
) {
  const customer = await pricingCustomer(ctx.db, user, input.sqldbid, input.customerNo);
  const franchise = await loadFranchiseYear(ctx.db, user.scope, input.sqldbid, input.serviceYear);
  const rows = await offersQuery(
    ctx.db,
    input.sqldbid,
    franchise.priceListYear,
    customer.customerType === EXISTING_CUSTOMER,
  );
  return rows.map(toOffer);
}

/** POST /api/currentcall/getCallCenterServiceDesc: what the CSR reads about the services the franchise sells. */
export async function serviceDescriptions(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; serviceDefIds?: number[] | undefined },
) {
  const { serviceYear } = currentServiceYear(ctx);
  const franchise = await loadFranchiseYear(ctx.db, user.scope, input.sqldbid, serviceYear);
  const sold = await ctx.db
    .select({ def: priceListItems.serviceDefId, group: serviceDefinitions.serviceGroup })
    .from(priceListItems)
    .innerJoin(serviceDefinitions, eq(serviceDefinitions.serviceDefId, priceListItems.serviceDefId))
    .where(and(eq(priceListItems.sqldbid, input.sqldbid), eq(priceListItems.serviceYear, franchise.priceListYear)));
  const defs = new Set(sold.map((s) => s.def));
  // Service 45, the pest initial payment, comes with every pest program.
  if (sold.some((s) => s.group === 'P')) defs.add(PEST_INITIAL_SERVICE_ID);
  const wanted =
    input.serviceDefIds && input.serviceDefIds.length > 0 ? input.serviceDefIds.filter((d) => defs.has(d)) : [...defs];
  if (wanted.length === 0) return [];
  return ctx.db
    .select({
      ServiceDefId: serviceDefinitions.serviceDefId,
      ServiceName: serviceDefinitions.serviceName,
      serviceGroup: serviceDefinitions.serviceGroup,
      Description: serviceDefinitions.description,
    })
    .from(serviceDefinitions)
    .where(inArray(serviceDefinitions.serviceDefId, wanted))
    .orderBy(asc(serviceDefinitions.serviceDefId));
}

/** POST /api/currentcall/getServiceCodesByServicePricing: the franchise's code for each item of its price list. */
export function serviceCodes(ctx: AppContext, user: AuthUser, sqldbid: number, serviceYear: number) {
  return priceList(ctx, user, sqldbid, serviceYear);
}

/** POST /api/currentcall/getBillingPaymentByFranchise. */
export async function billingPayment(
  ctx: AppContext,
  user: AuthUser,
  input: { SQLDBID: number; billingAppType: number; paymentId: number },
) {
  const { serviceYear } = currentServiceYear(ctx);
  await loadFranchiseYear(ctx.db, user.scope, input.SQLDBID, serviceYear);
  const [row] = await ctx.db
    .select({ paymentName: franchiseBillingPayments.paymentName, enabled: franchiseBillingPayments.enabled })
    .from(franchiseBillingPayments)
    .where(
      and(
        eq(franchiseBillingPayments.sqldbid, input.SQLDBID),
        eq(franchiseBillingPayments.billingAppTypeId, input.billingAppType),
        eq(franchiseBillingPayments.paymentId, input.paymentId),
      ),
    );
  return {
    SQLDBID: input.SQLDBID,
    billingAppType: input.billingAppType,
    paymentId: input.paymentId,
    paymentName: row?.paymentName ?? '',
    enabled: row?.enabled ?? false,
  };
}

/** GET /api/CurrentCall/franchise/{sqldbid}/{serviceYear}/info: the franchise's rates and what it sells. */
export async function franchiseYearInfo(ctx: AppContext, user: AuthUser, sqldbid: number, serviceYear: number) {
  const franchise = await loadFranchiseYear(ctx.db, user.scope, sqldbid, serviceYear);
  const items = await ctx.db
    .select({ name: priceListItems.serviceName, group: serviceDefinitions.serviceGroup })
    .from(priceListItems)
    .innerJoin(serviceDefinitions, eq(serviceDefinitions.serviceDefId, priceListItems.serviceDefId))
    .where(and(eq(priceListItems.sqldbid, sqldbid), eq(priceListItems.serviceYear, franchise.priceListYear)));
  const kinds = items.filter((i) => i.group === 'L').map((i) => lawnProgramKind(i.name));
  return {
    sqldbid,
    serviceYear,
    priceListYear: franchise.priceListYear,
    compName: franchise.compName,
    designation: franchise.designation,
    timeZone: franchise.timeZone,
    franchiseData: {
      TaxRate: Number(franchise.taxRate),
      CallDiscount: Number(franchise.callDiscount),
      PrePayDiscount: Number(franchise.prepayDiscount),
      FirstAppTime: franchise.firstAppTime ?? null,
    },
    hasPreferredProgram: kinds.includes('preferred'),
    hasEconomyProgram: kinds.includes('economy'),
    hasPestProgram: items.some((i) => i.group === 'P'),
    monthlyPaymentAvailable: franchise.monthlyPayment,
  };
}
