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

/** A figure of §3: the properties (or neighbours) of one state, in the chosen zips (`z`) or in all of them. */
const figure = (name: string, where: string) => `coalesce(sum(s.n) filter (where ${where}), 0)::int as "${name}"`;

/**
 * §3's figures over the counts' rows, each row marked `z` when in the chosen zips. Constants (the states), not
 * parameters, so that the text is compiled once and every request sends the same statement.
 */
const FIGURES = sql.raw(
  [
    figure('propertiesMeasured', `s.z and not s.is_neighbor and s.state = ${STATE.Measured}`),
    figure('propertiesUnmeasured', `s.z and not s.is_neighbor and s.state = ${STATE.Unmeasured}`),
    figure('propertiesNotMeasured', `s.z and not s.is_neighbor and s.state = ${STATE.NotMeasured}`),
    figure('neighborsMeasured', `s.z and s.is_neighbor and s.state = ${STATE.Measured}`),
    figure('neighborsUnmeasured', `s.z and s.is_neighbor and s.state = ${STATE.Unmeasured}`),
    figure('totalPropertiesMeasured', `not s.is_neighbor and s.state = ${STATE.Measured}`),
    figure('totalNeighborsMeasured', `s.is_neighbor and s.state = ${STATE.Measured}`),
    figure('notMeasuredNeighbors', `s.z and s.is_neighbor and s.state = ${STATE.NotMeasured}`),
  ].join(',\n'),
);

/**
 * §3's statistics. Properties are customers' own, neighbours the others; measured has a size, not measured a
 * reason, unmeasured neither. The totals are the franchise's over every zip; the rest the chosen zips' (every zip
 * when none is chosen).
 */
export function pitStatisticsStatement(scope: Scope, branchNo: string | null, zips: string[]): SQL {
  return sql`select ${FIGURES}
    from (select k.n, k.is_neighbor, k.state, ${zipsIn(zips)} as z
      from measureit_counts k where ${countsWhere(scope, branchNo)}) s`;
}
