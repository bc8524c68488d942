import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboundCalls } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { notFound } from '../../http/errors.js';
import { customerRow, franchiseInScope } from './customer.js';

/**
 * A call may be opened only for a customer (or, for a new prospect (0) or an unknown customer (-1), the
 * franchise) and outbound row in scope. Runs in the transaction of the write it guards, so that what was checked
 * is what is written (the outbound row is locked until that transaction ends).
 */
export async function requireCallInScope(
  db: DbOrTx,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
  outboundId?: number,
): Promise<void> {
  if (customerNo <= 0) await franchiseInScope(db, user.scope, sqldbid);
  else if (!(await customerRow(db, user.scope, sqldbid, customerNo))) throw notFound('Customer Not Found.');
  if (outboundId !== undefined) {
    const [row] = await db
      .select({ id: outboundCalls.outboundId })
      .from(outboundCalls)
      .where(
        and(
          eq(outboundCalls.outboundId, outboundId),
          eq(outboundCalls.sqldbid, sqldbid),
          inScope(user.scope, outboundCalls.branchNo),
        ),
      )
      .for('update');
    if (!row) throw notFound('Call not found.');
  }
}
