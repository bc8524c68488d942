/**
 * Orders-service sessions (call-handling.md §7, header X-SessionId): opening one and checking that a request names
 * an open session of the signed-in user.
 */
import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { CALL_TIME_ZONE, formatLocalDateTime } from '@cc/domain';
import type { DbOrTx } from '../../db/client.js';
import { orderSessions } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';

/** How long an orders-service session lasts (as long as the longest sign-in session). */
export const ORDER_SESSION_HOURS = 12;

export async function createOrderSession(tx: DbOrTx, user: AuthUser, now: Date) {
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + ORDER_SESSION_HOURS * 3600_000);
  await tx.insert(orderSessions).values({ sessionId, userId: user.userId, createdAt: now, expiresAt });
  return { sessionId, expiresAt: formatLocalDateTime(expiresAt, CALL_TIME_ZONE) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The X-SessionId header must name an open orders-service session of the signed-in user. */
export async function requireOrderSession(
  tx: DbOrTx,
  user: AuthUser,
  header: string | string[] | undefined,
  now: Date,
): Promise<string> {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') {
    throw badRequest('X-SessionId', 'is required: open a session with POST /api/Sessions/Session');
  }
  if (!UUID.test(value.trim())) throw badRequest('X-SessionId', 'must be a session id from POST /api/Sessions/Session');
  const [session] = await tx
    .select({ sessionId: orderSessions.sessionId })
    .from(orderSessions)
    .where(
      and(
        eq(orderSessions.sessionId, value.trim().toLowerCase()),
        eq(orderSessions.userId, user.userId),
        gt(orderSessions.expiresAt, now),
      ),
    );
  if (!session) throw badRequest('X-SessionId', 'is not an open session of yours');
  return session.sessionId;
}
