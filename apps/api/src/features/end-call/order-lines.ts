/**
 * The orders service's changes to an order's contents: its lines (one per service; created, updated or JSON-patched
 * with their prices checked) and its coupon discounts. Each change is made to a changeable order in the user's scope
 * (order-guards.ts) and marks the order updated.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateOrderLineRequest, OrderLine, OrderLinePatchRequest, UpdateOrderLineRequest } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { orderDiscounts, orderItems, orders } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { cents, toNumeric } from './shared.js';
import { changeableOrder, checkLinePrices, couponDiscount, type couponsFor, type ListPrices } from './order-guards.js';
import { toOrderLine } from './orders.js';

// ---------------------------------------------------------------------------------------------------
// Lines

export type CreateOrderLineInput = z.output<typeof CreateOrderLineRequest>;
export type UpdateOrderLineInput = z.output<typeof UpdateOrderLineRequest>;

async function touch(tx: DbOrTx, orderId: number, now: Date): Promise<void> {
  await tx.update(orders).set({ updatedAt: now }).where(eq(orders.orderId, orderId));
}

/**
 * Add a line to an order in scope. An order has one line per service: adding the same service again
 * (a retry) replaces that line's values rather than adding a second line.
 */
export async function createOrderLine(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  orderId: number,
  input: CreateOrderLineInput,
  list: ListPrices | null,
  now: Date,
): Promise<OrderLine> {
  await changeableOrder(ctx, tx, user, orderId);
  const [stored] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.serviceDefId, input.serviceDefId)));
  checkLinePrices(list, input, stored ?? null);
  const values = {
    serviceName: input.serviceName ?? '',
    rounds: input.rounds ?? 1,
    unitPrice: toNumeric(input.unitPrice),
    quantity: input.quantity,
    extendedPrice: toNumeric(input.extendedPrice),
    unitPriceSold: toNumeric(input.unitPriceSold),
    extendedPriceSold: toNumeric(input.extendedPriceSold),
    installment: input.installment ?? false,
    remainMonths: input.remainMonths ?? 0,
  };
  const [row] = await tx
    .insert(orderItems)
    .values({ orderId, serviceDefId: input.serviceDefId, ...values })
    .onConflictDoUpdate({ target: [orderItems.orderId, orderItems.serviceDefId], set: values })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'The order line could not be written.');
  await touch(tx, orderId, now);
  return toOrderLine(row);
}

type LineRow = typeof orderItems.$inferSelect;

async function lineRow(tx: DbOrTx, orderId: number, itemId: number): Promise<LineRow> {
  const [row] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderItemId, itemId), eq(orderItems.orderId, orderId)));
  if (!row) throw notFound('Order line not found.');
  return row;
}

type LineSet = Partial<typeof orderItems.$inferInsert>;

async function writeLine(tx: DbOrTx, orderId: number, itemId: number, set: LineSet, now: Date): Promise<OrderLine> {
  if (set.serviceDefId !== undefined) {
    const [other] = await tx
      .select({ id: orderItems.orderItemId })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.orderId, orderId),
          eq(orderItems.serviceDefId, set.serviceDefId),
          ne(orderItems.orderItemId, itemId),
        ),
      );
    if (other) throw badRequest('serviceDefId', 'the order already has a line for this service');
  }
  const [row] = await tx
    .update(orderItems)
    .set(set)
    .where(and(eq(orderItems.orderItemId, itemId), eq(orderItems.orderId, orderId)))
    .returning();
  if (!row) throw notFound('Order line not found.');
  await touch(tx, orderId, now);
  return toOrderLine(row);
}

/** Change fields of a line (PUT …/Lines/Line with the line's id). */
export async function updateOrderLine(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  orderId: number,
  input: UpdateOrderLineInput,
  list: ListPrices | null,
  now: Date,
): Promise<OrderLine> {
  const { id, ...f } = input;
  if (Object.values(f).every((v) => v === undefined)) throw badRequest('body', 'names no field to update');
  await changeableOrder(ctx, tx, user, orderId);
  checkLinePrices(list, f, await lineRow(tx, orderId, id));
  const set: LineSet = {};
  if (f.serviceDefId !== undefined) set.serviceDefId = f.serviceDefId;
  if (f.serviceName !== undefined) set.serviceName = f.serviceName;
  if (f.rounds !== undefined) set.rounds = f.rounds;
  if (f.unitPrice !== undefined) set.unitPrice = toNumeric(f.unitPrice);
  if (f.quantity !== undefined) set.quantity = f.quantity;
  if (f.extendedPrice !== undefined) set.extendedPrice = toNumeric(f.extendedPrice);
  if (f.unitPriceSold !== undefined) set.unitPriceSold = toNumeric(f.unitPriceSold);
  if (f.extendedPriceSold !== undefined) set.extendedPriceSold = toNumeric(f.extendedPriceSold);
  if (f.installment !== undefined) set.installment = f.installment;
  if (f.remainMonths !== undefined) set.remainMonths = f.remainMonths;
  return writeLine(tx, orderId, id, set, now);
}

/** JSON Patch of a line: replace unitPrice, quantity, extendedPrice, unitPriceSold, extendedPriceSold. */
export async function patchOrderLine(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  orderId: number,
  itemId: number,
  ops: z.output<typeof OrderLinePatchRequest>,
  list: ListPrices | null,
  now: Date,
): Promise<OrderLine> {
  await changeableOrder(ctx, tx, user, orderId);
  const stored = await lineRow(tx, orderId, itemId);
  const sent: Record<string, number> = {};
  for (const op of ops) sent[op.path.slice(1)] = op.value as number;
  checkLinePrices(list, sent, stored);
  const set: LineSet = {};
  for (const op of ops) {
    const value = op.value as number;
    switch (op.path) {
      case '/unitPrice':
        set.unitPrice = toNumeric(value);
        break;
      case '/quantity':
        set.quantity = value;
        break;
      case '/extendedPrice':
        set.extendedPrice = toNumeric(value);
        break;
      case '/unitPriceSold':
        set.unitPriceSold = toNumeric(value);
        break;
      case '/extendedPriceSold':
        set.extendedPriceSold = toNumeric(value);
        break;
    }
  }
  return writeLine(tx, orderId, itemId, set, now);
}

// ---------------------------------------------------------------------------------------------------
// Discounts

/**
 * Discount an order by a coupon (POST …/Discounts/Coupon/{couponCode}). The amount is what the franchise's coupon
 * gives on the order's lines (order-guards.ts), never one the client names. A coupon discounts an order once:
 * applying it again prices it again on the lines as they are. Never more than the order's subtotal.
 */
export async function addOrderCoupon(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  orderId: number,
  code: string,
  data: Awaited<ReturnType<typeof couponsFor>>,
  now: Date,
) {
  const order = await changeableOrder(ctx, tx, user, orderId);
  const discount = await couponDiscount(tx, data, orderId, code);
  const couponCode = discount.code;
  const amount = Math.min(discount.amount, cents(Number(order.subTotal))) / 100;
  const [row] = await tx
    .insert(orderDiscounts)
    .values({ orderId, couponCode, amount: toNumeric(amount) })
    .onConflictDoUpdate({
      target: [orderDiscounts.orderId, orderDiscounts.couponCode],
      set: { amount: toNumeric(amount) },
    })
    .returning();
  if (!row) throw new AppError('INTERNAL', 'The order discount could not be written.');
  await touch(tx, orderId, now);
  return { id: row.orderDiscountId, orderId: row.orderId, couponCode: row.couponCode, amount: Number(row.amount) };
}
