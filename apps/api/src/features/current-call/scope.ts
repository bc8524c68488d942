import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customers, outboundCalls } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { LISTED } from '../outbound/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import { franchiseInScope } from './customer.js';

export interface CallInScopeOptions {
  /** Keep the customer's row (FOR SHARE) until the transaction ends, as it was found in scope. */
  holdCustomer?: boolean;
  /**
   * The outbound row must still be listed and of this call type (the end of a call); one that is not is a bad
   * `outboundId` (400) rather than a call not found (404).
   */
  listedOfType?: string;
}

/**
 * A call may be opened, or ended, only for a customer (or, for a new prospect (0) or an unknown customer (-1), the
 * franchise) and outbound row in scope. Runs in the transaction of the write it guards, so that what was checked
 * is what is written: the outbound row is locked until that transaction ends, and with `holdCustomer` the customer
 * row is held too, so that what was read before the transaction began (to price the call) cannot have left the
 * user's scope by the time the call is written.
 */
export async function requireCallInScope(
  db: DbOrTx,
  user: AuthUser,
  call: { sqldbid: number; customerNo: number; outboundId?: number | undefined },
  options: CallInScopeOptions = {},
): Promise<void> {
  if (call.customerNo <= 0) {
    await franchiseInScope(db, user.scope, call.sqldbid);
  } else {
    const found = db
      .select({ customerNo: customers.customerNo })
      .from(customers)
      .where(
        and(
          eq(customers.sqldbid, call.sqldbid),
          eq(customers.customerNo, call.customerNo),
          inScope(user.scope, customers.branchNo),
        ),
      );
    const [row] = options.holdCustomer ? await found.for('share') : await found;
    if (!row) throw notFound('Customer Not Found.');
  }
  if (call.outboundId === undefined) return;
  const listed = options.listedOfType;
  const [row] = await db
    .select({ id: outboundCalls.outboundId })
    .from(outboundCalls)
    .where(
      and(
        eq(outboundCalls.outboundId, call.outboundId),
        eq(outboundCalls.sqldbid, call.sqldbid),
        inScope(user.scope, outboundCalls.branchNo),
        ...(listed === undefined ? [] : [eq(outboundCalls.type, listed), LISTED]),
      ),
    )
    .for('update');
  if (row) return;
  if (listed !== undefined) {
    throw badRequest('outboundId', 'is not a listed call of this type and franchise in your scope');
  }
  throw notFound('Call not found.');
}
