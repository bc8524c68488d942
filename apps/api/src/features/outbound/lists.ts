/**
 * Outbound list queries. LISTED is the predicate of the partial indexes and of the counts trigger in
 * migration 0004; keep the three identical.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Scope } from '@cc/domain';
import { callTime, dayAfter, dayStart } from '../../db/sql.js';
import { outboundCalls as o } from '../../db/schema/index.js';
import { inScope } from '../../http/scope.js';

export const LISTED = sql`not ${o.callComplete} and ${o.deletedAt} is null and ${o.custNo} is not null and ${o.custNo} <> -1 and (${o.type} <> 'PropertyEval' or ${o.enablePropEval})`;

/** The row with the spec's field names. */
export const ROW_COLUMNS = sql`
  ${o.outboundId} as "OutboundId", ${o.id} as "Id", ${o.type} as "Type", ${o.callSource} as "CallSource",
  ${o.callAttempts} as "CallAttempts", ${o.callOrigin} as "callOrigin", ${o.callBackCsr} as "callBackCSR",
  coalesce((select u.first_name || ' ' || u.last_name from users u where u.user_id = ${o.callBackCsr}), '') as "callBackCSRName",
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
  (select w.contact_id from web_leads w where w.web_lead_id = ${o.webLeadCallId}) as "ContactId"`;

const SORT_COLUMNS = {
  callBackDate: o.callBackDate,
  lastAccessDate: o.lastAccessDate,
  cust_No: o.custNo,
  branchNo: o.branchNo,
  LastName: o.lastName,
  FirstName: o.firstName,
  City: o.city,
  Zip: o.zip,
  CallStatus: o.callStatus,
} as const;
export type SortField = keyof typeof SORT_COLUMNS;

export interface ListFilter {
  type: string;
  scope: Scope;
  callTargetFrom?: string | undefined;
  callTargetTo?: string | undefined;
  lastCalledFrom?: string | undefined;
  lastCalledTo?: string | undefined;
  /** Branches the client asked for; applied on top of the scope, never instead of it. */
  branches?: string[] | undefined;
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
  ];
}

/**
 * One page of a list. The ids of the page are found first, in the order of the sort column's index (migration
 * 0008: an index per sortable column, branchno included, so a scoped page is an index-only scan), and only those
 * 25 rows are read in full. Rows without a call target or last-called time come last both ways (those two columns
 * have a descending index as well); the other columns are never null, so a backward scan serves their descending
 * order ('desc nulls first' is the order a backward scan gives; with no nulls it is the same order).
 */
export function listPageQuery(where: SQL[], sort: SortField, dir: 'asc' | 'desc', page: number, pageSize: number): SQL {
  const column = SORT_COLUMNS[sort];
  const nullable = sort === 'callBackDate' || sort === 'lastAccessDate';
  const order = dir === 'asc' ? sql`asc nulls last` : nullable ? sql`desc nulls last` : sql`desc nulls first`;
  const idOrder = dir === 'desc' ? sql`desc` : sql`asc`;
  const ids = sql`select ${o.outboundId} from ${o} where ${sql.join(where, sql` and `)}
    order by ${column} ${order}, ${o.outboundId} ${idOrder}
    limit ${pageSize} offset ${(page - 1) * pageSize}`;
  return sql`select ${ROW_COLUMNS} from ${o} where ${o.outboundId} in (${ids})
    order by ${column} ${order}, ${o.outboundId} ${idOrder}`;
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
  return sql`select coalesce(sum(n), 0)::int as total from outbound_counts where ${sql.join(where, sql` and `)}`;
}

/** The count statement for a list: the kept counts unless a day filter narrows it. */
export function listTotalQuery(filter: ListFilter): SQL {
  const dayFiltered = Boolean(
    filter.callTargetFrom || filter.callTargetTo || filter.lastCalledFrom || filter.lastCalledTo,
  );
  return dayFiltered ? listCountQuery(listConditions(filter)) : keptCountQuery(filter);
}

/** Counts per call type from the trigger-kept table: a few rows per branch, whatever the list size. */
export function countsQuery(scope: Scope, branches?: string[]): SQL {
  const branch = sql`outbound_counts.branchno`;
  const where = [inScope(scope, branch), ...branchFilter(branch, branches)];
  return sql`select type, coalesce(sum(n), 0)::int as n from outbound_counts
    where ${sql.join(where, sql` and `)} group by type`;
}
