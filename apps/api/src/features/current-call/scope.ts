import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { outboundCalls } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { notFound } from '../../http/errors.js';
import { customerRow, franchiseInScope } from './customer.js';

/**
 * A call may be opened only for a customer (or, for a new prospect (0) or an unknown customer (-1), the
 * franchise) and outbound row in scope.
 */
export async function requireCallInScope(
  ctx: AppContext,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
  outboundId?: number,
): Promise<void> {
  if (customerNo <= 0) await franchiseInScope(ctx.db, user.scope, sqldbid);
  else if (!(await customerRow(ctx.db, user.scope, sqldbid, customerNo))) throw notFound('Customer Not Found.');
  if (outboundId !== undefined) {
    const [row] = await ctx.db
      .select({ id: outboundCalls.outboundId })
      .from(outboundCalls)
      .where(
        and(
          eq(outboundCalls.outboundId, outboundId),
          eq(outboundCalls.sqldbid, sqldbid),
          inScope(user.scope, outboundCalls.branchNo),
        ),
      );
    if (!row) throw notFound('Call not found.');
  }
}
