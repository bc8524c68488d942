/**
 * The statements of the supervisor's numbers (docs/decisions/082-report-definitions.md), exported so that the
 * benchmark runs exactly what the API runs. Days and hours are the call centre's (CALL_TIME_ZONE); every part is
 * limited to the caller's scope.
 */
import { sql, type SQL } from 'drizzle-orm';
import { CALL_TIME_ZONE, seesEveryBranch, type Scope } from '@cc/domain';
import type { ReportGroup, ReportInterval } from '@cc/contract';
import { dayAfter, dayStart } from '../../db/sql.js';
import { inScope } from '../../http/scope.js';
import { isCsrUser } from '../agent-states/index.js';

const tz = sql.raw(`'${CALL_TIME_ZONE}'`);

export interface ReportRange {
  from: string;
  to: string;
  groupBy: ReportGroup;
  interval: ReportInterval;
}

/** The label of the period an instant falls in: its day, or its hour, on the call centre's clock. */
function periodOf(instant: SQL, interval: ReportInterval): SQL {
  return interval === 'day'
    ? sql`to_char(${instant} at time zone ${tz}, 'YYYY-MM-DD')`
    : sql`to_char(${instant} at time zone ${tz}, 'YYYY-MM-DD HH24:"00"')`;
}

/**
 * The levels of the grouping sets: per group, per period and in all; with `cells`, per group and period too (the CSV).
 * `g_key`/`g_period` in each row say which level it is.
 */
const levels = (key: SQL, period: SQL, cells: boolean): SQL =>
  cells
    ? sql`grouping sets ((${key}, ${period}), (${key}), (${period}), ())`
    : sql`grouping sets ((${key}), (${period}), ())`;

/**
 * Where a report's calls come from (docs/decisions/102-call-days-rollups.md): by day, the day rollups when one holds the
 * group's columns and can be limited to the scope — by call type or branch the days by branch and type in any scope, by
 * CSR the days by CSR for a scope of every branch (they keep no branch); otherwise the hours (`call_hours`, per hour of
 * UTC, branch, call type and CSR, docs/decisions/094-call-hours-rollup.md), whose bounds are whole hours of UTC, so
 * each hour lies in one period. Each is kept by the call history's triggers in the writing transaction.
 */
function callRows(scope: Scope, range: ReportRange): { from: SQL; where: SQL; local: SQL } {
  const byDay = range.interval === 'day';
  if (byDay && (range.groupBy !== 'csr' || seesEveryBranch(scope))) {
    const table = range.groupBy === 'csr' ? sql`call_csr_days` : sql`call_branch_days`;
    const scoped = range.groupBy === 'csr' ? sql`true` : inScope(scope, sql`r.branchno`);
    return {
      from: sql`${table} r`,
      where: sql`r.day >= ${range.from}::date and r.day <= ${range.to}::date and ${scoped}`,
      local: sql`r.day`,
    };
  }
  return {
    from: sql`call_hours r`,
    where: sql`r.hour >= ${dayStart(range.from)} and r.hour < ${dayAfter(range.to)} and ${inScope(scope, sql`r.branchno`)}`,
    local: byDay ? sql`(r.hour at time zone ${tz})::date` : sql`r.hour at time zone ${tz}`,
  };
}

/**
 * Calls handled per group, per period and in all: ended in the range, in the scope, not cancelled, from the rollups
 * (`callRows`). The rows are summed per group's columns and period first (the call centre's day or hour, as a date or a
 * local time: cheap keys), so that the users' names, the labels and the grouping sets meet one row per group and period
 * rather than one per rollup row. The average handle time is the sum over the count, exact at any level.
 */
export function callFigures(scope: Scope, range: ReportRange, cells = false): SQL {
  const byCsr = range.groupBy === 'csr';
  const columns = byCsr ? sql`r.csuser_id, r.csagent` : range.groupBy === 'type' ? sql`r.call_type` : sql`r.branchno`;
  const rows = callRows(scope, range);
  const { key, label } = groupOf(range.groupBy);
  const period =
    range.interval === 'day' ? sql`to_char(g.local, 'YYYY-MM-DD')` : sql`to_char(g.local, 'YYYY-MM-DD HH24:"00"')`;
  return sql`
    with g as (
      select ${columns}, ${rows.local} as local, sum(r.calls) as calls, sum(r.handled) as handled,
             sum(r.handle_micros) as handle_micros, sum(r.sales) as sales, sum(r.revenue) as revenue,
             sum(r.quotes) as quotes
      from ${rows.from}
      where ${rows.where} and r.calls > 0
      group by ${columns}, ${rows.local})
    select ${key} as key, min(${label}) as label, ${period} as period,
           grouping(${key}) as g_key, grouping(${period}) as g_period,
           sum(g.calls)::int as calls,
           (sum(g.handle_micros)::numeric / nullif(sum(g.handled), 0) / 1000000) as handle,
           sum(g.sales)::int as sales,
           sum(g.revenue)::float8 as revenue,
           sum(g.quotes)::int as quotes
    from g ${byCsr ? sql`left join users u on u.user_id = g.csuser_id` : sql``}
    group by ${levels(key, period, cells)}`;
}

/** The group's key and label of a group's row `g` (by CSR with its user `u`, none for a CSR id of 0). */
function groupOf(groupBy: ReportGroup): { key: SQL; label: SQL } {
  switch (groupBy) {
    case 'csr': {
      // One row per CSR by name, as on the floor: history written before users existed (imported, the demo's) names
      // its agent only.
      const name = sql`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), g.csagent)`;
      return { key: name, label: name };
    }
    case 'type':
      return { key: sql`g.call_type`, label: sql`g.call_type` };
    case 'branch':
      return { key: sql`g.branchno`, label: sql`g.branchno` };
  }
}

