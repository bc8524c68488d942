/**
 * The MeasureIt search's grid (decision 041) over the shared grid-query module: every field a row has,
 * what it reads, and the search's own filters (franchise, zips, mode, proximity, New Neighbor dates, custom list)
 * as SQL. The being-measured flag depends on the caller and the clock, so the grid is made per request.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MeasureItPropertyRow } from '@cc/contract';
import { callTime, frozen } from '../../db/sql.js';
import { defineGrid, type GridField } from '../../lib/grid-query/grid.js';
import { rowColumns } from '../../lib/grid-query/json-row.js';
import { inScope } from '../../http/scope.js';
import type { Scope } from '@cc/domain';

/** The parsed search filter (the contract's MeasureItSearchFilter after its defaults). */
export interface SearchFilter {
  branchNo: string | null;
  zips: string[];
  mode: 'Unmeasured' | 'NotMeasured' | 'Measured' | 'Both';
  proximity?: number | undefined;
  statusDateFrom?: string | undefined;
  statusDateTo?: string | undefined;
  customSearchListId?: number | undefined;
}

/**
 * A property and its not-measured reason. The customer's names are on the property row (migration 0034), so a page
 * is chosen from the property's own indexes and the search never reads customers.
 */
export const FROM = frozen(sql`measured_properties p
  left join not_measured_reasons r on r.not_measured_reason_id = p.not_measured_reason_id`);

/** The grid's fields but the being-measured flag, which depends on the caller and the clock. */
const FIELDS: Record<Exclude<keyof MeasureItPropertyRow, 'beingMeasured'>, GridField> = {
  propertyId: { sql: sql`p.property_id`, type: 'integer' },
  sqldbid: { sql: sql`p.sqldbid`, type: 'integer' },
  custNo: { sql: sql`p.customer_no`, type: 'integer', nullable: true },
  neighborOfCustNo: { sql: sql`p.neighbor_of_customer_no`, type: 'integer', nullable: true },
  branchNo: { sql: sql`p.branchno`, type: 'text' },
  firstName: { sql: sql`p.first_name`, type: 'text' },
  lastName: { sql: sql`p.last_name`, type: 'text' },
  streetAddress: { sql: sql`p.street_address`, type: 'text' },
  city: { sql: sql`p.city`, type: 'text' },
  state: { sql: sql`p.state`, type: 'text' },
  zip: { sql: sql`p.zip`, type: 'text' },
  yearBuilt: { sql: sql`p.year_built`, type: 'integer', nullable: true },
  proximity: { sql: sql`p.proximity`, type: 'integer', nullable: true },
  squareFeet: { sql: sql`p.square_feet`, type: 'number', nullable: true },
  // 'YYYY-MM-DD' compares as the date does; it sorts by the date itself, which its indexes hold.
  statusDate: {
    sql: sql`to_char(p.status_date, 'YYYY-MM-DD')`,
    type: 'text',
    nullable: true,
    sortBy: [{ sql: sql`p.status_date`, type: 'datetime', nullable: true }],
  },
  latitude: { sql: sql`p.latitude`, type: 'number' },
  longitude: { sql: sql`p.longitude`, type: 'number' },
  isNeighbor: { sql: sql`p.is_neighbor`, type: 'boolean' },
  complete: { sql: sql`p.complete`, type: 'boolean' },
  notMeasuredReasonId: { sql: sql`p.not_measured_reason_id`, type: 'integer', nullable: true },
  notMeasuredReason: { sql: sql`coalesce(r.name, '')`, type: 'text' },
  measurementDate: { sql: sql`p.measurement_date`, type: 'datetime', nullable: true },
  // An address, shown as a picture: no index orders by it, so it is not offered as an order.
  imagePath: { sql: sql`p.image_path`, type: 'text', sortable: false },
};

/**
 * The row's columns under the response's names (numbers as numbers, times as the call-centre clock shows them), all
 * but the being-measured flag compiled once. Read as columns and serialised by the API: for pages of 500 to 1,500 rows
 * the database's own JSON (json_build_object per row, then json_agg) cost three times as much (decision 048).
 */
const ROW_COLUMNS = frozen(
  rowColumns(FIELDS, (def) =>
    def.type === 'datetime'
      ? callTime(def.sql)
      : // numeric, and the bigint key, which the driver would give as text
        def.type === 'number' || def === FIELDS.propertyId
        ? sql`(${def.sql})::float8`
        : def.sql,
  ),
);

/** The grid for one caller at one instant: a lock of another user younger than the lock time is "being measured". */
export function searchGrid(userId: number, lockCutoff: Date) {
  const beingMeasured: GridField = {
    sql: sql`(p.active_user_id is not null and p.active_user_id <> ${userId}
      and p.active_since >= ${lockCutoff.toISOString()}::timestamptz)`,
    type: 'boolean',
    sortable: false,
  };
  const grid = defineGrid({ fields: { ...FIELDS, beingMeasured }, key: sql`p.property_id` });
  const columns = sql`${ROW_COLUMNS}, ${beingMeasured.sql} as "beingMeasured"`;
  return { grid, columns };
}

/** One branch of the caller's scope, or for 'None' (null) every branch of it, over a column holding a branch. */
export function branchIn(scope: Scope, branchNo: string | null, column: SQL): SQL {
  const scoped = inScope(scope, column);
  return branchNo === null ? scoped : sql`${scoped} and ${column} = ${branchNo}`;
}

/** The chosen five-digit zips (every zip when none is chosen), over a column holding a five-digit zip. */
export function zipIn(zips: readonly string[], zip5: SQL): SQL {
  if (zips.length === 0) return sql`true`;
  return sql`${zip5} in (${sql.join(
    zips.map((z) => sql`${z}`),
    sql`, `,
  )})`;
}

/** The search's filters and the caller's scope as one condition over FROM. */
export function searchConditions(scope: Scope, filter: SearchFilter): SQL {
  const where: SQL[] = [branchIn(scope, filter.branchNo, sql`p.branchno`)];
  if (filter.zips.length > 0) where.push(zipIn(filter.zips, sql`left(p.zip, 5)`));
  where.push(modeCondition(filter.mode));
  if (filter.proximity !== undefined && filter.proximity !== 99) {
    where.push(sql`(p.proximity is null or p.proximity <= ${filter.proximity})`);
  }
  if (filter.statusDateFrom !== undefined || filter.statusDateTo !== undefined) {
    where.push(sql`p.is_neighbor and p.status_date is not null`);
    if (filter.statusDateFrom) where.push(sql`p.status_date >= ${filter.statusDateFrom}::date`);
    if (filter.statusDateTo) where.push(sql`p.status_date <= ${filter.statusDateTo}::date`);
  }
  if (filter.customSearchListId !== undefined) {
    where.push(sql`exists (select 1 from measureit_search_list_rows l where l.list_id = ${filter.customSearchListId}
      and l.branchno = p.branchno and l.cust_no = p.customer_no)`);
  }
  return sql.join(where, sql` and `);
}

/** §2's modes over a property's state (decision 041): a not-measured property is complete with a reason. */
export function modeCondition(mode: SearchFilter['mode']): SQL {
  switch (mode) {
    case 'Unmeasured':
      return sql`not p.complete`;
    case 'NotMeasured':
      return sql`p.complete and p.not_measured_reason_id is not null`;
    case 'Measured':
      return sql`p.complete and p.not_measured_reason_id is null`;
    case 'Both':
      return sql`true`;
  }
}
