/**
 * What a customer already holds of a service year (the lines of their submitted orders), and the services recommended
 * beside them (call-handling.md §7). Scoped like every pricing call: a customer or franchise out of scope is 404.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { centsFromDecimal, recommendServices, recommendationCandidates } from '@cc/domain';
import type { AppContext } from '../../context.js';
import { orderItems, orders, serviceDefinitions } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { loadFranchiseYear } from './data.js';
import { loadPricing, pricingCustomer } from './service.js';

/** The customer's services of a service year: the lines of their submitted orders. */
async function heldServices(ctx: AppContext, sqldbid: number, customerNo: number, serviceYear: number) {
  if (customerNo <= 0) return [];
  return ctx.db
    .select({
      orderId: orders.orderId,
      orderType: orders.orderType,
      orderStatus: orders.orderStatus,
      ServiceDefId: orderItems.serviceDefId,
      ServiceName: sql<string>`coalesce(nullif(${orderItems.serviceName}, ''), ${serviceDefinitions.serviceName}, '')`,
      serviceGroup: serviceDefinitions.serviceGroup,
      rounds: orderItems.rounds,
      quantity: orderItems.quantity,
      unitPrice: sql<string>`${orderItems.unitPrice}::text`,
      extendedPriceSold: sql<string>`${orderItems.extendedPriceSold}::text`,
      installment: orderItems.installment,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.orderId))
    .leftJoin(serviceDefinitions, eq(serviceDefinitions.serviceDefId, orderItems.serviceDefId))
    .where(
      and(
        eq(orders.sqldbid, sqldbid),
        eq(orders.customerNo, customerNo),
        eq(orders.serviceYear, serviceYear),
        eq(orders.orderStatus, 'SUBMITTED'),
      ),
    )
    .orderBy(asc(orders.orderId), asc(orderItems.orderItemId));
}

/** POST /api/CurrentCall/GetCustomerServices. */
export async function customerServices(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo: number; serviceYear: number },
) {
  await pricingCustomer(ctx.db, user, input.sqldbid, input.customerNo);
  await loadFranchiseYear(ctx.db, user.scope, input.sqldbid, input.serviceYear);
  const rows = await heldServices(ctx, input.sqldbid, input.customerNo, input.serviceYear);
  return rows.map((r) => ({
    ...r,
    unitPrice: centsFromDecimal(r.unitPrice),
    extendedPriceSold: centsFromDecimal(r.extendedPriceSold),
  }));
}

/** POST /api/CurrentCall/GetCustomerRecommendations. */
export async function customerRecommendations(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo: number; serviceYear: number; size?: number | undefined },
) {
  const customer = await pricingCustomer(ctx.db, user, input.sqldbid, input.customerNo);
  const size = input.size ?? customer.lawnSize ?? 0;
  const loaded = await loadPricing(ctx, user, { ...input, size });
  const held = await heldServices(ctx, input.sqldbid, input.customerNo, input.serviceYear);
  return recommendServices(
    recommendationCandidates(loaded.data),
    held.map((h) => h.ServiceDefId),
  ).map((r) => ({
    Id: r.Id,
    ServiceDefId: r.ServiceDefId,
    ServiceName: r.ServiceName,
    serviceGroup: r.serviceGroup,
    FinalPrice: r.FinalPrice,
    reason: r.reason,
  }));
}
