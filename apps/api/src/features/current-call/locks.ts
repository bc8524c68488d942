/**
 * Opening a call safely. One row per customer in call_locks; INSERT … ON CONFLICT decides between
 * simultaneous openers inside the database, so exactly one wins across any number of API processes.
 * The holder may open again (a reload); a lock whose heartbeat is older than the release time is taken
 * over, so a crashed browser never keeps a call for ever.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { callLocks, orders, outboundCalls, savedCalls, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';

export const CALL_ACTIVE_MESSAGE = 'Sorry, but this call is currently active...';

export async function markCallActive(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo: number; callType: string; outboundId?: number | undefined },
): Promise<{ ok: true; lockedAt: string; expiredOrders: number }> {
  const now = ctx.now();
  const staleBefore = new Date(now.getTime() - ctx.config.callLockReleaseSeconds * 1000);
  return ctx.db.transaction(async (tx) => {
    // A new prospect (customer number 0) has nothing to lock yet.
    if (input.customerNo > 0) {
      const won = rowsOf<{ locked_at: string | Date }>(
        await tx.execute(sql`
          insert into call_locks (sqldbid, customer_no, user_id, call_type, outbound_id, locked_at, heartbeat_at)
          values (${input.sqldbid}, ${input.customerNo}, ${user.userId}, ${input.callType}, ${input.outboundId ?? null},
                  ${now.toISOString()}, ${now.toISOString()})
          on conflict (sqldbid, customer_no) do update
            set user_id = excluded.user_id, call_type = excluded.call_type, outbound_id = excluded.outbound_id,
                locked_at = case when call_locks.user_id = excluded.user_id then call_locks.locked_at else excluded.locked_at end,
                heartbeat_at = excluded.heartbeat_at
            where call_locks.user_id = excluded.user_id or call_locks.heartbeat_at < ${staleBefore.toISOString()}
          returning locked_at`),
      );
      if (won.length === 0) throw new AppError('CONFLICT', CALL_ACTIVE_MESSAGE);
    }
    if (input.outboundId !== undefined) {
      await tx
        .update(outboundCalls)
        .set({ callActive: true, lastAccessDate: now, lastAccessCsr: user.userId })
        .where(eq(outboundCalls.outboundId, input.outboundId));
    }
    // A pending NORMAL order is expired when a call opens: the call will make a new one.
    const expired = await tx
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
    return { ok: true as const, lockedAt: now.toISOString(), expiredOrders: expired.length };
  });
}

export async function isCallActive(
  ctx: AppContext,
  user: AuthUser,
  input: { sqldbid: number; customerNo: number },
): Promise<{ isActive: boolean; mine: boolean; activeBy: string }> {
  const staleBefore = new Date(ctx.now().getTime() - ctx.config.callLockReleaseSeconds * 1000);
  const [row] = await ctx.db
    .select({
      userId: callLocks.userId,
      first: users.firstName,
      last: users.lastName,
      heartbeatAt: callLocks.heartbeatAt,
    })
    .from(callLocks)
    .innerJoin(users, eq(users.userId, callLocks.userId))
    .where(and(eq(callLocks.sqldbid, input.sqldbid), eq(callLocks.customerNo, input.customerNo)));
  if (!row || row.heartbeatAt < staleBefore) return { isActive: false, mine: false, activeBy: '' };
  return { isActive: true, mine: row.userId === user.userId, activeBy: `${row.first} ${row.last}` };
}

/** Release the caller's own lock, mark the outbound row inactive, and optionally save the call to resume. */
export async function markCallInactive(
  ctx: AppContext,
  user: AuthUser,
  input: {
    sqldbid: number;
    customerNo: number;
    save: boolean;
    callType?: string | undefined;
    theCall?: Record<string, unknown> | undefined;
  },
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const released = await tx
      .delete(callLocks)
      .where(
        and(
          eq(callLocks.sqldbid, input.sqldbid),
          eq(callLocks.customerNo, input.customerNo),
          eq(callLocks.userId, user.userId),
        ),
      )
      .returning({ outboundId: callLocks.outboundId });
    const outboundId = released[0]?.outboundId;
    if (outboundId) {
      await tx.update(outboundCalls).set({ callActive: false }).where(eq(outboundCalls.outboundId, outboundId));
    }
    if (input.save) {
      const saved = {
        sqldbid: input.sqldbid,
        customerNo: input.customerNo,
        callType: input.callType ?? 'Inbound',
        theCall: input.theCall ?? {},
        savedAt: now,
      };
      await tx
        .insert(savedCalls)
        .values({ userId: user.userId, ...saved })
        .onConflictDoUpdate({ target: savedCalls.userId, set: saved });
    } else {
      await tx.delete(savedCalls).where(eq(savedCalls.userId, user.userId));
    }
  });
}

export async function savedCall(ctx: AppContext, user: AuthUser) {
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
