/**
 * Outbound list queries. LISTED is the predicate of the partial indexes and of the counts trigger in
 * migration 0004; keep the three identical.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Scope } from '@cc/domain';
import { callTime, dayAfter, dayStart, frozen, userName } from '../../db/sql.js';
import { outboundCalls as o } from '../../db/schema/index.js';
import { inScope, scopeHole, scopeShape, scopeValues, type ScopeShape } from '../../http/scope.js';
import { statementFamily } from '../../db/template.js';
import { pageIds } from '../../lib/grid-query/cursor-page.js';
import { defineGrid, type GridField } from '../../lib/grid-query/grid.js';

export const LISTED = frozen(
  sql`not ${o.callComplete} and ${o.deletedAt} is null and ${o.custNo} is not null and ${o.custNo} <> -1 and (${o.type} <> 'PropertyEval' or ${o.enablePropEval})`,
);

/** The row with the spec's field names. */
export const ROW_COLUMNS = frozen(sql`
  ${o.outboundId} as "OutboundId", ${o.id} as "Id", ${o.type} as "Type", ${o.callSource} as "CallSource",
  ${o.callAttempts} as "CallAttempts", ${o.callOrigin} as "callOrigin", ${o.callBackCsr} as "callBackCSR",
  ${userName(o.callBackCsr)} as "callBackCSRName",
  ${callTime(o.callBackDate)} as "callBackDate", ${o.callComplete} as "callComplete",
  ${callTime(o.lastAccessDate)} as "lastAccessDate", ${callTime(o.lastAccessDate)} as "LastCalled",
  ${o.lastAccessCsr} as "lastaccesscsr", ${o.branchNo} as "branchNo", ${o.custNo} as "cust_No", ${o.sqldbid} as "SQLDBID",
  ${o.propEvalCode} as "PropEvalCode", ${o.enablePropEval} as "enablepropeval", ${o.firstName} as "FirstName",
  ${o.lastName} as "LastName", coalesce((select f.compname from franchises f where f.branchno = ${o.branchNo}), '') as "Name",
  ${o.street} as "Street", ${o.city} as "City", ${o.state} as "State", ${o.zip} as "Zip", ${o.phone} as "Phone",
  ${o.size}::float8 as "Size", ${o.customerType} as "CustomerType", ${o.custStatus} as "Status",
  ${o.callStatus} as "CallStatus", ${o.priceOffer}::float8 as "priceoffer", ${o.service} as "service",
  ${callTime(o.statusDate)} as "statusdate", ${o.callActive} as "callactive", ${o.comments} as "comments",
  ${o.webLeadCallId} as "webleadcallid", ${o.webLeadType} as "webleadtype",
  (select w.contact_id from web_leads w where w.web_lead_id = ${o.webLeadCallId}) as "ContactId"`);

/**
 * The sortable columns of a list (decision 034), each with its index in migration 0008 ((type, column, outbound_id),
 * branchno included). Only the call target and the last-called time may be empty (last both ways, with a descending
 * index each); the customer number is never null in a list (LISTED).
 */
const text = (column: SQL | AnyColumn): GridField => ({ sql: sql`${column}`, type: 'text' });
export const OUTBOUND_LIST_GRID = defineGrid({
  fields: {
    callBackDate: { sql: sql`${o.callBackDate}`, type: 'datetime', nullable: true },
    lastAccessDate: { sql: sql`${o.lastAccessDate}`, type: 'datetime', nullable: true },
    cust_No: { sql: sql`${o.custNo}`, type: 'integer' },
    branchNo: text(o.branchNo),
    LastName: text(o.lastName),
    FirstName: text(o.firstName),
    City: text(o.city),
    Zip: text(o.zip),
    CallStatus: text(o.callStatus),
  },
  key: sql`${o.outboundId}`,
});
export type SortField = (typeof OUTBOUND_LIST_GRID.fieldNames)[number];

export interface ListFilter {
  type: string;
  scope: Scope;
  callTargetFrom?: string | undefined;
  callTargetTo?: string | undefined;
  lastCalledFrom?: string | undefined;
  lastCalledTo?: string | undefined;
  /** Branches the client asked for; applied on top of the scope, never instead of it. */
  branches?: string[] | undefined;
  /** Groups of this call type assigned to another CSR (decision 031): their rows are not the caller's to work. */
  hidden?: RoutedGroup[] | undefined;
}

/** An outbound list group given to a CSR (csr_assignments): branch, call type, call source. */
export interface RoutedGroup {
  branchNo: string;
  type: string;
  source: string;
}

/**
 * Rows outside the groups assigned to other CSRs (decision 031). Nothing at all while no group is assigned, so the
 * list's plans (index-only scans on the sort columns) are what they were without assignments.
 */
export function routedAway(groups: RoutedGroup[] | undefined, withType = false): SQL[] {
  if (!groups || groups.length === 0) return [];
  return [sql`not ${inGroups(groups, withType)}`];
}

/** The row lies in one of `groups` (by branch and source, and call type when `withType`). */
function inGroups(groups: RoutedGroup[], withType: boolean): SQL {
  const rows = groups.map((g) =>
    withType ? sql`(${g.branchNo}, ${g.type}, ${g.source})` : sql`(${g.branchNo}, ${g.source})`,
  );
  const columns = withType ? sql`(${o.branchNo}, ${o.type}, ${o.callSource})` : sql`(${o.branchNo}, ${o.callSource})`;
  return sql`${columns} in (${sql.join(rows, sql`, `)})`;
}

export function branchFilter(column: SQL | AnyColumn, branches: string[] | undefined): SQL[] {
  if (branches === undefined) return [];
  if (branches.length === 0) return [sql`false`];
  return [
    sql`${column} in (${sql.join(
      branches.map((b) => sql`${b}`),
      sql`, `,
    )})`,
  ];
}

