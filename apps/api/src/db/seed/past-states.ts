/**
 * The agent states of the demo's past (decision 076's history; docs/decisions/082-report-definitions.md), made from
 * the past's calls so the two agree: for each CSR, a shift around each run of calls — Ready a few minutes before the
 * first, On call for each call, Wrap-up after it (the configured 30 s by the timer, or shorter when the CSR picked
 * Ready), Ready between calls, Away with a reason for a gap of 20 minutes to two hours (Lunch from 45 minutes), and
 * Offline from a few minutes after the last call of a run until the next run (over two hours later). Each CSR's last
 * row is an open Offline, and their state now says so, as a sign-out leaves them. One statement from the call
 * history; the numbers a row draws come from a hash of its call's id, so the same calls give the same states.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';

/** Gaps between calls: up to this a CSR stays Ready; beyond `SHIFT_GAP` the CSR signed out in between. */
const AWAY_GAP = "interval '20 minutes'";
const SHIFT_GAP = "interval '2 hours'";

export async function generatePastStates(tx: DbOrTx, now: Date): Promise<void> {
  await tx.execute(pastStatesStatement(now));
}

/**
 * The statement, for the calls of the users `only` names (a condition on `h.csuser_id`), every user's by default;
 * exported so that the benchmark derives its states the same way. The users must have no state yet.
 */
export function pastStatesStatement(now: Date, only: SQL = sql`true`): SQL {
  const at = now.toISOString();
  const away = sql.raw(AWAY_GAP);
  const shift = sql.raw(SHIFT_GAP);
  return sql`
    with c as (
      select h.csuser_id as user_id, h.call_id, h.call_start as s0, h.call_end as e0,
        (abs(hashint4(h.call_id)) % 1000) / 1000.0 as r, (abs(hashint4(h.call_id + 7)) % 1000) / 1000.0 as r2
      from call_history h
      where h.csuser_id is not null and h.call_start is not null and h.call_end > h.call_start
        and h.call_end <= ${at}::timestamptz and h.call_result <> 'Cancel' and ${only}
    ),
    -- A CSR takes one call at a time: a call that began before the last one ended begins when it ended, and one
    -- wholly inside another is left out.
    m as (
      select c.*, max(e0) over (partition by user_id order by s0, call_id
        rows between unbounded preceding and 1 preceding) as prev_e
      from c
    ),
    k as (
      select m.*, greatest(s0, coalesce(prev_e, s0)) as s, e0 as e,
        make_interval(mins => 5 + floor(r2 * 16)::int) as pre
      from m where prev_e is null or e0 > prev_e
    ),
    n as (
      select k.*, lead(s) over w as next_s, lead(pre) over w as next_pre
      from k window w as (partition by user_id order by s, call_id)
    ),
    w as (
      select n.*, r < 0.7 as timed,
        least(e + case when r < 0.7 then interval '30 seconds' else make_interval(secs => 8 + floor(r * 100)::int % 22) end,
          coalesce(next_s, 'infinity'), ${at}::timestamptz) as wend,
        least(e + make_interval(mins => 2 + floor(r2 * 9)::int), ${at}::timestamptz) as leave
      from n
    ),
    g as (
      select w.*, next_s - wend as gap,
        lag(next_s - wend) over (partition by user_id order by s, call_id) as prev_gap
      from w
    ),
    segments as (
      -- The start of a run of calls: Ready a few minutes before its first.
      select user_id, 'Ready' as state, null::text as reason, s - pre as started_at, s as ended_at, 'user' as source
      from g where prev_gap is null or prev_gap > ${shift}
      union all
      select user_id, 'On call', null, s, e, 'call' from g
      union all
      select user_id, 'Wrap-up', null, e, wend, 'call' from g where wend > e
      union all
      -- Between calls: Ready, or Ready, Away with a reason, and Ready again just before the next call.
      select user_id, 'Ready', null, wend, next_s, case when timed then 'timer' else 'user' end
      from g where gap > interval '0' and gap <= ${away}
      union all
      select user_id, 'Ready', null, wend, wend + interval '3 minutes', case when timed then 'timer' else 'user' end
      from g where gap > ${away} and gap <= ${shift}
      union all
      select user_id, 'Away',
        case when gap >= interval '45 minutes' then 'Lunch'
          else (array['Break', 'Break', 'Meeting', 'Training', 'Coaching'])[1 + floor(r2 * 5)::int] end,
        wend + interval '3 minutes', next_s - interval '2 minutes', 'user'
      from g where gap > ${away} and gap <= ${shift}
      union all
      select user_id, 'Ready', null, next_s - interval '2 minutes', next_s, 'user'
      from g where gap > ${away} and gap <= ${shift}
      union all
      -- The end of a run: Ready until the CSR leaves, then Offline until the next run (open after the last).
      select user_id, 'Ready', null, wend, leave, case when timed then 'timer' else 'user' end
      from g where (next_s is null or gap > ${shift}) and leave > wend
      union all
      select user_id, 'Offline', null, greatest(leave, wend), next_s - next_pre, 'session'
      from g where next_s is null or gap > ${shift}
    ),
    ins as (
      insert into agent_state_history (user_id, state, reason_id, started_at, ended_at, source)
      select s.user_id, s.state, a.away_reason_id, s.started_at, s.ended_at, s.source
      from segments s left join away_reasons a on a.description = s.reason
      where s.ended_at is null or s.ended_at > s.started_at
      order by s.user_id, s.started_at
      returning id, user_id, state, started_at, ended_at)
    insert into agent_states (user_id, state, reason_id, started_at, wrap_up_until, call_key, history_id)
    select user_id, state, null, started_at, null, null, id from ins where ended_at is null`;
}
