/**
 * What a CSR does with their own state from the header (decision 076): pick Ready, or Away with one of the reasons
 * offered now; and what a session's end does to it.
 */
import { sql } from 'drizzle-orm';
import type { AgentState, AgentStateChoice, AwayReason } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { applyAgentEvent, presentAgentState } from './service.js';

/** The reasons a CSR may pick now: the active ones, in the administrators' order. */
export async function offeredAwayReasons(db: DbOrTx): Promise<AwayReason[]> {
  const rows = rowsOf<{ away_reason_id: number; description: string; active: boolean; sort_order: number }>(
    await db.execute(sql`select away_reason_id, description, active, sort_order from away_reasons
      where active order by sort_order, away_reason_id`),
  );
  return rows.map((r) => ({
    AwayReasonId: r.away_reason_id,
    Description: r.description,
    Active: r.active,
    SortOrder: r.sort_order,
  }));
}

export async function chooseAgentState(ctx: AppContext, user: AuthUser, choice: AgentStateChoice): Promise<AgentState> {
  return ctx.db.transaction(async (tx) => {
    if (choice.state === 'Away') {
      const [reason] = rowsOf<{ active: boolean }>(
        await tx.execute(sql`select active from away_reasons where away_reason_id = ${choice.reasonId} for share`),
      );
      if (!reason?.active) throw badRequest('reasonId', 'is not an away reason offered now');
    }
    const event =
      choice.state === 'Away'
        ? ({ kind: 'choose', state: 'Away', reasonId: choice.reasonId } as const)
        : ({ kind: 'choose', state: 'Ready' } as const);
    const state = await applyAgentEvent(ctx, tx, user.userId, event, 'user');
    return presentAgentState(tx, state, false, ctx.now());
  });
}

/**
 * A session ended (signed out, revoked, its user removed): when it was the user's last live one, the user is
 * Offline. A CSR still signed in elsewhere keeps their state. Runs in the transaction that ends the session.
 */
export async function agentSessionEnded(ctx: AppContext, tx: DbOrTx, sessionId: string): Promise<void> {
  const now = ctx.now();
  const idleCutoff = new Date(now.getTime() - ctx.config.session.idleSeconds * 1000).toISOString();
  const [row] = rowsOf<{ user_id: number; others: boolean; has_state: boolean }>(
    await tx.execute(sql`
      select s.user_id,
        exists (select 1 from sessions o where o.user_id = s.user_id and o.session_id <> s.session_id
                and o.revoked_at is null and o.last_seen_at > ${idleCutoff}
                and o.expires_at > ${now.toISOString()}) as others,
        exists (select 1 from agent_states a where a.user_id = s.user_id) as has_state
      from sessions s where s.session_id = ${sessionId}`),
  );
  if (!row || row.others || !row.has_state) return;
  await applyAgentEvent(ctx, tx, row.user_id, { kind: 'signedOut' }, 'session');
}
