/**
 * The orders service (call-handling.md §7, header X-SessionId): sessions, orders with their lines and
 * coupon discounts, JSON Patch of the order's source and autopay flag and of a line's prices. Every
 * order is read and written within the user's scope (its branch). Functions take the transaction they
 * run in, so the end-call command can create an order with its lines in the same one as the call.
 * Sessions are in order-sessions.ts, the lines and coupon discounts in order-lines.ts and the end-call command's
 * order in call-order.ts.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CALL_TIME_ZONE, formatLocalDateTime, type Scope } from '@cc/domain';
import type { CreateOrderRequest, Order, OrderLine, OrderPatchRequest, UpdateOrderRequest } from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callTime } from '../../db/sql.js';
import { callHistory, orderDiscounts, orderItems, orders } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { cents, placeOf, toNumeric } from './shared.js';
import { changeableOrder, checkOrderTotals } from './order-guards.js';

// ---------------------------------------------------------------------------------------------------
// Reading

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;

export function toOrderLine(row: LineRow): OrderLine {
  return {
    id: row.orderItemId,
    orderId: row.orderId,
    serviceDefId: row.serviceDefId,
    serviceName: row.serviceName,
    rounds: row.rounds,
    unitPrice: Number(row.unitPrice),
    quantity: row.quantity,
    extendedPrice: Number(row.extendedPrice),
    unitPriceSold: Number(row.unitPriceSold),
    extendedPriceSold: Number(row.extendedPriceSold),
    installment: row.installment,
    remainMonths: row.remainMonths,
  };
}

/** The order row in the user's scope (changes go through order-guards.ts `changeableOrder`). */
async function orderRow(tx: DbOrTx, scope: Scope, orderId: number): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.orderId, orderId), inScope(scope, orders.branchNo)));
  if (!row) throw notFound('Order not found.');
  return row;
}

async function presentOrder(tx: DbOrTx, row: OrderRow): Promise<Order> {
  const [times] = await tx
    .select({
      createdAt: sql<string>`${callTime(orders.createdAt)}`,
      updatedAt: sql<string>`${callTime(orders.updatedAt)}`,
    })
    .from(orders)
    .where(eq(orders.orderId, row.orderId));
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.orderId))
    .orderBy(asc(orderItems.orderItemId));
  const discounts = await tx
    .select()
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, row.orderId))
    .orderBy(asc(orderDiscounts.orderDiscountId));
  return {
    id: row.orderId,
    sqldbid: row.sqldbid,
    customerNo: row.customerNo,
    branchNo: row.branchNo,
    callId: row.callId,
    serviceYear: row.serviceYear,
    isPrepay: row.isPrepay,
    ndc: row.ndc,
    orderType: row.orderType,
    orderStatus: row.orderStatus,
    isAutopay: row.isAutopay,
    subTotal: Number(row.subTotal),
    tax: Number(row.tax),
    total: Number(row.total),
    source: row.source,
    title: row.title,
    sessionId: row.sessionId,
    createdAt: times?.createdAt ?? '',
    updatedAt: times?.updatedAt ?? '',
    lines: lines.map(toOrderLine),
    discounts: discounts.map((d) => ({
      id: d.orderDiscountId,
      orderId: d.orderId,
      couponCode: d.couponCode,
      amount: Number(d.amount),
    })),
  };
}

export async function getOrder(tx: DbOrTx, user: AuthUser, orderId: number): Promise<Order> {
  return presentOrder(tx, await orderRow(tx, user.scope, orderId));
}

/** The customer's current order: the latest one that has not expired, or null. */
export async function customerOrder(
  tx: DbOrTx,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
): Promise<Order | null> {
  await placeOf(tx, user.scope, sqldbid, customerNo);
  if (customerNo === 0) return null;
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.sqldbid, sqldbid),
        eq(orders.customerNo, customerNo),
        ne(orders.orderStatus, 'EXPIRED'),
        inScope(user.scope, orders.branchNo),
      ),
    )
    .orderBy(desc(orders.updatedAt), desc(orders.orderId))
    .limit(1);
  return row ? presentOrder(tx, row) : null;
}

// ---------------------------------------------------------------------------------------------------
// Orders

export type CreateOrderInput = z.output<typeof CreateOrderRequest>;
export type UpdateOrderInput = z.output<typeof UpdateOrderRequest>;

export function checkTotals(subTotal: number, tax: number, total: number): void {
  if (cents(subTotal) + cents(tax) !== cents(total)) throw badRequest('total', 'must be subTotal plus tax');
}

function serviceYearOf(now: Date): number {
  return Number(formatLocalDateTime(now, CALL_TIME_ZONE).slice(0, 4));
}

/**
 * Create an order for a customer in scope (or a new prospect, customer 0, of a franchise in scope).
 * With a call id, the call must be the customer's and in scope; a call has one order, so creating it
 * again answers the first one, and the call history record gets the order id.
 */
