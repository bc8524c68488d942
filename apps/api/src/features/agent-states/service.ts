/**
 * Agent states (decision 076): each user's state now (`agent_states`) and a history row per change
 * (`agent_state_history`), written together in the caller's transaction. Every change of one user is serialised by a
 * transaction-scoped advisory lock, so any number of API processes agree on the order. A Wrap-up carries its end:
 * whoever touches the user's state after it records the Ready that began then (source `timer`), and every process
 * sweeps the ones nobody touched (`settleWrapUps`), so a restart loses nothing and the history has no gap.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  effectiveAgentState,
  nextAgentState,
  OFFLINE,
  type AgentEvent,
  type AgentStateName,
  type AgentStateNow,
  type AgentStateSource,
} from '@cc/domain';
import type { AgentState } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';

/** The advisory-lock class of agent-state changes (the user id is the second key). */
const LOCK_CLASS = 7601;

interface StateRow {
  user_id: number;
  state: AgentStateName;
  reason_id: number | null;
  started_at: string | Date;
  wrap_up_until: string | Date | null;
  call_key: string | null;
  history_id: number | string;
}

const date = (value: string | Date): Date => new Date(value);

export function stateOfRow(row: Omit<StateRow, 'user_id' | 'history_id'>): AgentStateNow {
  return {
    state: row.state,
    reasonId: row.reason_id,
    since: date(row.started_at),
    wrapUpUntil: row.wrap_up_until === null ? null : date(row.wrap_up_until),
    callKey: row.call_key,
  };
}

/**
 * Record the Ready of every Wrap-up that has ended by `now` (one user's, or everyone's): the Wrap-up's history row
 * ends at its end, a Ready row starts there. One statement; rows another transaction is changing are left to it.
 */
export async function settleWrapUps(db: DbOrTx, now: Date, userId?: number): Promise<number> {
  const only = userId === undefined ? sql`` : sql`and user_id = ${userId}`;
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`
      with due as (
        select user_id, history_id, wrap_up_until from agent_states
        where state = 'Wrap-up' and wrap_up_until <= ${now.toISOString()} ${only}
        for update skip locked),
      closed as (
        update agent_state_history h set ended_at = due.wrap_up_until from due where h.id = due.history_id),
      opened as (
        insert into agent_state_history (user_id, state, started_at, source)
        select user_id, 'Ready', wrap_up_until, 'timer' from due
        returning id, user_id, started_at)
      update agent_states s
        set state = 'Ready', reason_id = null, started_at = opened.started_at, wrap_up_until = null,
            history_id = opened.id
      from opened where s.user_id = opened.user_id
      returning s.user_id`),
  );
  return rows.length;
}

/**
 * Record Offline for every user whose sessions have all lapsed (idle past `idleSeconds`, past their end, revoked) while
 * their state says otherwise — a browser closed without signing out. The Offline starts when the last session lapsed,
 * so the history does not count the hours after it as Ready or Away. Rows another transaction is changing are left
 * to it. One user's (a sign-in settles its user's before the new session counts) or everyone's (the sweep).
 */
export async function settleLapsedSessions(
  db: DbOrTx,
  now: Date,
  idleSeconds: number,
  userId?: number,
): Promise<number> {
  const idle = `${idleSeconds} seconds`;
  const only = userId === undefined ? sql`` : sql`and a.user_id = ${userId}`;
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`
      with lapsed as (
        select a.user_id, a.history_id, greatest(a.started_at, coalesce(live.until, a.started_at)) as at
        from agent_states a
        left join lateral (
          select max(least(s.last_seen_at + ${idle}::interval, s.expires_at, coalesce(s.revoked_at, s.expires_at)))
            as until
          from sessions s where s.user_id = a.user_id) live on true
        where a.state <> 'Offline' and (live.until is null or live.until <= ${now.toISOString()}) ${only}
        for update of a skip locked),
      closed as (
        update agent_state_history h set ended_at = lapsed.at from lapsed where h.id = lapsed.history_id),
      opened as (
        insert into agent_state_history (user_id, state, started_at, source)
        select user_id, 'Offline', at, 'session' from lapsed
        returning id, user_id, started_at)
      update agent_states s
        set state = 'Offline', reason_id = null, started_at = opened.started_at, wrap_up_until = null,
            call_key = null, history_id = opened.id
      from opened where s.user_id = opened.user_id
      returning s.user_id`),
  );
  return rows.length;
}

/**
 * The lock that serialises one user's changes, as an expression: a caller that reads the user anyway takes it in the
 * same statement (the phone's events), and tells {@link applyAgentEvent} it holds it.
 */
export const agentLock = (userId: SQL | number): SQL => sql`pg_advisory_xact_lock(${LOCK_CLASS}, ${userId})`;

/**
 * The user's state row after settling a Wrap-up of theirs that has ended by `now`, in one statement: the Wrap-up's
 * history row closed, the Ready opened and the state updated as `settleWrapUps` does, else the row as it is. Locked
 * (FOR UPDATE): a sweep settling the row right now (so skipped here) is waited for, and its Ready read.
 */
