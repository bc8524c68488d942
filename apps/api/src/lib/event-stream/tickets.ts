/**
 * Stream tickets (decision 035), for every Server-Sent Events stream of the app (the floor's, the screen pops'):
 * EventSource cannot send the bearer header, and a bearer token in a URL would be
 * written to logs and kept in history. So the page asks for a ticket with its bearer token, and opens the stream with
 * the ticket in the query: random, stored as a SHA-256, good for TICKET_SECONDS and for one stream only, and bound to
 * the session, whose rules (revoked, idle, past its end) are checked when it is used, as `authenticate` checks them.
 * An open stream's rights are checked again while it streams (`streamRights`).
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { mayAccess, type Access, type Scope } from '@cc/domain';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { hashToken, loadAuthUser, loadSessionUsers, newToken, sessionAlive, type AuthUser } from '../../http/auth.js';
import { unauthenticated } from '../../http/errors.js';

export const TICKET_SECONDS = 30;

export async function issueTicket(
  ctx: AppContext,
  user: AuthUser,
): Promise<{ ticket: string; expiresInSeconds: number }> {
  const ticket = newToken();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // Tickets that were never used go with the next one issued.
    await tx.execute(sql`delete from stream_tickets where expires_at <= ${now.toISOString()}`);
    await tx.execute(sql`insert into stream_tickets (ticket_hash, session_id, expires_at)
      values (${hashToken(ticket)}, ${user.sessionId}, ${new Date(now.getTime() + TICKET_SECONDS * 1000).toISOString()})`);
  });
  return { ticket, expiresInSeconds: TICKET_SECONDS };
}

/**
 * The user of a request's stream ticket, spending it; null when the request has no ticket (the bearer header is then
 * asked for). A ticket that is unknown, spent, expired, or of a session that has ended is a 401.
 */
export async function redeemTicket(ctx: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
  if (typeof ticket !== 'string' || !/^[A-Za-z0-9_-]{20,200}$/.test(ticket)) return null;
  const now = ctx.now();
  const rows = rowsOf<{ user_id: number; session_id: string }>(
    await ctx.db.execute(sql`
      with spent as (delete from stream_tickets where ticket_hash = ${hashToken(ticket)} returning session_id, expires_at)
      select s.user_id, s.session_id from spent join sessions s on s.session_id = spent.session_id
      where spent.expires_at > ${now.toISOString()} and ${sessionAlive(ctx, now)}`),
  );
  const row = rows[0];
  const user = row ? await loadAuthUser(ctx.db, row.user_id, row.session_id) : null;
  if (!user) throw unauthenticated('The stream ticket is unknown, used or expired: ask for a new one.');
  return user;
}

/**
 * Of these streams' sessions, the scope each may stream now (`scopeOf` the user as it is now): the session still alive,
 * its user active, and the stream route's access rule passing with the user's grants as they are now
 * (060-csv-formulas-filter-depth-floor-rights.md). A session missing from the answer may stream no more.
 */
export async function streamRights(
  ctx: AppContext,
  sessionIds: string[],
  access: Access,
  scopeOf: (user: AuthUser) => Scope,
): Promise<Map<string, Scope>> {
  const users = await loadSessionUsers(ctx, sessionIds);
  const rights = new Map<string, Scope>();
  for (const [sessionId, user] of users) if (mayAccess(access, user)) rights.set(sessionId, scopeOf(user));
  return rights;
}
