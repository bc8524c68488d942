/** Pieces the end-call services share: the call in scope, money and call-time conversions. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CALL_TIME_ZONE, decimalFromCents, formatLocalDateTime, type Scope } from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import { callHistory, customers, franchises, outboundCalls } from '../../db/schema/index.js';
import { inScope } from '../../http/scope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { franchiseInScope } from '../current-call/index.js';
import { LISTED } from '../outbound/index.js';

export type CallRow = typeof callHistory.$inferSelect;

/** Dollars (at most two decimals, validated by the contract) as a numeric(12,2) value. */
export function toNumeric(dollars: number): string {
  return decimalFromCents(Math.round(dollars * 100));
}

export const cents = (dollars: number): number => Math.round(dollars * 100);

/** A call time 'YYYY-MM-DD HH:mm:ss' in America/Chicago as an instant (for timestamptz columns). */
export function fromCallTime(value: string): SQL {
  return sql`(${value}::timestamp at time zone ${sql.raw(`'${CALL_TIME_ZONE}'`)})`;
}

/** Now as a call time, to compare with call times the client sends. */
export const nowAsCallTime = (now: Date): string => formatLocalDateTime(now, CALL_TIME_ZONE);

/** A call history record the user may see (its branch in scope), or 404. */
export async function callInScope(tx: DbOrTx, scope: Scope, callId: number): Promise<CallRow> {
  const [row] = await tx
    .select()
    .from(callHistory)
    .where(and(eq(callHistory.callId, callId), inScope(scope, callHistory.branchNo)));
  if (!row) throw notFound('Call not found.');
  return row;
}

export interface Place {
  branchNo: string;
  timeZone: string;
  /** The stored customer (customer numbers above 0). */
  customer?: typeof customers.$inferSelect;
}

/**
 * The branch a customer belongs to (a real customer in scope, else 404 'Customer Not Found.'), or for
 * a new prospect or an unknown customer (0 or -1) the franchise's main branch in scope. One statement.
 */
export async function placeOf(tx: DbOrTx, scope: Scope, sqldbid: number, customerNo: number): Promise<Place> {
  if (customerNo > 0) {
    const [row] = await tx
      .select({ customer: customers, timeZone: franchises.timeZone })
      .from(customers)
      .leftJoin(franchises, eq(franchises.branchNo, customers.branchNo))
      .where(
        and(eq(customers.sqldbid, sqldbid), eq(customers.customerNo, customerNo), inScope(scope, customers.branchNo)),
      );
    if (!row) throw notFound('Customer Not Found.');
    return { branchNo: row.customer.branchNo, timeZone: row.timeZone ?? CALL_TIME_ZONE, customer: row.customer };
  }
  const branch = await franchiseInScope(tx, scope, sqldbid);
  return { branchNo: branch.branchNo, timeZone: branch.timeZone };
}

/**
 * The scope of a call, checked again inside the transaction that writes it: the customer is held (FOR SHARE) as it
 * was found in scope, and the outbound row, still listed, of this type, franchise and scope, is locked until the
 * transaction ends. What was read before the transaction began (to price the call) cannot have left the user's
 * scope by the time the call is written.
 */
export async function holdCallInScope(
  tx: DbOrTx,
  scope: Scope,
  call: { sqldbid: number; customerNo: number; callType: string; outboundId?: number | undefined },
): Promise<void> {
  if (call.customerNo > 0) {
    const [row] = await tx
      .select({ customerNo: customers.customerNo })
      .from(customers)
      .where(
        and(
          eq(customers.sqldbid, call.sqldbid),
          eq(customers.customerNo, call.customerNo),
          inScope(scope, customers.branchNo),
        ),
      )
      .for('share');
    if (!row) throw notFound('Customer Not Found.');
  }
  if (call.outboundId !== undefined) {
    const [row] = await tx
      .select({ id: outboundCalls.outboundId })
      .from(outboundCalls)
      .where(
        and(
          eq(outboundCalls.outboundId, call.outboundId),
          eq(outboundCalls.sqldbid, call.sqldbid),
          eq(outboundCalls.type, call.callType),
          LISTED,
          inScope(scope, outboundCalls.branchNo),
        ),
      )
      .for('update');
    if (!row) throw badRequest('outboundId', 'is not a listed call of this type and franchise in your scope');
  }
}