/** A whole-day range in America/Chicago as instants: [from 00:00, to + 1 day 00:00). */
function dayRange(column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= ${dayStart(from)}`);
  if (to) out.push(sql`${column} < ${dayAfter(to)}`);
  return out;
}

export function listConditions(filter: ListFilter): SQL[] {
  return [
    LISTED,
    sql`${o.type} = ${filter.type}`,
    inScope(filter.scope, o.branchNo),
    ...branchFilter(o.branchNo, filter.branches),
    ...dayRange(o.callBackDate, filter.callTargetFrom, filter.callTargetTo),
    ...dayRange(o.lastAccessDate, filter.lastCalledFrom, filter.lastCalledTo),
    ...routedAway(filter.hidden),
  ];
}

/** A list's order as the grid's order items: the column, then the outbound id the same way. */
export const listOrder = (sort: SortField, dir: 'asc' | 'desc') => [{ field: sort, dir, at: 0 }];

/**
 * One page of a list, with the sort keys of each row (k0, k1: the page's cursor is its last row's). The ids of the
 * page are found first, in the order of the sort column's index (migration 0008: an index per sortable column,
 * branchno included, so a scoped page is an index-only scan), and only those rows are read in full. With `after`
 * (a cursor's keys) the page is the rows after that row, each part of them (grid.afterParts) an index range read
 * for at most a page: the next page costs what the first does. Without it, the page by number (OFFSET), for a jump.
 * Rows without a call target or last-called time come last both ways.
 */
export function listPageQuery(
  where: SQL[],
  sort: SortField,
  dir: 'asc' | 'desc',
  page: number,
  pageSize: number,
  after?: readonly (string | null)[],
): SQL {
  const items = listOrder(sort, dir);
  const ids = pageIds(
    OUTBOUND_LIST_GRID,
    items,
    { id: sql`${o.outboundId}`, from: sql`${o}`, where: sql.join(where, sql` and `) },
    { keys: after ?? null, page, pageSize },
  );
  return sql`select ${ROW_COLUMNS}, ${OUTBOUND_LIST_GRID.sortKeys(items)} from ${o} where ${o.outboundId} in (${ids})
    order by ${OUTBOUND_LIST_GRID.orderBy(items)} limit ${pageSize}`;
}

/** The number of rows of a list, counted in the list (for day filters, which the kept counts cannot answer). */
export function listCountQuery(where: SQL[]): SQL {
  return sql`select count(*)::int as total from ${o} where ${sql.join(where, sql` and `)}`;
}

/**
 * The number of rows of a list without day filters, from the trigger-kept counts (same predicate, same scope):
 * a few rows per branch instead of counting up to a hundred thousand rows on every page.
 */
export function keptCountQuery(filter: ListFilter): SQL {
  const branch = sql`outbound_counts.branchno`;
  const where = [
    sql`outbound_counts.type = ${filter.type}`,
    inScope(filter.scope, branch),
    ...branchFilter(branch, filter.branches),
  ];
  if (!filter.hidden || filter.hidden.length === 0) {
    return sql`select coalesce(sum(n), 0)::int as total from outbound_counts where ${sql.join(where, sql` and `)}`;
  }
  const kept = sql`select coalesce(sum(n), 0) from outbound_counts where ${sql.join(where, sql` and `)}`;
  // Less the rows of groups routed to other CSRs: those groups only, through the list's own predicate.
  const away = [
    LISTED,
    sql`${o.type} = ${filter.type}`,
    inScope(filter.scope, o.branchNo),
    ...branchFilter(o.branchNo, filter.branches),
    inGroups(filter.hidden, false),
  ];
  return sql`select ((${kept}) - (select count(*) from ${o} where ${sql.join(away, sql` and `)}))::int as total`;
}

/** The count statement for a list: the kept counts unless a day filter narrows it. */
export function listTotalQuery(filter: ListFilter): SQL {
  const dayFiltered = Boolean(
    filter.callTargetFrom || filter.callTargetTo || filter.lastCalledFrom || filter.lastCalledTo,
  );
  return dayFiltered ? listCountQuery(listConditions(filter)) : keptCountQuery(filter);
}

const countsStatement = statementFamily((shape: { scope: ScopeShape; branches: boolean }) => {
  const branch = sql.raw('outbound_counts.branchno');
  return sql`select type, coalesce(sum(n), 0)::int as n from outbound_counts
    where ${scopeHole(shape.scope, branch)}
      ${shape.branches ? sql`and ${branch} = any(${sql.placeholder('branches')}::text[])` : sql``}
    group by type`;
});

/** Counts per call type from the trigger-kept table: a few rows per branch, whatever the list size. */
export function countsQuery(scope: Scope, branches?: string[], hidden?: RoutedGroup[]): SQL {
  if (!hidden || hidden.length === 0) {
    return countsStatement(
      { scope: scopeShape(scope), branches: branches !== undefined },
      { ...scopeValues(scope), branches: branches ?? null },
    );
  }
  const branch = sql`outbound_counts.branchno`;
  const where = [inScope(scope, branch), ...branchFilter(branch, branches)];
  // Less the rows of groups routed to other CSRs (decision 031), counted in those groups only.
  const away = [LISTED, inScope(scope, o.branchNo), ...branchFilter(o.branchNo, branches), inGroups(hidden, true)];
  return sql`select type, coalesce(sum(n), 0)::int as n from (
      select type, n from outbound_counts where ${sql.join(where, sql` and `)}
      union all
      select ${o.type} as type, -count(*) as n from ${o} where ${sql.join(away, sql` and `)} group by ${o.type}
    ) kept group by type`;
}