export async function createOrder(
  tx: DbOrTx,
  user: AuthUser,
  input: CreateOrderInput,
  sessionId: string | null,
  now: Date,
): Promise<Order> {
  checkTotals(input.subTotal, input.tax, input.total);
  const place = await placeOf(tx, user.scope, input.sqldbid, input.customerNo);
  const callId = input.callId ?? null;
  if (callId !== null) {
    const [call] = await tx
      .select({ sqldbid: callHistory.sqldbid, custNo: callHistory.custNo })
      .from(callHistory)
      .where(and(eq(callHistory.callId, callId), inScope(user.scope, callHistory.branchNo)));
    if (!call || call.sqldbid !== input.sqldbid || call.custNo !== input.customerNo) {
      throw badRequest('callId', 'is not a call of this customer in your scope');
    }
  }
  const inserted = await tx
    .insert(orders)
    .values({
      sqldbid: input.sqldbid,
      customerNo: input.customerNo,
      branchNo: place.branchNo,
      callId,
      serviceYear: input.serviceYear ?? serviceYearOf(now),
      isPrepay: input.isPrepay,
      ndc: input.ndc ?? '',
      orderType: input.orderType,
      orderStatus: input.orderStatus,
      isAutopay: input.isAutopay ?? false,
      subTotal: toNumeric(input.subTotal),
      tax: toNumeric(input.tax),
      total: toNumeric(input.total),
      source: input.source ?? '',
      title: input.title ?? '',
      sessionId,
      createdBy: user.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: orders.callId, where: sql`call_id is not null` })
    .returning();
  let row = inserted[0];
  if (!row && callId !== null) {
    [row] = await tx.select().from(orders).where(eq(orders.callId, callId));
  }
  if (!row) throw new AppError('INTERNAL', 'The order could not be written.');
  if (callId !== null) await tx.update(callHistory).set({ orderId: row.orderId }).where(eq(callHistory.callId, callId));
  return presentOrder(tx, row);
}

/** Change fields of an order in scope; subTotal + tax must still make the total. */
export async function updateOrder(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  input: UpdateOrderInput,
  now: Date,
): Promise<Order> {
  const { id, ...f } = input;
  if (Object.values(f).every((v) => v === undefined)) throw badRequest('body', 'names no field to update');
  const row = await changeableOrder(ctx, tx, user, id);
  checkTotals(f.subTotal ?? Number(row.subTotal), f.tax ?? Number(row.tax), f.total ?? Number(row.total));
  checkOrderTotals(user, f, row);
  const [updated] = await tx
    .update(orders)
    .set({
      ...(f.isPrepay !== undefined ? { isPrepay: f.isPrepay } : {}),
      ...(f.ndc !== undefined ? { ndc: f.ndc } : {}),
      ...(f.orderType !== undefined ? { orderType: f.orderType } : {}),
      ...(f.orderStatus !== undefined ? { orderStatus: f.orderStatus } : {}),
      ...(f.isAutopay !== undefined ? { isAutopay: f.isAutopay } : {}),
      ...(f.subTotal !== undefined ? { subTotal: toNumeric(f.subTotal) } : {}),
      ...(f.tax !== undefined ? { tax: toNumeric(f.tax) } : {}),
      ...(f.total !== undefined ? { total: toNumeric(f.total) } : {}),
      ...(f.source !== undefined ? { source: f.source } : {}),
      ...(f.title !== undefined ? { title: f.title } : {}),
      updatedAt: now,
    })
    .where(eq(orders.orderId, id))
    .returning();
  return presentOrder(tx, updated ?? row);
}

/** JSON Patch of an order: replace /source ('Call Center') or /IsAutopay (validated by the contract). */
export async function patchOrder(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  orderId: number,
  ops: z.output<typeof OrderPatchRequest>,
  now: Date,
): Promise<Order> {
  await changeableOrder(ctx, tx, user, orderId);
  const set: Partial<typeof orders.$inferInsert> = { updatedAt: now };
  for (const op of ops) {
    if (op.path === '/source') set.source = op.value as string;
    else set.isAutopay = op.value as boolean;
  }
  const [updated] = await tx.update(orders).set(set).where(eq(orders.orderId, orderId)).returning();
  if (!updated) throw notFound('Order not found.');
  return presentOrder(tx, updated);
}

/** Mark an order's source (POST /api/call-center/update-source). */
export async function setOrderSource(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  orderId: number,
  source: string,
  now: Date,
) {
  await changeableOrder(ctx, tx, user, orderId);
  const [updated] = await tx
    .update(orders)
    .set({ source, updatedAt: now })
    .where(eq(orders.orderId, orderId))
    .returning();
  if (!updated) throw notFound('Order not found.');
  return presentOrder(tx, updated);
}

/** Record an order's NDC code (POST /api/call-center/ndc-code, POST …/Lines/NDC/{ndc}). */
export async function setOrderNdc(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  orderId: number,
  ndc: string,
  now: Date,
) {
  await changeableOrder(ctx, tx, user, orderId);
  const [updated] = await tx.update(orders).set({ ndc, updatedAt: now }).where(eq(orders.orderId, orderId)).returning();
  if (!updated) throw notFound('Order not found.');
  return presentOrder(tx, updated);
}
