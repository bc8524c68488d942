/**
 * The numbers of the supervisor's floor view (decision 035), read in one snapshot for one scope: the outbound lists'
 * kept counts per branch, the calls open now (held locks), and the ended calls of today and this week per CSR and per
 * hour today. Days, weeks and hours are the call centre's (CALL_TIME_ZONE); every part is limited to the scope.
 */
import { sql } from 'drizzle-orm';
import { CALL_TIME_ZONE, SALE_RESULTS, conversionRate, floorPeriods, type Scope } from '@cc/domain';
import type { FloorSnapshot, FloorTally } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { mainBranchFirstSql } from '../../db/main-branch.js';
import { dayStart } from '../../db/sql.js';
import { inScope } from '../../http/scope.js';
import { lockHeld } from '../current-call/index.js';
import { floorAgents } from './agents.js';

const iso = (value: string | Date): string => new Date(value).toISOString();
const sales = sql.join(
  SALE_RESULTS.map((r) => sql`${r}`),
  sql`, `,
);

interface TallyRow {
  calls: number;
  sales: number;
  seconds: number | string | null;
}
function tally(row: TallyRow | undefined): FloorTally {
  const calls = Number(row?.calls ?? 0);
  const sold = Number(row?.sales ?? 0);
  const seconds = row?.seconds;
  return {
    calls,
    sales: sold,
    conversion: conversionRate(sold, calls),
    averageSeconds: seconds === null || seconds === undefined ? null : Math.round(Number(seconds)),
  };
}

async function listCounts(ctx: AppContext, scope: Scope) {
  const rows = rowsOf<{ branchno: string; type: string; n: number }>(
    await ctx.db.execute(sql`select branchno, type, n from outbound_counts
      where n > 0 and ${inScope(scope, sql`outbound_counts.branchno`)} order by branchno, type`),
  );
  return rows.map((r) => ({ branchNo: r.branchno, type: r.type, n: Number(r.n) }));
}

async function openCalls(ctx: AppContext, scope: Scope, now: Date) {
  const branch = sql`coalesce(c.branchno, f.branchno)`;
  const rows = rowsOf<{
    user_id: number;
    csr: string;
    sqldbid: number;
    customer_no: number;
    customer: string | null;
    branch_no: string | null;
    call_type: string;
    locked_at: string | Date;
    heartbeat_at: string | Date;
    session_seen_at: string | Date | null;
    session_expires_at: string | Date | null;
  }>(
    await ctx.db.execute(sql`
      select call_locks.user_id, trim(u.first_name || ' ' || u.last_name) as csr, call_locks.sqldbid,
             call_locks.customer_no, trim(c.first_name || ' ' || c.last_name) as customer, ${branch} as branch_no,
             call_locks.call_type, call_locks.locked_at, call_locks.heartbeat_at,
             s.last_seen_at as session_seen_at, s.expires_at as session_expires_at
      from call_locks
      join users u on u.user_id = call_locks.user_id
      left join sessions s on s.session_id = call_locks.session_id
      left join customers c on c.sqldbid = call_locks.sqldbid and c.customer_no = call_locks.customer_no
      left join lateral (select branchno from franchises where franchises.sqldbid = call_locks.sqldbid
                         order by ${mainBranchFirstSql} limit 1) f on true
      where ${lockHeld(ctx, now)} and ${inScope(scope, branch)}
      order by call_locks.locked_at, call_locks.user_id`),
  );
  // When each lock stops being held if nothing touches it (lockHeld's terms): its heartbeat runs out, or its
  // session's idle limit or end comes.
  const time = (value: string | Date) => new Date(value).getTime();
  const heldUntil = rows.map((r) =>
    Math.min(
      time(r.heartbeat_at) + ctx.config.callLockReleaseSeconds * 1000,
      r.session_seen_at === null ? Infinity : time(r.session_seen_at) + ctx.config.session.idleSeconds * 1000,
      r.session_expires_at === null ? Infinity : time(r.session_expires_at),
    ),
  );
  const calls = rows.map((r) => ({
    userId: r.user_id,
    csr: r.csr,
    sqldbid: r.sqldbid,
    customerNo: r.customer_no,
    customer: r.customer ?? '',
    branchNo: r.branch_no ?? '',
    callType: r.call_type,
    since: iso(r.locked_at),
  }));
  return { calls, heldUntil: Math.min(Infinity, ...heldUntil) };
}

