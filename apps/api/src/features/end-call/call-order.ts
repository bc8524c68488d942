/**
 * The end-call command's order (docs/decisions/013-prepared-statements.md).
 *
 * The functions of orders.ts and order-lines.ts serve the orders service one call at a time, so each checks the
 * order's scope and answers the whole order again. The end-call command has checked the customer's scope and priced
 * the order itself before its transaction, and the order is the one it is writing: these write each table once and
 * read nothing back.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderDiscounts, orderItems, orders } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { cents, toNumeric } from './shared.js';
import { checkTotals } from './orders.js';
import type { CreateOrderLineInput } from './order-lines.js';

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
