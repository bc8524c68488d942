import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * Opened with a password the user must change (decision 064): until it is changed, the session makes only the calls
     * open before a password change. Never set for a session of the identity server, which does not use the password.
     */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
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

/**
 * Sign-ins through the identity server in progress (decision 038): the state, nonce and PKCE code verifier of one
 * authorization request, kept on the server so any API process may receive the return, and deleted when the return
 * is read, so each is used once. The state is stored as a SHA-256; `browser_hash` binds the request to the browser
 * that started it (the SHA-256 of an HttpOnly cookie), so a return carried to another browser is refused.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Where the user was going (path and query), to return there after signing in. */
    target: text('target').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);

/**
 * What the identity server gave a session signed in through it: the ID token (the hint of the RP-initiated logout)
 * and its access token, which the wiki and knowledge-base hand-offs pass on. Ends with the session.
 */
export const ssoSessions = pgTable('sso_sessions', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.sessionId, { onDelete: 'cascade' }),
  idToken: text('id_token').notNull(),
  accessToken: text('access_token').notNull(),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
});

/**
 * The user an identity of the identity server signs in as (docs/decisions/068-sign-out-linking-and-the-signed-out-load.md):
 * the account it was linked to by its verified email, or the one its first sign-in made. Found by issuer and subject at
 * every later sign-in; a user has at most one.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    /** How it was linked: 'email' (an account that was here before) or 'created' (made by its first sign-in). */
    linkedBy: text('linked_by').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), uniqueIndex('user_identities_user_idx').on(t.userId)],
);
