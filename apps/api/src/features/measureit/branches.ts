/**
 * The branches a measurement can be filed under (ours, decision 040): the active branches of the caller's scope,
 * and with a zip only those whose service area holds it — by address and for a commercial lead the screen offers
 * the branches serving the geocoded zip, so a measurer need not know the franchise map.
 */
import { sql } from 'drizzle-orm';
import type { MeasureItBranch } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';

export async function measureItBranches(
  ctx: AppContext,
  user: AuthUser,
  zip: string | undefined,
): Promise<{ branches: MeasureItBranch[] }> {
  const serving =
    zip === undefined
      ? sql`true`
      : sql`f.branchno in (select s.branchno from service_areas s where s.zip = ${zip.slice(0, 5)})`;
  const branches = rowsOf<MeasureItBranch>(
    await ctx.db.execute(sql`select f.branchno as "branchNo", f.sqldbid, f.compname as "companyName", f.city, f.state
      from franchises f
      where f.active and ${inScope(user.scope, sql`f.branchno`)} and ${serving}
      order by f.compname, f.branchno`),
  );
  return { branches };
}