async function settledRow(tx: DbOrTx, now: Date, userId: number): Promise<StateRow | undefined> {
  const [row] = rowsOf<StateRow>(
    await tx.execute(sql`
      with due as (
        select user_id, history_id, wrap_up_until from agent_states
        where user_id = ${userId} and state = 'Wrap-up' and wrap_up_until <= ${now.toISOString()}
        for update skip locked),
      closed as (
        update agent_state_history h set ended_at = due.wrap_up_until from due where h.id = due.history_id),
      opened as (
        insert into agent_state_history (user_id, state, started_at, source)
        select user_id, 'Ready', wrap_up_until, 'timer' from due
        returning id, user_id, started_at),
      settled as (
        update agent_states s
          set state = 'Ready', reason_id = null, started_at = opened.started_at, wrap_up_until = null,
              history_id = opened.id
        from opened where s.user_id = opened.user_id
        returning s.*),
      current as (select * from agent_states where user_id = ${userId} for update)
      select * from settled
      union all
      select * from current where not exists (select 1 from settled)`),
  );
  return row;
}

/**
 * Apply an event to a user's agent state inside the caller's transaction (which must be one: the lock is held to its
 * end). Answers the state after it. This is the one way any feature moves a state: calls, the header, the phone
 * system, signing out. `locked`: the caller took {@link agentLock} for the user in an earlier statement of the
 * transaction. Three statements at most after the lock: the settled state read, and the change written in one.
 */
export async function applyAgentEvent(
  ctx: AppContext,
  tx: DbOrTx,
  userId: number,
  event: AgentEvent,
  source: AgentStateSource,
  options: { locked?: boolean } = {},
): Promise<AgentStateNow> {
  if (!options.locked) await tx.execute(sql`select ${agentLock(userId)}`);
  // Read after the lock: a change that waited for another one starts after it, so the history stays in order. The
  // lock is its own statement (or the caller's earlier one) because a statement sees what was committed when it
  // began: one that waited for the lock inside itself would read the state as it was before the change it waited for.
  const now = ctx.now();
  const row = await settledRow(tx, now, userId);
  const current = row ? stateOfRow(row) : { ...OFFLINE, since: new Date(0) };
  // Another process's clock may run a little ahead of this one's (or a test app's clock be set apart): a state never
  // ends before it began, so the next one starts no earlier than the current one did.
  const from = current.since > now ? current.since : now;
  const transition = nextAgentState(current, event, from);
  if (transition.kind === 'none') return current;
  if (transition.kind === 'call') {
    await tx.execute(sql`update agent_states set call_key = ${transition.callKey} where user_id = ${userId}`);
    return { ...current, callKey: transition.callKey };
  }
  const next = transition.next;
  const at = next.since.toISOString();
  const wrapUpUntil = next.wrapUpUntil?.toISOString() ?? null;
  // The current history row closed, the next opened and the state set to it, in one statement.
  const close = row
    ? sql`closed as (update agent_state_history set ended_at = ${at} where id = ${row.history_id}),`
    : sql``;
  await tx.execute(sql`
    with ${close}
    opened as (
      insert into agent_state_history (user_id, state, reason_id, started_at, source)
      values (${userId}, ${next.state}, ${next.reasonId}, ${at}, ${source}) returning id)
    insert into agent_states (user_id, state, reason_id, started_at, wrap_up_until, call_key, history_id)
    select ${userId}::int, ${next.state}::text, ${next.reasonId}::int, ${at}::timestamptz, ${wrapUpUntil}::timestamptz,
      ${next.callKey}::text, opened.id
    from opened
    on conflict (user_id) do update set state = excluded.state, reason_id = excluded.reason_id,
      started_at = excluded.started_at, wrap_up_until = excluded.wrap_up_until, call_key = excluded.call_key,
      history_id = excluded.history_id`);
  return next;
}

/**
 * Set a user's state as it is (the phone system's events): Away takes a reason id, Wrap-up lasts the configured time.
 * The reason is not checked here; the caller answers for it.
 */
export function setAgentState(
  ctx: AppContext,
  tx: DbOrTx,
  userId: number,
  state: AgentStateName,
  reasonId: number | null,
  source: AgentStateSource,
): Promise<AgentStateNow> {
  return applyAgentEvent(
    ctx,
    tx,
    userId,
    { kind: 'set', state, reasonId, wrapUpSeconds: ctx.config.agentWrapUpSeconds },
    source,
  );
}

/** A user's state as the API answers it, with the away reason's description. */
export async function presentAgentState(
  db: DbOrTx,
  state: AgentStateNow,
  never: boolean,
  now: Date,
): Promise<AgentState> {
  const shown = effectiveAgentState(state, now);
  let reason = '';
  if (shown.reasonId !== null) {
    const [row] = rowsOf<{ description: string }>(
      await db.execute(sql`select description from away_reasons where away_reason_id = ${shown.reasonId}`),
    );
    reason = row?.description ?? '';
  }
  return {
    state: shown.state,
    reasonId: shown.reasonId,
    reason,
    since: never ? null : shown.since.toISOString(),
    wrapUpUntil: shown.wrapUpUntil?.toISOString() ?? null,
    asOf: now.toISOString(),
  };
}

/** The user's state now (a Wrap-up that has ended is recorded as the Ready it became). */
export async function readAgentState(ctx: AppContext, userId: number): Promise<AgentState> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await settleWrapUps(tx, now, userId);
    const [row] = rowsOf<StateRow>(await tx.execute(sql`select * from agent_states where user_id = ${userId}`));
    const state = row ? stateOfRow(row) : { ...OFFLINE, since: now };
    return presentAgentState(tx, state, !row, now);
  });
}
