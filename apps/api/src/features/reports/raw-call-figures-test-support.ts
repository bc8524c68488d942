/**
 * Test support: the report's call figures computed straight from `call_history` (the statement the report ran before
 * the calls' hours, docs/decisions/083-report-indexes-and-bench.md), against which the rollup's figures are checked
 * (call-hours.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CALL_TIME_ZONE, SALE_RESULTS, type Scope } from '@cc/domain';
import type { ReportGroup, ReportInterval } from '@cc/contract';
import { dayAfter, dayStart } from '../../db/sql.js';
import { inScope } from '../../http/scope.js';
import type { ReportRange } from './sql.js';

const tz = sql.raw(`'${CALL_TIME_ZONE}'`);
const sales = sql.join(
  SALE_RESULTS.map((r) => sql`${r}`),
  sql`, `,
);

function periodOf(instant: SQL, interval: ReportInterval): SQL {
  return interval === 'day'
    ? sql`to_char(${instant} at time zone ${tz}, 'YYYY-MM-DD')`
    : sql`to_char(${instant} at time zone ${tz}, 'YYYY-MM-DD HH24:"00"')`;
}

/** The group's key and label of a call history row `h` (with its user `u`). */
function groupOf(groupBy: ReportGroup): SQL {
  switch (groupBy) {
    case 'csr':
      return sql`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), h.csagent)`;
    case 'type':
      return sql`h.call_type`;
    case 'branch':
      return sql`h.branchno`;
  }
}

/** Calls handled per group, per period, per both and in all: ended in the range, in the scope, not cancelled. */
export function rawCallFigures(scope: Scope, range: ReportRange): SQL {
  const key = groupOf(range.groupBy);
  const period = periodOf(sql`h.call_end`, range.interval);
  const sale = sql`h.call_result in (${sales})`;
  const length = sql`extract(epoch from (h.call_end - h.call_start))`;
  return sql`
    select ${key} as key, min(${key}) as label, ${period} as period,
           grouping(${key}) as g_key, grouping(${period}) as g_period,
           count(*)::int as calls,
           avg(${length}) filter (where h.call_start is not null and h.call_start <= h.call_end) as handle,
           count(*) filter (where ${sale})::int as sales,
           coalesce(sum(h.totalcost) filter (where ${sale}), 0)::float8 as revenue,
           count(*) filter (where h.order_id is not null)::int as quotes
    from call_history h left join users u on u.user_id = h.csuser_id
    where h.call_end >= ${dayStart(range.from)} and h.call_end < ${dayAfter(range.to)}
      and h.call_result <> 'Cancel' and ${inScope(scope, sql`h.branchno`)}
    group by grouping sets ((${key}, ${period}), (${key}), (${period}), ())`;
}
