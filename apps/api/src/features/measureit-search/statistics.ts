/**
 * The search screen's reference calls and figures (decision 041): the franchises a user may search (an
 * independent-franchise user preselected to its first and held to its own, a user without a franchise offered 'None'), a
 * franchise's zip codes, and the pit statistics (summed from the counts kept in advance: counts.ts).
 */
import { sql } from 'drizzle-orm';
import type { PitStatistics } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';
import { countsWhere, pitStatisticsStatement } from './counts.js';

/** Company type 3: an independent franchise (administration.md §6). */
const INDEPENDENT_FRANCHISE = 3;

export async function franchisesFor(ctx: AppContext, user: AuthUser) {
  const franchises = rowsOf<{ branchNo: string; sqldbid: number; compName: string; designation: string }>(
    await ctx.db.execute(sql`select f.branchno as "branchNo", f.sqldbid, f.compname as "compName", f.designation
      from franchises f where ${inScope(user.scope, sql`f.branchno`)} order by f.branchno`),
  );
  const own = user.branches.find((b) => franchises.some((f) => f.branchNo === b)) ?? null;
  // An independent franchise's scope is its own branches, so `franchises` is exactly what it may pick from: every one
  // of them when it has several, and only then is the choice not locked (decision 063).
  const ownOnly = user.companyId === INDEPENDENT_FRANCHISE && own !== null;
  return {
    franchises,
    preselected: own,
    ownOnly,
    locked: ownOnly && franchises.length === 1,
    noFranchise: own === null,
  };
}

/** A franchise's zip codes (every branch of the scope for 'None') with their properties, from the counts. */
export async function zipCodes(ctx: AppContext, user: AuthUser, branchNo: string | null) {
  const zips = rowsOf<{ zip: string; properties: number }>(
    await ctx.db.execute(sql`select k.zip5 as zip, sum(k.n)::int as properties
      from measureit_counts k where ${countsWhere(user.scope, branchNo)}
      group by k.zip5 having sum(k.n) > 0 order by 1`),
  );
  return { zips };
}

/** §3's statistics, summed from the counts kept in advance (counts.ts). */
export async function pitStatistics(
  ctx: AppContext,
  user: AuthUser,
  branchNo: string | null,
  zips: string[],
): Promise<PitStatistics> {
  const [row] = rowsOf<PitStatistics>(await ctx.db.execute(pitStatisticsStatement(user.scope, branchNo, zips)));
  return row!;
}
