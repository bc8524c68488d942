/**
 * The phone system's events (decision 074): each one recorded as it came, once; an answered call to a known agent
 * finds the caller among the customers the agent may see and, in the same transaction, tells every API process to pop
 * the agent's screen (NOTIFY at commit, as the floor hears its changes).
 */
import { sql } from 'drizzle-orm';
import { phoneDigits, type Scope } from '@cc/domain';
import type { ScreenPop, TelephonyEvent, TelephonyEventAnswer } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { customers as c } from '../../db/schema/index.js';
import { loadAuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { inScope } from '../../http/scope.js';
import { applyAgentEvent } from '../agent-states/index.js';

export const POP_CHANNEL = 'cc_phone_pop';

/** A pop notice: the user whose browsers pop, and where they go. */
export interface PopNotice extends ScreenPop {
  userId: number;
}

/** How many customers in the scope have this phone (home, work or cell), by the digits the inbound search compares. */
export async function countByPhone(db: DbOrTx, scope: Scope, phone: string): Promise<number> {
  const digits = phoneDigits(phone);
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${c}
      where (${c.homePhone} = ${digits} and ${c.homePhone} <> '' or ${c.workPhone} = ${digits} and ${c.workPhone} <> ''
        or ${c.cellPhone} = ${digits} and ${c.cellPhone} <> '')
        and ${inScope(scope, c.branchNo)}`),
  );
  return rows[0]?.n ?? 0;
}

export async function recordEvent(
  ctx: AppContext,
  event: TelephonyEvent,
  signature: string,
): Promise<TelephonyEventAnswer> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [agent] = rowsOf<{ user_id: number }>(
      await tx.execute(sql`select user_id from users where lower(username) = lower(${event.agent}) and active`),
    );
    const user = agent ? await loadAuthUser(tx, agent.user_id) : null;
    const answered = event.type === 'answered' && user !== null;
    const customers = answered ? await countByPhone(tx, user.scope, event.ani) : null;
    const [row] = rowsOf<{ event_id: number }>(
      await tx.execute(sql`insert into telephony_events
          (signature, type, phone_call_id, ani, dnis, agent, user_id, event_time, received_at, customers)
        values (${signature}, ${event.type}, ${event.callId}, ${phoneDigits(event.ani)},
          ${event.dnis ? phoneDigits(event.dnis) : ''}, ${event.agent}, ${user?.userId ?? null},
          ${new Date(event.time).toISOString()}, ${now.toISOString()}, ${customers})
        on conflict (signature) do nothing
        returning event_id`),
    );
    if (!row) throw new AppError('CONFLICT', 'This request was received before: a replay is refused.');
    // The phone moves the agent's state as the call screen does (decision 076): answered is On call, ended is Wrap-up
    // for the usual time; a ringing or missed call leaves the state as it is.
    if (user && event.type === 'answered') {
      await applyAgentEvent(ctx, tx, user.userId, { kind: 'phoneAnswered' }, 'phone');
    }
    if (user && event.type === 'ended') {
      const wrapUpSeconds = ctx.config.agentWrapUpSeconds;
      await applyAgentEvent(ctx, tx, user.userId, { kind: 'phoneEnded', wrapUpSeconds }, 'phone');
    }
    if (answered) {
      const notice: PopNotice = {
        userId: user.userId,
        ani: phoneDigits(event.ani),
        dnis: event.dnis ? phoneDigits(event.dnis) : '',
        callId: event.callId,
      };
      await tx.execute(sql`select pg_notify(${POP_CHANNEL}, ${JSON.stringify(notice)})`);
    }
    return { eventId: row.event_id, agentFound: user !== null, customers, popped: answered };
  });
}
