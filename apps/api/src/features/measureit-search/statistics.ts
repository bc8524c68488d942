/**
 * The search screen's reference calls and figures (issue 19; decision 041): the franchises a user may search (an
 * independent-franchise user preselected and held to its own, a user without a franchise offered 'None'), a
 * franchise's zip codes, and the pit statistics as one aggregate with FILTER clauses over the branch's rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PitStatistics } from '@cc/contract';
import type { Scope } from '@cc/domain';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { inScope } from '../../http/scope.js';

/** Company type 3: an independent franchise (administration.md §6). */
const INDEPENDENT_FRANCHISE = 3;

export async function franchisesFor(ctx: AppContext, user: AuthUser) {
  const franchises = rowsOf<{ branchNo: string; sqldbid: number; compName: string; designation: string }>(
    await ctx.db.execute(sql`select f.branchno as "branchNo", f.sqldbid, f.compname as "compName", f.designation
      from franchises f where ${inScope(user.scope, sql`f.branchno`)} order by f.branchno`),
  );
  const own = user.branches.find((b) => franchises.some((f) => f.branchNo === b)) ?? null;
  const independent = user.companyId === INDEPENDENT_FRANCHISE;
  return {
    franchises,
    preselected: own,
    locked: independent && own !== null,
    noFranchise: own === null,
  };
}

/** The branch condition of a request: one branch (in scope) or, for 'None', every branch of the scope. */
function branchCondition(scope: Scope, branchNo: string | null): SQL {
  const scoped = inScope(scope, sql`p.branchno`);
  return branchNo === null ? scoped : sql`${scoped} and p.branchno = ${branchNo}`;
}

export async function zipCodes(ctx: AppContext, user: AuthUser, branchNo: string | null) {
  const zips = rowsOf<{ zip: string; properties: number }>(
    await ctx.db.execute(sql`select left(p.zip, 5) as zip, count(*)::int as properties
      from measured_properties p where ${branchCondition(user.scope, branchNo)}
      group by left(p.zip, 5) order by 1`),
  );
  return { zips };
}

/**
 * §3's statistics. Properties are customers' own, neighbours the others; measured has a size, not measured a
 * reason, unmeasured neither. The totals are the franchise's over every zip; the rest the chosen zips' (every zip
 * when none is chosen).
 */
export async function pitStatistics(
  ctx: AppContext,
  user: AuthUser,
  branchNo: string | null,
  zips: string[],
): Promise<PitStatistics> {
  const [row] = rowsOf<PitStatistics>(await ctx.db.execute(pitStatisticsStatement(user.scope, branchNo, zips)));
  return row!;
}

/** The statistics' one statement (exported so that the benchmark runs exactly what the API runs). */
export function pitStatisticsStatement(scope: Scope, branchNo: string | null, zips: string[]): SQL {
  const inZips =
    zips.length === 0
      ? sql`true`
      : sql`left(p.zip, 5) in (${sql.join(
          zips.map((z) => sql`${z}`),
          sql`, `,
        )})`;
  const measured = sql`p.complete and p.not_measured_reason_id is null`;
  const notMeasured = sql`p.complete and p.not_measured_reason_id is not null`;
  return sql`select
      count(*) filter (where ${inZips} and not p.is_neighbor and ${measured})::int as "propertiesMeasured",
      count(*) filter (where ${inZips} and not p.is_neighbor and not p.complete)::int as "propertiesUnmeasured",
      count(*) filter (where ${inZips} and not p.is_neighbor and ${notMeasured})::int as "propertiesNotMeasured",
      count(*) filter (where ${inZips} and p.is_neighbor and ${measured})::int as "neighborsMeasured",
      count(*) filter (where ${inZips} and p.is_neighbor and not p.complete)::int as "neighborsUnmeasured",
      count(*) filter (where not p.is_neighbor and ${measured})::int as "totalPropertiesMeasured",
      count(*) filter (where p.is_neighbor and ${measured})::int as "totalNeighborsMeasured",
      count(*) filter (where ${inZips} and p.is_neighbor and ${notMeasured})::int as "notMeasuredNeighbors"
    from measured_properties p where ${branchCondition(scope, branchNo)}`;
}
