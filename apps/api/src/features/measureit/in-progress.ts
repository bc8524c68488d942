/**
 * The measurement the caller left in progress (administration.md §2; decision 043): the dashboard
 * sends a signed-in measurer back to the edit screen of the property whose lock they still hold. Only the caller's
 * own lock that has not lapsed (MEASUREIT_LOCK_SECONDS, decision 036) on a property in the caller's scope counts; of
 * several, the one opened last. By-address and commercial-lead measurements are not resumed (decision 043).
 */
import { sql } from 'drizzle-orm';
import type { MeasurementInProgressResponse } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';

export async function measurementInProgress(ctx: AppContext, user: AuthUser): Promise<MeasurementInProgressResponse> {
  const lockMs = ctx.config.measureItLockSeconds * 1000;
  const liveSince = new Date(ctx.now().getTime() - lockMs).toISOString();
  const [row] = rowsOf<{ property_id: number; sqldbid: number; customer_no: number | null; active_since: string }>(
    await ctx.db.execute(sql`select property_id, sqldbid, customer_no, active_since from measured_properties
      where active_user_id = ${user.userId} and active_since > ${liveSince}
        and ${inScope(user.scope, sql`branchno`)}
      order by active_since desc, property_id desc limit 1`),
  );
  if (!row) return { measurement: null };
  const since = new Date(row.active_since);
  return {
    measurement: {
      propertyId: Number(row.property_id),
      sqldbid: Number(row.sqldbid),
      customerNo: row.customer_no === null ? null : Number(row.customer_no),
      since: since.toISOString(),
      expiresAt: new Date(since.getTime() + lockMs).toISOString(),
    },
  };
}