/** Ended calls of this week (today among them) per CSR, and today's per hour. */
async function endedCalls(ctx: AppContext, scope: Scope, today: string, tomorrow: string, weekStart: string) {
  const where = sql`h.call_end >= ${dayStart(weekStart)} and h.call_end < ${dayStart(tomorrow)}
    and ${inScope(scope, sql`h.branchno`)}`;
  const isToday = sql`h.call_end >= ${dayStart(today)}`;
  const sale = sql`h.call_result in (${sales})`;
  const length = sql`extract(epoch from (h.call_end - h.call_start))`;
  // One row per CSR by name: history written before users existed (imported, demo) names its agent only.
  const csr = sql`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), h.csagent)`;
  const rows = rowsOf<{
    user_id: number | null;
    csr: string;
    week_calls: number;
    week_sales: number;
    week_seconds: number | string | null;
    day_calls: number;
    day_sales: number;
    day_seconds: number | string | null;
  }>(
    await ctx.db.execute(sql`
      select max(h.csuser_id) as user_id, ${csr} as csr,
             count(*)::int as week_calls, count(*) filter (where ${sale})::int as week_sales,
             avg(${length}) filter (where h.call_start is not null) as week_seconds,
             count(*) filter (where ${isToday})::int as day_calls,
             count(*) filter (where ${isToday} and ${sale})::int as day_sales,
             avg(${length}) filter (where ${isToday} and h.call_start is not null) as day_seconds
      from call_history h left join users u on u.user_id = h.csuser_id
      where ${where}
      group by ${csr}
      order by csr`),
  );
  const hours = rowsOf<{ hour: number; calls: number; sales: number }>(
    await ctx.db.execute(sql`
      select extract(hour from h.call_end at time zone ${CALL_TIME_ZONE})::int as hour, count(*)::int as calls,
             count(*) filter (where ${sale})::int as sales
      from call_history h where ${where} and ${isToday} group by 1`),
  );
  const byHour = new Map(hours.map((h) => [Number(h.hour), h]));
  return {
    csrs: rows.map((r) => ({
      userId: r.user_id,
      csr: r.csr,
      today: tally({ calls: r.day_calls, sales: r.day_sales, seconds: r.day_seconds }),
      week: tally({ calls: r.week_calls, sales: r.week_sales, seconds: r.week_seconds }),
    })),
    hours: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      calls: Number(byHour.get(hour)?.calls ?? 0),
      sales: Number(byHour.get(hour)?.sales ?? 0),
    })),
  };
}

/** The first instant of a day in the call centre's clock, asked of the database once a day (it never changes). */
const dayStarts = new Map<string, number>();
async function startOf(ctx: AppContext, day: string): Promise<number> {
  let at = dayStarts.get(day);
  if (at === undefined) {
    const rows = rowsOf<{ at: string | Date }>(await ctx.db.execute(sql`select ${dayStart(day)} as at`));
    at = new Date(rows[0]!.at).getTime();
    if (dayStarts.size > 31) dayStarts.clear();
    dayStarts.set(day, at);
  }
  return at;
}

/**
 * The whole view for one scope, as of now, and how long it stays true if nothing in the database changes: until the
 * first open call's lock runs out (an abandoned call notifies nothing), a Wrap-up ends or a CSR's session lapses, or
 * the day ends (today's figures start again).
 */
export async function readFloorTimed(
  ctx: AppContext,
  scope: Scope,
): Promise<{ snapshot: FloorSnapshot; trueForMs: number }> {
  const now = ctx.now();
  const { today, tomorrow, weekStart } = floorPeriods(now);
  const [lists, open, ended, dayEnds, agents] = await Promise.all([
    listCounts(ctx, scope),
    openCalls(ctx, scope, now),
    endedCalls(ctx, scope, today, tomorrow, weekStart),
    startOf(ctx, tomorrow),
    floorAgents(ctx, scope, now),
  ]);
  return {
    snapshot: {
      asOf: now.toISOString(),
      today,
      weekStart,
      lists,
      openCalls: open.calls,
      ...ended,
      agents: agents.agents,
    },
    trueForMs: Math.max(0, Math.min(open.heldUntil, dayEnds, agents.trueUntil) - now.getTime()),
  };
}

/** The whole view for one scope, as of now. */
export async function readFloor(ctx: AppContext, scope: Scope): Promise<FloorSnapshot> {
  return (await readFloorTimed(ctx, scope)).snapshot;
}
