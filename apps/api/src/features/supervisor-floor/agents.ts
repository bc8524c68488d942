/**
 * The agent states on the supervisor's floor (decision 076): every CSR with a live session whose branches (given to
 * the user, or of the user's franchise) are in the scope (a scope of every branch sees every CSR, those without
 * branches too), in the state a Wrap-up's end already
 * makes Ready. The answer says until when it stays true by time alone: the first Wrap-up to end, or the first
 * session to lapse (idle or past its end; nothing notifies that).
 */
import { sql } from 'drizzle-orm';
import { effectiveAgentState, type AgentStateName, type Scope } from '@cc/domain';
import type { FloorAgent } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { inScope } from '../../http/scope.js';
import { stateOfRow } from '../agent-states/index.js';

export async function floorAgents(
  ctx: AppContext,
  scope: Scope,
  now: Date,
): Promise<{ agents: FloorAgent[]; trueUntil: number }> {
  const idle = `${ctx.config.session.idleSeconds} seconds`;
  const inBranches =
    scope.kind === 'all' || scope.kind === 'general'
      ? sql`true`
      : sql`exists (select 1 from (
          select ub.branchno from user_branches ub where ub.user_id = a.user_id
          union all select f.branchno from franchises f where f.sqldbid = u.sqldbid) b
        where ${inScope(scope, sql`b.branchno`)})`;
  const rows = rowsOf<{
    user_id: number;
    csr: string;
    state: AgentStateName;
    reason_id: number | null;
    reason: string | null;
    started_at: string | Date;
    wrap_up_until: string | Date | null;
    call_key: string | null;
    live_until: string | Date;
  }>(
    await ctx.db.execute(sql`
      select a.user_id, trim(u.first_name || ' ' || u.last_name) as csr, a.state, a.reason_id, r.description as reason,
             a.started_at, a.wrap_up_until, a.call_key, live.until as live_until
      from agent_states a
      join users u on u.user_id = a.user_id
      left join away_reasons r on r.away_reason_id = a.reason_id
      join lateral (
        select max(least(s.last_seen_at + ${idle}::interval, s.expires_at)) as until
        from sessions s where s.user_id = a.user_id and s.revoked_at is null) live on true
      where a.state <> 'Offline' and u.active and live.until > ${now.toISOString()} and ${inBranches}
      order by csr, a.user_id`),
  );
  let trueUntil = Infinity;
  const agents = rows.map((r) => {
    const stored = stateOfRow(r);
    const shown = effectiveAgentState(stored, now);
    if (shown.wrapUpUntil) trueUntil = Math.min(trueUntil, shown.wrapUpUntil.getTime());
    trueUntil = Math.min(trueUntil, new Date(r.live_until).getTime());
    return {
      userId: r.user_id,
      csr: r.csr,
      state: shown.state,
      reason: shown.state === 'Away' ? (r.reason ?? '') : '',
      since: shown.since.toISOString(),
      wrapUpUntil: shown.wrapUpUntil?.toISOString() ?? null,
    };
  });
  return { agents, trueUntil };
}
