/**
 * Opening a call safely. One row per customer in call_locks; INSERT … ON CONFLICT decides between
 * simultaneous openers inside the database, so exactly one wins across any number of API processes.
 * The holder may open again (a reload). A lock is held only while its heartbeat is fresh and the session
 * that took it is alive: a crashed browser, a signed-out or timed-out session never keeps a call.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { agentCallKey, callTypeByName } from '@cc/domain';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { orders, outboundCalls, savedCalls } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { applyAgentEvent } from '../agent-states/index.js';
import { ROW_COLUMNS } from '../outbound/index.js';
import { lockHeld } from './held.js';
import { requireCallInScope } from './scope.js';
import {
  checkEdits,
  discardOtherWorkStates,
  discardWorkState,
  writeWorkState,
  type WorkStateSave,
} from './work-state.js';

export const CALL_ACTIVE_MESSAGE = 'Sorry, but this call is currently active...';

interface ReleasedLock {
  user_id: number;
  sqldbid: number;
  customer_no: number;
  call_type: string;
  outbound_id: number | null;
  heartbeat_at: string | Date;
}

/**
 * Release the locks that match `condition`: the rows go, their outbound rows are no longer active, and
 * each holder keeps the call as their saved call so the dashboard can send them back to it (the latest
 * call per holder; `replace` decides whether it replaces a saved call of another customer). Answers the
 * number of calls released.
 */
