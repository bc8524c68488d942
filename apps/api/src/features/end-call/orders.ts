/**
 * The orders service (call-handling.md §7, header X-SessionId): sessions, orders with their lines and
 * coupon discounts, JSON Patch of the order's source and autopay flag and of a line's prices. Every
 * order is read and written within the user's scope (its branch). Functions take the transaction they
 * run in, so the end-call command can create an order with its lines in the same one as the call.
 */
import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CALL_TIME_ZONE, formatLocalDateTime, type Scope } from '@cc/domain';
import type {
  CreateOrderLineRequest,
  CreateOrderRequest,
  Order,
  OrderLine,
  OrderLinePatchRequest,
  OrderPatchRequest,
  UpdateOrderLineRequest,
  UpdateOrderRequest,
} from '@cc/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callTime } from '../../db/sql.js';
import { callHistory, orderDiscounts, orderItems, orderSessions, orders } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { cents, placeOf, toNumeric } from './shared.js';
import {
  changeableOrder,
  checkLinePrices,
  checkOrderTotals,
  couponDiscount,
  type couponsFor,
  type ListPrices,
} from './order-guards.js';

/** How long an orders-service session lasts (as long as the longest sign-in session). */
export const ORDER_SESSION_HOURS = 12;

// ---------------------------------------------------------------------------------------------------
// Sessions

export async function createOrderSession(tx: DbOrTx, user: AuthUser, now: Date) {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + ORDER_SESSION_HOURS * 3600_000);
  await tx.insert(orderSessions).values({ sessionId, userId: user.userId, createdAt: now, expiresAt });
  return { sessionId, expiresAt: formatLocalDateTime(expiresAt, CALL_TIME_ZONE) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The X-SessionId header must name an open orders-service session of the signed-in user. */
export async function requireOrderSession(
  tx: DbOrTx,
  user: AuthUser,
  header: string | string[] | undefined,
  now: Date,
): Promise<string> {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') {
    throw badRequest('X-SessionId', 'is required: open a session with POST /api/Sessions/Session');
  }
  if (!UUID.test(value.trim())) throw badRequest('X-SessionId', 'must be a session id from POST /api/Sessions/Session');
  const [session] = await tx
    .select({ sessionId: orderSessions.sessionId })
    .from(orderSessions)
    .where(
      and(
        eq(orderSessions.sessionId, value.trim().toLowerCase()),
        eq(orderSessions.userId, user.userId),
        gt(orderSessions.expiresAt, now),
      ),
    );
  if (!session) throw badRequest('X-SessionId', 'is not an open session of yours');
  return session.sessionId;
}

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

function checkTotals(subTotal: number, tax: number, total: number): void {
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

// ---------------------------------------------------------------------------------------------------
// The end-call command's order (docs/decisions/013-prepared-statements.md)
//
// The functions above serve the orders service one call at a time, so each checks the order's scope and answers the
// whole order again. The end-call command has checked the customer's scope and priced the order itself before its
// transaction, and the order is the one it is writing: these write each table once and read nothing back.

export interface CallOrderValues {
  sqldbid: number;
  customerNo: number;
  branchNo: string;
  callId: number;
  serviceYear: number;
  isPrepay: boolean;
  orderType: 'LCP' | 'UPSELL' | 'NORMAL';
  orderStatus: 'SUBMITTED' | 'PENDING';
  subTotal: number;
  tax: number;
  total: number;
  title: string;
}

/** Step 4, create the order: its id. */
export async function insertCallOrder(tx: DbOrTx, user: AuthUser, input: CallOrderValues, now: Date): Promise<number> {
  checkTotals(input.subTotal, input.tax, input.total);
  const [row] = await tx
    .insert(orders)
    .values({
      sqldbid: input.sqldbid,
      customerNo: input.customerNo,
      branchNo: input.branchNo,
      callId: input.callId,
      serviceYear: input.serviceYear,
      isPrepay: input.isPrepay,
      orderType: input.orderType,
      orderStatus: input.orderStatus,
      isAutopay: false,
      subTotal: toNumeric(input.subTotal),
      tax: toNumeric(input.tax),
      total: toNumeric(input.total),
      source: '',
      title: input.title,
      sessionId: null,
      createdBy: user.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ orderId: orders.orderId });
  if (!row) throw new AppError('INTERNAL', 'The order could not be written.');
  return row.orderId;
}

/** Step 4, mark the order's source ('Call Center'). */
export async function writeOrderSource(tx: DbOrTx, orderId: number, source: string, now: Date): Promise<void> {
  await tx.update(orders).set({ source, updatedAt: now }).where(eq(orders.orderId, orderId));
}

/** Step 4, the order items: all in one insert (an order has one line per service). */
export async function insertOrderLines(
  tx: DbOrTx,
  orderId: number,
  lines: readonly CreateOrderLineInput[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(orderItems).values(
    lines.map((l) => ({
      orderId,
      serviceDefId: l.serviceDefId,
      serviceName: l.serviceName ?? '',
      rounds: l.rounds ?? 1,
      unitPrice: toNumeric(l.unitPrice),
      quantity: l.quantity,
      extendedPrice: toNumeric(l.extendedPrice),
      unitPriceSold: toNumeric(l.unitPriceSold),
      extendedPriceSold: toNumeric(l.extendedPriceSold),
      installment: l.installment ?? false,
      remainMonths: l.remainMonths ?? 0,
    })),
  );
}

/** Step 4, update the order (its totals) and set its autopay flag. */
export async function writeOrderTotals(
  tx: DbOrTx,
  orderId: number,
  totals: { subTotal: number; tax: number; total: number; isAutopay: boolean },
  now: Date,
): Promise<void> {
  checkTotals(totals.subTotal, totals.tax, totals.total);
  await tx
    .update(orders)
    .set({
      subTotal: toNumeric(totals.subTotal),
      tax: toNumeric(totals.tax),
      total: toNumeric(totals.total),
      isAutopay: totals.isAutopay,
      updatedAt: now,
    })
    .where(eq(orders.orderId, orderId));
}

/** Step 4, the coupon's order discount; never more than the order's subtotal. */
export async function insertOrderCoupon(
  tx: DbOrTx,
  orderId: number,
  coupon: { code: string; amount: number; subTotal: number },
): Promise<void> {
  if (cents(coupon.amount) > cents(coupon.subTotal)) {
    throw badRequest('amount', `must not be more than the order's subtotal (${coupon.subTotal.toFixed(2)})`);
  }
  await tx.insert(orderDiscounts).values({ orderId, couponCode: coupon.code, amount: toNumeric(coupon.amount) });
}
