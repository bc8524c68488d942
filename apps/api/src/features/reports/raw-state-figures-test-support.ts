/**
 * Test support: the report's state figures computed straight from `agent_state_history`, each state row cut at the
 * periods' bounds (the statement the report ran before the hours' rollup, docs/decisions/083-report-indexes-and-bench.md),
 * against which the rollup's figures are checked (state-hours.test.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CALL_TIME_ZONE, type Scope } from '@cc/domain';
import { dayAfter, dayStart } from '../../db/sql.js';
import { isCsrUser } from '../agent-states/index.js';
import type { ReportRange } from './sql.js';

const tz = sql.raw(`'${CALL_TIME_ZONE}'`);

function periodOf(instant: SQL, interval: ReportRange['interval']): SQL {
  return interval === 'day'
    ? sql`to_char(${instant} at time zone ${tz}, 'YYYY-MM-DD')`
    : sql`to_char(${instant} at time zone ${tz}, 'YYYY-MM-DD HH24:"00"')`;
}

/**
 * The periods a state row `s` meets within the range, each with its bounds and label: the row's first to its last
 * (most rows lie within one), so each row is cut only at the bounds it crosses.
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
 * Time in each state (Offline aside) per CSR, per period and in all, each state row cut at the periods' bounds; and
 * the average Wrap-up over those that began in the period. A row still open lasts until `now`. The rows are found by
 * the span index (migration 0049), whatever their length. CSRs only, as the report counts them.
 */
export function rawStateFigures(_scope: Scope, range: ReportRange, now: Date): SQL {
  const at = now.toISOString();
  const seconds = sql`extract(epoch from (least(s.ended_at, p.p_end) - greatest(s.started_at, p.p_start)))`;
  const inState = (state: string) =>
    sql`coalesce(sum(greatest(${seconds}, 0)) filter (where s.state = ${state}), 0)::float8`;
  return sql`
    with s as (
      select h.user_id, h.state, h.started_at, coalesce(h.ended_at, greatest(h.started_at, ${at}::timestamptz)) as ended_at
      from agent_state_history h
      where h.state <> 'Offline'
        and tstzrange(h.started_at, coalesce(h.ended_at, 'infinity'::timestamptz), '[]')
            && tstzrange(${dayStart(range.from)}, ${dayAfter(range.to)}, '[)')
        and ${isCsrUser(sql`h.user_id`)})
    select trim(u.first_name || ' ' || u.last_name) as key, min(trim(u.first_name || ' ' || u.last_name)) as label,
           p.label as period, grouping(trim(u.first_name || ' ' || u.last_name)) as g_key, grouping(p.label) as g_period,
           ${inState('Ready')} as ready, ${inState('On call')} as on_call, ${inState('Wrap-up')} as wrap_up,
           ${inState('Away')} as away,
           avg(extract(epoch from (s.ended_at - s.started_at)))
             filter (where s.state = 'Wrap-up' and s.started_at >= p.p_start) as wrap_up_avg
    from s cross join lateral (${periodsOf(range)}) p
      join users u on u.user_id = s.user_id
    group by grouping sets ((trim(u.first_name || ' ' || u.last_name), p.label), (trim(u.first_name || ' ' || u.last_name)), (p.label), ())`;
}
