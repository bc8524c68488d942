/**
 * The phone system's events (decision 074): each one recorded as it came, once; an answered call to an agent who takes
 * inbound calls finds the caller among the customers the agent may see and, in the same transaction, tells every API
 * process to pop the agent's screen (NOTIFY at commit, as the floor hears its changes). The agent is named by username
 * or by phone extension; one that names no active user is refused and nothing is recorded
 * (docs/decisions/081-phone-lines-extensions-live-state.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import { ACCESS, mayAccess, phoneDigits, type Scope } from '@cc/domain';
import type { ScreenPop, TelephonyEvent, TelephonyEventAnswer } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { customers as c } from '../../db/schema/index.js';
import { loadPickedUser } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { agentLock, applyAgentEvent } from '../agent-states/index.js';

export const POP_CHANNEL = 'cc_phone_pop';
/** Notified by a trigger on agent_state_history (migration 0048) with the user id of each change. */
export const AGENT_STATE_CHANNEL = 'cc_agent_state';

/** A pop notice: the user whose browsers pop, and where they go. */
export interface PopNotice extends ScreenPop {
  userId: number;
}

/** How many customers in the scope have this phone (home, work or cell), by the digits the inbound search compares. */
function phoneCount(scope: Scope, phone: string): SQL {
  const digits = phoneDigits(phone);
  return sql`(select count(*)::int from ${c}
      where (${c.homePhone} = ${digits} and ${c.homePhone} <> '' or ${c.workPhone} = ${digits} and ${c.workPhone} <> ''
        or ${c.cellPhone} = ${digits} and ${c.cellPhone} <> '')
        and ${inScope(scope, c.branchNo)})`;
}

/**
 * The active user an event names: by username (any case) or by phone extension; a username wins over another user's
 * extension with the same text, so an agent is never taken for someone else because of their name.
 */
const agentOf = (agent: string): SQL => sql`select user_id from users
  where active and (lower(username) = lower(${agent}) or extension = ${agent})
  order by (lower(username) = lower(${agent})) desc limit 1`;

export async function recordEvent(
  ctx: AppContext,
  event: TelephonyEvent,
  signature: string,
): Promise<TelephonyEventAnswer> {
  const now = ctx.now();
  // The pop's round trips are its latency: the agent and its user in one statement, which also takes the agent's state
  // lock when the event moves the state (so the state is read after any change it waited for); the event recorded
  // with its count of customers and its pop notice in another; then the state's own two (applyAgentEvent).
  const moves = event.type === 'answered' || event.type === 'ended';
  return ctx.db.transaction(async (tx) => {
    const user = await loadPickedUser(tx, agentOf(event.agent), moves ? agentLock(sql`u.user_id`) : undefined);
    // Refused before anything is written: the phone system may correct the agent and send the event again.
    if (!user) throw badRequest('agent', 'names no active user here (by username or extension)');
    // A pop opens the inbound search: only for an agent who may take inbound calls.
    const answered = event.type === 'answered' && mayAccess(ACCESS.inbound, user);
    const notice: PopNotice = {
      userId: user.userId,
      ani: phoneDigits(event.ani),
      dnis: event.dnis ? phoneDigits(event.dnis) : '',
      callId: event.callId,
    };
    // Told to every API process at commit, as before, and only if the event is new (a replay returns no row).
    const pop = answered ? sql`pg_notify(${POP_CHANNEL}, ${JSON.stringify(notice)})` : sql`null`;
    const [row] = rowsOf<{ event_id: number; customers: number | null }>(
      await tx.execute(sql`with recorded as (
          insert into telephony_events
            (signature, type, phone_call_id, ani, dnis, agent, user_id, event_time, received_at, customers)
          values (${signature}, ${event.type}, ${event.callId}, ${phoneDigits(event.ani)},
            ${event.dnis ? phoneDigits(event.dnis) : ''}, ${event.agent}, ${user.userId},
            ${new Date(event.time).toISOString()}, ${now.toISOString()},
            ${answered ? phoneCount(user.scope, event.ani) : sql`null`})
          on conflict (signature) do nothing
          returning event_id, customers)
        select event_id, customers, ${pop} as popped from recorded`),
    );
    if (!row) throw new AppError('CONFLICT', 'This request was received before: a replay is refused.');
    // The phone moves the agent's state as the call screen does (decision 076): answered is On call, ended is Wrap-up
    // for the usual time; a ringing or missed call leaves the state as it is.
    if (event.type === 'answered') {
      await applyAgentEvent(ctx, tx, user.userId, { kind: 'phoneAnswered' }, 'phone', { locked: true });
    }
    if (event.type === 'ended') {
      const wrapUpSeconds = ctx.config.agentWrapUpSeconds;
      await applyAgentEvent(ctx, tx, user.userId, { kind: 'phoneEnded', wrapUpSeconds }, 'phone', { locked: true });
    }
    return { eventId: row.event_id, agentFound: true, customers: row.customers, popped: answered };
  });
}