export async function releaseCalls(
  ctx: AppContext,
  tx: DbOrTx,
  condition: SQL,
  options: { replace: boolean },
): Promise<number> {
  const released = rowsOf<ReleasedLock>(
    await tx.execute(sql`
      delete from call_locks where ${condition}
      returning user_id, sqldbid, customer_no, call_type, outbound_id, heartbeat_at`),
  );
  if (released.length === 0) return 0;
  const outboundIds = released.map((r) => r.outbound_id).filter((id): id is number => id !== null);
  if (outboundIds.length > 0) {
    await tx
      .update(outboundCalls)
      .set({ callActive: false })
      .where(
        sql`${outboundCalls.outboundId} in (${sql.join(
          outboundIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
  }
  const latest = new Map<number, ReleasedLock>();
  for (const lock of released) {
    const seen = latest.get(lock.user_id);
    if (!seen || new Date(lock.heartbeat_at) > new Date(seen.heartbeat_at)) latest.set(lock.user_id, lock);
  }
  const now = ctx.now();
  for (const lock of latest.values()) {
    // The outbound row is the call row the screen was opened with; an inbound screen rebuilds its row.
    const [row] =
      lock.outbound_id === null
        ? []
        : rowsOf<Record<string, unknown>>(
            await tx.execute(
              sql`select ${ROW_COLUMNS} from ${outboundCalls} where ${outboundCalls.outboundId} = ${lock.outbound_id}`,
            ),
          );
    const saved = {
      sqldbid: lock.sqldbid,
      customerNo: lock.customer_no,
      callType: lock.call_type,
      theCall: row ?? {},
      savedAt: now,
    };
    const insert = tx.insert(savedCalls).values({ userId: lock.user_id, ...saved });
    if (options.replace) {
      // A saved call of this very customer came from the screen itself and is kept as it is.
      await insert.onConflictDoUpdate({
        target: savedCalls.userId,
        set: saved,
        setWhere: sql`${savedCalls.sqldbid} <> ${lock.sqldbid} or ${savedCalls.customerNo} <> ${lock.customer_no}`,
      });
    } else {
      await insert.onConflictDoNothing({ target: savedCalls.userId });
    }
  }
  return released.length;
}

/** Signing out releases the calls that session holds; each stays the holder's saved call. */
export function releaseSessionCalls(ctx: AppContext, tx: DbOrTx, sessionId: string): Promise<number> {
  return releaseCalls(ctx, tx, sql`call_locks.session_id = ${sessionId}`, { replace: true });
}

export async function markCallActive(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo: number; callType: string; outboundId?: number | undefined },
): Promise<{ ok: true; lockedAt: string; expiredOrders: number }> {
  const now = ctx.now();
  const callType = callTypeByName(input.callType)?.CallTypeName ?? input.callType;
  return ctx.db.transaction(async (tx) => {
    // Scope is checked in the transaction that writes the lock, the outbound row and the orders.
    await requireCallInScope(tx, user, input);
    /** The call was opened now, not renewed by its holder's heartbeat (or a reload of the holder's screen). */
    let opened = false;
    // A new prospect (customer number 0) has nothing to lock yet.
    if (input.customerNo > 0) {
      const key = sql`call_locks.sqldbid = ${input.sqldbid} and call_locks.customer_no = ${input.customerNo}`;
      // A lock its holder no longer has (stale heartbeat, session ended) is released first, so that the
      // call stays theirs to resume from the dashboard; another CSR's live lock is untouched.
      await releaseCalls(ctx, tx, sql`${key} and call_locks.user_id <> ${user.userId} and not ${lockHeld(ctx, now)}`, {
        replace: false,
      });
      // `prev` reads the lock as it was before this statement: held by this user already means a renewal.
      const won = rowsOf<{ locked_at: string | Date; renewed: boolean | null }>(
        await tx.execute(sql`
          with prev as (
            select call_locks.user_id = ${user.userId} and ${lockHeld(ctx, now)} as renewed
            from call_locks where ${key})
          insert into call_locks (sqldbid, customer_no, user_id, call_type, outbound_id, locked_at, heartbeat_at, session_id)
          values (${input.sqldbid}, ${input.customerNo}, ${user.userId}, ${callType}, ${input.outboundId ?? null},
                  ${now.toISOString()}, ${now.toISOString()}, ${user.sessionId})
          on conflict (sqldbid, customer_no) do update
            set user_id = excluded.user_id, call_type = excluded.call_type, outbound_id = excluded.outbound_id,
                locked_at = case when call_locks.user_id = excluded.user_id then call_locks.locked_at else excluded.locked_at end,
                heartbeat_at = excluded.heartbeat_at, session_id = excluded.session_id
            where call_locks.user_id = excluded.user_id or not ${lockHeld(ctx, now)}
          returning locked_at, (select renewed from prev) as renewed`),
      );
      if (won.length === 0) throw new AppError('CONFLICT', CALL_ACTIVE_MESSAGE);
      opened = won[0]?.renewed !== true;
    }
    if (input.outboundId !== undefined) {
      await tx
        .update(outboundCalls)
        .set({ callActive: true, lastAccessDate: now, lastAccessCsr: user.userId })
        .where(eq(outboundCalls.outboundId, input.outboundId));
    }
    // A pending NORMAL order is expired when a call opens: the call will make a new one. Only a real customer's
    // (number 0 is shared by every new prospect's quotes, docs/decisions/012), and only when the call is opened,
    // not on each heartbeat: a beat racing End Call would expire the quote that call just made.
    const expired = !opened
      ? []
      : await tx
          .update(orders)
          .set({ orderStatus: 'EXPIRED', updatedAt: now })
          .where(
            and(
              eq(orders.sqldbid, input.sqldbid),
              eq(orders.customerNo, input.customerNo),
              eq(orders.orderType, 'NORMAL'),
              eq(orders.orderStatus, 'PENDING'),
            ),
          )
          .returning({ orderId: orders.orderId });
    await tx.delete(savedCalls).where(eq(savedCalls.userId, user.userId));
    if (opened) await discardOtherWorkStates(tx, user, input);
    // The CSR is On call from the opening, in the transaction of the lock; a beat of the same call changes nothing
    // (decision 076), which is also how a new prospect's call, with nothing to lock, is told from its beats.
    await applyAgentEvent(
      ctx,
      tx,
      user.userId,
      { kind: 'callOpened', callKey: agentCallKey(input.sqldbid, input.customerNo) },
      'call',
    );
    return { ok: true as const, lockedAt: now.toISOString(), expiredOrders: expired.length };
  });
}

export async function isCallActive(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo: number },
): Promise<{ isActive: boolean; mine: boolean; activeBy: string }> {
  await requireCallInScope(ctx.db, user, input);
  const [row] = rowsOf<{ user_id: number; active_by: string }>(
    await ctx.db.execute(sql`
      select call_locks.user_id, u.first_name || ' ' || u.last_name as active_by
      from call_locks join users u on u.user_id = call_locks.user_id
      where call_locks.sqldbid = ${input.sqldbid} and call_locks.customer_no = ${input.customerNo}
        and ${lockHeld(ctx, ctx.now())}`),
  );
  if (!row) return { isActive: false, mine: false, activeBy: '' };
  return { isActive: true, mine: row.user_id === user.userId, activeBy: row.active_by };
}

/**
 * Release the caller's own lock and mark the outbound row inactive; with `save`, keep the call so the
 * dashboard can send the user back to it, with its working state as the screen sent it (a lock the user no
 * longer had keeps the state last saved); otherwise forget a saved call of this customer and its working state.
 */
export async function markCallInactive(
  ctx: AppContext,
  user: AuthUser,
  input: {
    sqldbid: number;
    customerNo: number;
    save: boolean;
    callType?: string | undefined;
    theCall?: Record<string, unknown> | undefined;
    workState?: WorkStateSave | undefined;
  },
): Promise<void> {
  const now = ctx.now();
  const call = { sqldbid: input.sqldbid, customerNo: input.customerNo };
  if (input.save && input.workState) checkEdits(call, input.workState);
  await ctx.db.transaction(async (tx) => {
    // Saving keeps a call to come back to: only one the user may open. Releasing and forgetting touch only the
    // user's own rows, so they need no check (and answer alike for any customer).
    if (input.save) await requireCallInScope(tx, user, { sqldbid: input.sqldbid, customerNo: input.customerNo });
    const released = rowsOf<{ outbound_id: number | null }>(
      await tx.execute(sql`
        delete from call_locks
        where sqldbid = ${input.sqldbid} and customer_no = ${input.customerNo} and user_id = ${user.userId}
        returning outbound_id`),
    );
    const outboundId = released[0]?.outbound_id;
    if (outboundId) {
      await tx.update(outboundCalls).set({ callActive: false }).where(eq(outboundCalls.outboundId, outboundId));
    }
    // Leaving or cancelling the call in hand is its end for the CSR's state: Wrap-up, then Ready (decision 076).
    await applyAgentEvent(
      ctx,
      tx,
      user.userId,
      {
        kind: 'callEnded',
        callKey: agentCallKey(call.sqldbid, call.customerNo),
        wrapUpSeconds: ctx.config.agentWrapUpSeconds,
      },
      'call',
    );
    if (input.save) {
      const saved = {
        sqldbid: input.sqldbid,
        customerNo: input.customerNo,
        callType: (input.callType && callTypeByName(input.callType)?.CallTypeName) || 'Inbound',
        theCall: input.theCall ?? {},
        savedAt: now,
      };
      await tx
        .insert(savedCalls)
        .values({ userId: user.userId, ...saved })
        .onConflictDoUpdate({ target: savedCalls.userId, set: saved });
      if (input.workState && (input.customerNo <= 0 || released.length > 0)) {
        await writeWorkState(ctx, tx, user, call, input.workState);
      }
    } else {
      await discardWorkState(tx, user, call);
      await tx
        .delete(savedCalls)
        .where(
          and(
            eq(savedCalls.userId, user.userId),
            eq(savedCalls.sqldbid, input.sqldbid),
            eq(savedCalls.customerNo, input.customerNo),
          ),
        );
    }
  });
}

/**
 * The call the user left without ending. Calls still locked by one of the user's sessions that has
 * ended (timed out, or closed without signing out) are released first and become the saved call.
 */
export async function savedCall(ctx: AppContext, user: AuthUser) {
  await ctx.db.transaction((tx) =>
    releaseCalls(ctx, tx, sql`call_locks.user_id = ${user.userId} and not ${lockHeld(ctx, ctx.now())}`, {
      replace: false,
    }),
  );
  const [row] = await ctx.db.select().from(savedCalls).where(eq(savedCalls.userId, user.userId));
  if (!row) return { saved: null };
  return {
    saved: {
      sqldbid: row.sqldbid,
      customerNo: row.customerNo,
      callType: row.callType,
      theCall: row.theCall as Record<string, unknown>,
      savedAt: row.savedAt.toISOString(),
    },
  };
}