/**
 * The users whose states a scope sees (as the floor's agents, decision 077): a scope of every branch sees everybody;
 * a narrower one a user whose branches (given, or of the user's own franchise) meet it.
 */
function userInScope(scope: Scope, user: SQL): SQL {
  if (scope.kind === 'all' || scope.kind === 'general') return sql`true`;
  return sql`exists (select 1 from (
      select ub.branchno from user_branches ub where ub.user_id = ${user}
      union all select f.branchno from franchises f join users su on su.sqldbid = f.sqldbid where su.user_id = ${user}) b
    where ${inScope(scope, sql`b.branchno`)})`;
}

/**
 * The periods an open state row `s` meets within the range, each with its bounds and label: the row's first to its
 * last, so the row is cut only at the bounds it crosses.
 */
function periodsOf(range: ReportRange): SQL {
  const lo = sql`greatest(s.started_at, ${dayStart(range.from)})`;
  const hi = sql`greatest(${lo}, least(s.ended_at, ${dayAfter(range.to)}) - interval '1 microsecond')`;
  if (range.interval === 'day') {
    return sql`select (d::date)::timestamp at time zone ${tz} as p_start,
        (d::date + 1)::timestamp at time zone ${tz} as p_end, to_char(d, 'YYYY-MM-DD') as label
      from generate_series((${lo} at time zone ${tz})::date, (${hi} at time zone ${tz})::date, interval '1 day') d`;
  }
  // Hours are whole hours in UTC too (the call centre's offsets are whole hours).
  return sql`select h as p_start, h + interval '1 hour' as p_end, ${periodOf(sql`h`, 'hour')} as label
    from generate_series(date_trunc('hour', ${lo}, 'UTC'), date_trunc('hour', ${hi}, 'UTC'), interval '1 hour') h`;
}

/**
 * The closed states' parts within the range, per user, state and period: by day one row of `agent_state_days` per
 * user, state and day of the call centre's clock (migration 0054, docs/decisions/099-state-days-rollup.md), by hour one
 * of `agent_state_hours` per hour of UTC (each lies in one hour of the call centre's clock).
 */
function closedStates(scope: Scope, range: ReportRange): SQL {
  const columns = sql`r.user_id, r.state`;
  const figures = sql`r.micros, r.began, r.began_micros`;
  if (range.interval === 'day') {
    return sql`select ${columns}, to_char(r.day, 'YYYY-MM-DD') as period, ${figures}
      from agent_state_days r
      where r.day >= ${range.from}::date and r.day <= ${range.to}::date and r.state <> 'Offline'
        and ${userInScope(scope, sql`r.user_id`)}`;
  }
  return sql`select ${columns}, ${periodOf(sql`r.hour`, 'hour')} as period, ${figures}
      from agent_state_hours r
      where r.hour >= ${dayStart(range.from)} and r.hour < ${dayAfter(range.to)} and r.state <> 'Offline'
        and ${userInScope(scope, sql`r.user_id`)}`;
}

/**
 * Time in each state (Offline aside) per CSR, per period and in all; and the average Wrap-up over those that began in
 * the period (docs/decisions/088-state-hours-rollup.md). Only CSRs' (`isCsrUser`): an account that takes no calls
 * (an administrator, a user manager, a measurer) is not at work on the floor whatever state it was left in, and a
 * report by CSR lists it only by calls it has. The closed states come summed per user, state and period from
 * the rollups kept by the history's trigger (`closedStates`). Each user's open state is cut here at the periods it meets, until
 * `now`, and its length so far counts for the average if it is a Wrap-up that began in the period.
 */
export function stateFigures(scope: Scope, range: ReportRange, now: Date, cells = false): SQL {
  const at = now.toISOString();
  const micros = (from: SQL, to: SQL) => sql`(extract(epoch from (${to} - ${from})) * 1000000)::bigint`;
  const inState = (state: string) =>
    sql`(coalesce(sum(x.micros) filter (where x.state = ${state}), 0) / 1000000.0)::float8`;
  const name = sql`trim(u.first_name || ' ' || u.last_name)`;
  return sql`
    with x as (
      ${closedStates(scope, range)}
      union all
      select s.user_id, s.state, p.label,
             greatest(${micros(sql`greatest(s.started_at, p.p_start)`, sql`least(s.ended_at, p.p_end)`)}, 0),
             (s.started_at >= p.p_start)::int,
             case when s.started_at >= p.p_start then ${micros(sql`s.started_at`, sql`s.ended_at`)} else 0 end
      from (select h.user_id, h.state, h.started_at, greatest(h.started_at, ${at}::timestamptz) as ended_at
            from agent_state_history h
            where h.ended_at is null and h.state <> 'Offline'
              and h.started_at < ${dayAfter(range.to)}
              and ${userInScope(scope, sql`h.user_id`)}) s
        cross join lateral (${periodsOf(range)}) p)
    select ${name} as key, min(${name}) as label, x.period, grouping(${name}) as g_key, grouping(x.period) as g_period,
           ${inState('Ready')} as ready, ${inState('On call')} as on_call, ${inState('Wrap-up')} as wrap_up,
           ${inState('Away')} as away,
           (sum(x.began_micros) filter (where x.state = 'Wrap-up')
             / nullif(sum(x.began) filter (where x.state = 'Wrap-up'), 0) / 1000000.0)::float8 as wrap_up_avg
    from x join users u on u.user_id = x.user_id
    where ${isCsrUser(sql`x.user_id`)}
    group by ${levels(name, sql`x.period`, cells)}`;
}
