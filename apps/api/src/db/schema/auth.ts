import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/** Bearer sessions. Only a SHA-256 of the token is stored, so a copy of the table signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins per username (lower case), for slowing and locking out guessing. */
export const signinAttempts = pgTable('signin_attempts', {
  usernameKey: text('username_key').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
