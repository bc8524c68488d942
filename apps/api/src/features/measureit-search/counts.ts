/**
 * The MeasureIt search's counts kept in advance (migration 0034: measureit_counts, properties per branch, five-digit
 * zip, neighbour or not, state and proximity, kept by triggers). The statistics and the count of a search by
 * franchise, zips, mode and proximity are sums of a few hundred of its rows: exact, whatever the number of properties.
 * A search with a New Neighbor date range, a custom list or an OData $filter counts its matches (search.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Scope } from '@cc/domain';
import { branchIn, zipIn, type SearchFilter } from './grid.js';

/** measureit_state(): 0 unmeasured, 1 not measured (a reason), 2 measured (a size). */
const STATE = { Unmeasured: 0, NotMeasured: 1, Measured: 2 } as const;

/** The rows of measureit_counts of a branch ('None': every branch of the scope). */
export const countsWhere = (scope: Scope, branchNo: string | null): SQL => branchIn(scope, branchNo, sql`k.branchno`);

const zipsIn = (zips: readonly string[]): SQL => zipIn(zips, sql`k.zip5`);

/** Can the search's count be read from the counts (no date range, custom list or OData filter)? */
export function countable(filter: SearchFilter, odataFilter: string | undefined): boolean {
  return (
    !odataFilter?.trim() &&
    filter.statusDateFrom === undefined &&
    filter.statusDateTo === undefined &&
    filter.customSearchListId === undefined
  );
}

/** The count of a countable search (see {@link countable}), exactly. */
export function countedSearchStatement(scope: Scope, filter: SearchFilter): SQL {
  const where: SQL[] = [countsWhere(scope, filter.branchNo), zipsIn(filter.zips)];
  if (filter.mode !== 'Both') where.push(sql`k.state = ${STATE[filter.mode]}`);
  if (filter.proximity !== undefined && filter.proximity !== 99) {
    where.push(sql`(k.proximity = -1 or k.proximity <= ${filter.proximity})`);
  }
  return sql`select coalesce(sum(k.n), 0)::int as n from measureit_counts k where ${sql.join(where, sql` and `)}`;
}

/**
 * §3's statistics. Properties are customers' own, neighbours the others; measured has a size, not measured a
 * reason, unmeasured neither. The totals are the franchise's over every zip; the rest the chosen zips' (every zip
 * when none is chosen).
 */
export function pitStatisticsStatement(scope: Scope, branchNo: string | null, zips: string[]): SQL {
  const inZips = zipsIn(zips);
  const sum = (where: SQL) => sql`coalesce(sum(k.n) filter (where ${where}), 0)::int`;
  const unmeasured = sql`k.state = ${STATE.Unmeasured}`;
  const notMeasured = sql`k.state = ${STATE.NotMeasured}`;
  const measured = sql`k.state = ${STATE.Measured}`;
  return sql`select
      ${sum(sql`${inZips} and not k.is_neighbor and ${measured}`)} as "propertiesMeasured",
      ${sum(sql`${inZips} and not k.is_neighbor and ${unmeasured}`)} as "propertiesUnmeasured",
      ${sum(sql`${inZips} and not k.is_neighbor and ${notMeasured}`)} as "propertiesNotMeasured",
      ${sum(sql`${inZips} and k.is_neighbor and ${measured}`)} as "neighborsMeasured",
      ${sum(sql`${inZips} and k.is_neighbor and ${unmeasured}`)} as "neighborsUnmeasured",
      ${sum(sql`not k.is_neighbor and ${measured}`)} as "totalPropertiesMeasured",
      ${sum(sql`k.is_neighbor and ${measured}`)} as "totalNeighborsMeasured",
      ${sum(sql`${inZips} and k.is_neighbor and ${notMeasured}`)} as "notMeasuredNeighbors"
    from measureit_counts k where ${countsWhere(scope, branchNo)}`;
}
