/**
 * What the orders service checks before an order changes (docs/decisions/021-orders-and-call-writes.md):
 * the order is PENDING (a SUBMITTED or EXPIRED order is a record of what was sold), the caller holds the customer's
 * call, prices are the price list's unless the caller may edit prices (the quote's rule), and a coupon's discount is
 * what the coupon gives on the order's lines, never an amount the client names.
 */
import { and, eq } from 'drizzle-orm';
import { canEditPricing, centsFromDecimal, couponOnLines, findCoupon } from '@cc/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { customerRow, requireCallHeld } from '../current-call/index.js';
import { EDIT_NOT_ALLOWED, loadPricing } from '../pricing/index.js';
import { cents } from './shared.js';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;

/**
 * The order, locked for the rest of the transaction, if the user may change it: in scope (else 404), PENDING
 * (else 409, nothing written) and of a call the user holds (else 409).
 */
export async function changeableOrder(ctx: AppContext, tx: DbOrTx, user: AuthUser, orderId: number): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, orderId), inScope(user.scope, orders.branchNo)))
    .for('update');
  if (!row) throw notFound('Order not found.');
  if (row.orderStatus !== 'PENDING') {
    throw new AppError('CONFLICT', `This order is ${row.orderStatus} and can no longer be changed.`);
  }
  await requireCallHeld(ctx, tx, user, row.sqldbid, row.customerNo);
  return row;
}

/** The list prices (cents) of the services of an order's franchise, customer's lawn size and service year. */
export type ListPrices = ReadonlyMap<number, number>;

/** The order in scope, read before the transaction that changes it (the pricing data is read outside it). */
async function orderPlace(ctx: AppContext, user: AuthUser, orderId: number): Promise<OrderRow> {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, orderId), inScope(user.scope, orders.branchNo)));
  if (!row) throw notFound('Order not found.');
  return row;
}

async function pricingOf(ctx: AppContext, user: AuthUser, order: OrderRow) {
  const customer = order.customerNo > 0 ? await customerRow(ctx.db, user.scope, order.sqldbid, order.customerNo) : null;
  return loadPricing(ctx, user, {
    sqldbid: order.sqldbid,
    customerNo: order.customerNo,
    size: customer ? Number(customer.lawnSize) : 0,
    serviceYear: order.serviceYear,
  });
}

/**
 * The price list an order's lines are checked against, or null when the user may edit prices (nothing to check).
 * Read before the transaction, as the end-call command prices its call before its own.
 */
export async function listPricesFor(ctx: AppContext, user: AuthUser, orderId: number): Promise<ListPrices | null> {
  if (canEditPricing(user)) return null;
  const pricing = await pricingOf(ctx, user, await orderPlace(ctx, user, orderId));
  const { lawnPrograms, pestPrograms, additionalServices } = pricing.data;
  return new Map(
    [...lawnPrograms, ...pestPrograms, ...additionalServices].map((p) => [p.ServiceDefId, p.FinalPrice] as const),
  );
}

const PRICE_FIELDS = ['unitPrice', 'extendedPrice', 'unitPriceSold', 'extendedPriceSold'] as const;
type PriceField = (typeof PRICE_FIELDS)[number];
export type LinePrices = Partial<Record<PriceField, number>> & { serviceDefId?: number; quantity?: number };

/**
 * Refuses (400 naming the field, the quote's EDIT_NOT_ALLOWED) a price a user without the right sets on a line: each
 * price sent must be what the line holds already, or the price list's (unit prices: the service's list price;
 * extended prices: that times the quantity). `list` null: the user may edit prices.
 */
export function checkLinePrices(list: ListPrices | null, sent: LinePrices, stored: LineRow | null): void {
  if (list === null) return;
  const serviceDefId = sent.serviceDefId ?? stored?.serviceDefId;
  const quantity = sent.quantity ?? stored?.quantity ?? 1;
  const listUnit = serviceDefId === undefined ? undefined : list.get(serviceDefId);
  for (const field of PRICE_FIELDS) {
    const value = sent[field];
    if (value === undefined) continue;
    const unitField = field === 'unitPrice' || field === 'unitPriceSold';
    const allowed = new Set<number>();
    if (stored) allowed.add(centsFromDecimal(stored[field]));
    if (listUnit !== undefined) allowed.add(unitField ? listUnit : listUnit * quantity);
    if (!allowed.has(cents(value))) throw badRequest(field, EDIT_NOT_ALLOWED);
  }
}

/** Order totals are prices too: a user without the right may not set them to anything but what they are. */
export function checkOrderTotals(
  user: AuthUser,
  sent: { subTotal?: number | undefined; tax?: number | undefined; total?: number | undefined },
  stored: OrderRow,
): void {
  if (canEditPricing(user)) return;
  for (const field of ['subTotal', 'tax', 'total'] as const) {
    const value = sent[field];
    if (value !== undefined && cents(value) !== centsFromDecimal(stored[field]))
      throw badRequest(field, EDIT_NOT_ALLOWED);
  }
}

/**
 * The franchise's coupons for the order's service year (read before the transaction), to price a coupon on the
 * order's lines inside it with {@link couponDiscount}.
 */
export async function couponsFor(ctx: AppContext, user: AuthUser, orderId: number) {
  const pricing = await pricingOf(ctx, user, await orderPlace(ctx, user, orderId));
  return pricing.data;
}

/**
 * The discount (cents) a coupon gives on the order's lines as they are now: the coupon must exist for the franchise
 * and year and apply to a line (else 400 naming couponCode), and gives what the domain's coupon rules say.
 */
export async function couponDiscount(
  tx: DbOrTx,
  data: Awaited<ReturnType<typeof couponsFor>>,
  orderId: number,
  code: string,
): Promise<{ code: string; amount: number }> {
  const coupon = findCoupon(data.coupons, code);
  if (!coupon) throw badRequest('couponCode', `Coupon ${code} was not found.`);
  const lines = await tx
    .select({ serviceDefId: orderItems.serviceDefId, sold: orderItems.extendedPriceSold })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const result = couponOnLines(
    coupon,
    lines.map((l) => ({ serviceDefId: l.serviceDefId, amount: centsFromDecimal(l.sold) })),
    data,
  );
  if (result.reason !== undefined) throw badRequest('couponCode', result.reason);
  return { code: coupon.CouponCode, amount: result.amount };
}
