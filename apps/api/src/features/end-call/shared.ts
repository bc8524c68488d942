/** Pieces the end-call services share: the call in scope (and writable), money and call-time conversions. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CALL_TIME_ZONE, decimalFromCents, formatLocalDateTime, type Scope } from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext } from '../../context.js';
import { callHistory, customers, franchises } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { AppError, notFound } from '../../http/errors.js';
import { franchiseInScope, requireCallHeld } from '../current-call/index.js';

export type CallRow = typeof callHistory.$inferSelect;

/** Lawn size of a new prospect (call-handling.md §5, customer number 0). */
export const PROSPECT_LAWN_SIZE = 0.17;

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

/** A call history record the user may see (its branch in scope), or undefined. */
export async function findCallInScope(tx: DbOrTx, scope: Scope, callId: number): Promise<CallRow | undefined> {
  const [row] = await tx
    .select()
    .from(callHistory)
    .where(and(eq(callHistory.callId, callId), inScope(scope, callHistory.branchNo)));
  return row;
}

/** A call history record the user may see (its branch in scope), or 404. */
export async function callInScope(tx: DbOrTx, scope: Scope, callId: number): Promise<CallRow> {
  const row = await findCallInScope(tx, scope, callId);
  if (!row) throw notFound('Call not found.');
  return row;
}

export const CALL_ENDED_MESSAGE = 'This call has ended: its history can no longer be changed.';
export const NOT_YOUR_CALL_MESSAGE = 'This call was taken by another user: only they can change its history.';

/**
 * A call history record the user may write (docs/decisions/021-orders-and-call-writes.md), locked
 * for the rest of the transaction: in scope (else 404), the user's own call, not ended (no call_end yet) and held by
 * the user (the customer's call lock), else 409 with nothing written. The end-call command writes its own new record
 * in its transaction and does not come here.
 */
export async function writableCall(ctx: AppContext, tx: DbOrTx, user: AuthUser, callId: number): Promise<CallRow> {
  const [row] = await tx
    .select()
    .from(callHistory)
    .where(and(eq(callHistory.callId, callId), inScope(user.scope, callHistory.branchNo)))
    .for('update');
  if (!row) throw notFound('Call not found.');
  if (row.csuserId !== user.userId) throw new AppError('CONFLICT', NOT_YOUR_CALL_MESSAGE);
  if (row.callEnd !== null) throw new AppError('CONFLICT', CALL_ENDED_MESSAGE);
  await requireCallHeld(ctx, tx, user, row.sqldbid, row.custNo);
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
