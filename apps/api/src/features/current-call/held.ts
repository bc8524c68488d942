// Whether a user still holds a customer's call: the one condition on a `call_locks` row that both the locks
// themselves and every write made under one (work state, history, customer edits, end call) read.
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';

/**
 * The condition (on a `call_locks` row) that its holder still has the call: a heartbeat within the
 * release time, and a session that is neither revoked, nor idle past the limit, nor past its absolute
 * end — the rules `authenticate` applies to every request.
 */
export function lockHeld(ctx: AppContext, now: Date): SQL {
  const staleBefore = new Date(now.getTime() - ctx.config.callLockReleaseSeconds * 1000).toISOString();
  const idleCutoff = new Date(now.getTime() - ctx.config.session.idleSeconds * 1000).toISOString();
  return sql`(call_locks.heartbeat_at >= ${staleBefore} and (call_locks.session_id is null or exists (
    select 1 from sessions s where s.session_id = call_locks.session_id and s.revoked_at is null
      and s.last_seen_at > ${idleCutoff} and s.expires_at > ${now.toISOString()})))`;
}

export const CALL_NOT_HELD_MESSAGE = 'Open this customer’s call before changing it: you do not hold it.';

/**
 * A write to a customer's call (its order, history, customer record) is made only by the user holding the call:
 * their lock on the customer, still held (docs/decisions/021-orders-and-call-writes.md). The lock row is kept
 * (FOR SHARE) until the writing transaction ends, so it cannot be taken over half way. A new prospect (customer
 * number 0 or -1) has nothing to lock, as when the call opens.
 */
export async function requireCallHeld(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
): Promise<void> {
  if (!(await holdsCall(ctx, tx, user, sqldbid, customerNo))) throw new AppError('CONFLICT', CALL_NOT_HELD_MESSAGE);
}

/**
 * Whether the user holds the customer's call now (always for a new prospect or an unknown customer, which have no
 * lock). The lock row is kept until the transaction ends: FOR SHARE, or with `forUpdate` FOR UPDATE, for a writer
 * that will release the lock itself (End Call), so that two such writers wait for each other instead of deadlocking.
 */
export async function holdsCall(
  ctx: AppContext,
  tx: DbOrTx,
  user: AuthUser,
  sqldbid: number,
  customerNo: number,
  options: { forUpdate?: boolean } = {},
): Promise<boolean> {
  if (customerNo <= 0) return true;
  const held = rowsOf<{ user_id: number }>(
    await tx.execute(sql`
      select user_id from call_locks
      where call_locks.sqldbid = ${sqldbid} and call_locks.customer_no = ${customerNo}
        and call_locks.user_id = ${user.userId} and ${lockHeld(ctx, ctx.now())}
      ${options.forUpdate ? sql`for update` : sql`for share`}`),
  );
  return held.length > 0;
}
