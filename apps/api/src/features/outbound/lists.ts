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
  ${o.webLeadCallId} as "webleadcallid", ${o.webLeadType} as "webleadtype"`;

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

export function listPageQuery(where: SQL[], sort: SortField, dir: 'asc' | 'desc', page: number, pageSize: number): SQL {
  const column = SORT_COLUMNS[sort];
  const order = dir === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  return sql`select ${ROW_COLUMNS} from ${o} where ${sql.join(where, sql` and `)}
    order by ${column} ${order}, ${o.outboundId} ${dir === 'desc' ? sql`desc` : sql`asc`}
    limit ${pageSize} offset ${(page - 1) * pageSize}`;
}

export function listCountQuery(where: SQL[]): SQL {
  return sql`select count(*)::int as total from ${o} where ${sql.join(where, sql` and `)}`;
}

/** Counts per call type from the trigger-kept table: a few rows per branch, whatever the list size. */
export function countsQuery(scope: Scope, branches?: string[]): SQL {
  const branch = sql`outbound_counts.branchno`;
  const where = [inScope(scope, branch), ...branchFilter(branch, branches)];
  return sql`select type, coalesce(sum(n), 0)::int as n from outbound_counts
    where ${sql.join(where, sql` and `)} group by type`;
}
