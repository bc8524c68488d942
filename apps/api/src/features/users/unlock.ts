/**
 * `POST /api/auth/unlock`: ends the sign-in lock-out of a username for every client. It acts on a user, so it follows
 * the rules of the other user-administration calls (docs/decisions/056-user-manager-delegation.md): the user must be
 * an active user within the caller's reach (404 otherwise, as if it did not exist), with no right the caller lacks
 * (403); the unlock and its audit row share one transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { touchRefusal } from '@cc/domain';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { unlockUsername } from '../auth/index.js';
import { writeAudit } from './audit.js';
import { actorOf, targetOf, userDetail } from './queries.js';
import { checkRights } from './rights.js';
import { refusalError } from './validate.js';

export async function unlockUser(ctx: AppContext, user: AuthUser, username: string): Promise<void> {
  const actor = actorOf(user);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: users.userId, username: users.username })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.active, true)));
    if (!row) throw notFound('User not found.');
    const target = await targetOf(tx, actor, row.userId, { lock: true });
    const refusal = touchRefusal(actor, target);
    if (refusal) throw refusalError(refusal);
    await checkRights(tx, actor, await userDetail(tx, row.userId), null);
    const removed = await unlockUsername(tx, row.username);
    await writeAudit(ctx, tx, user, {
      action: 'unlock',
      entity: 'signin_attempts',
      entityId: row.userId,
      targetUserId: row.userId,
      before: { attemptRows: removed },
      after: null,
    });
  });
}
