import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/**
 * Sessions. A session's id is random and never changes, so what belongs to the session (its call locks)
 * survives the rotation of its credentials; the bearer tokens are `access_tokens`. A browser session also
 * has a refresh credential, kept in an HttpOnly cookie as `{sessionId}.{secret}`: only a SHA-256 of the
 * secret is stored (the current one, and the one it replaced, accepted for a few seconds after the
 * rotation), so a copy of the table signs nobody in (decision 022).
 */
export const sessions = pgTable(
  'sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The SHA-256 of the browser's current refresh secret; null for a script's session (no cookie). */
    refreshHash: text('refresh_hash'),
    /** The secret the current one replaced, accepted until `refreshed_at` + the grace (a lost answer). */
    previousRefreshHash: text('previous_refresh_hash'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Bearer tokens, each of one session. A script's sign-in gets one that lives as long as the session; a
 * browser gets short-lived ones from the refresh call. Only a SHA-256 of the token is stored.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('access_tokens_session_idx').on(t.sessionId)],
);

/** Failed sign-ins per username (lower case), for slowing and locking out guessing. */
export const signinAttempts = pgTable('signin_attempts', {
  usernameKey: text('username_key').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Single-use credentials for one Server-Sent Events stream (decision 035): EventSource cannot send the bearer header,
 * so the page asks for a ticket with it and opens the stream with the ticket in the query. Only a SHA-256 is stored;
 * a ticket lives seconds and is deleted when used. In the database, so any API process may serve the stream.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);
