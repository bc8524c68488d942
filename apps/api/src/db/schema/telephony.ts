import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { franchises, users } from './access.js';

/**
 * Every event the phone system sent (decision 074), as it came: the call's states can be told from them later. The
 * signature is unique, so a request sent again (a replay, or a retry the phone system makes) is refused by the
 * database whichever API process it reaches. The app's own dial requests are kept here too, as `dialled` events with
 * the number dialled as `ani` (docs/decisions/084-next-call-dials.md), so a call's record has both directions.
 */
export const telephonyEvents = pgTable(
  'telephony_events',
  {
    eventId: serial('event_id').primaryKey(),
    /** The replay key (hex): a phone system's request's signature; of a dial, a signature over the call it dials. */
    signature: text('signature').notNull(),
    /** ringing, answered, ended or missed from the phone system; dialled: the app's dial request it took. */
    type: text('type').notNull(),
    /** The phone system's id of the call (of a dial, the id the app gave it). */
    phoneCallId: text('phone_call_id').notNull(),
    ani: text('ani').notNull(),
    dnis: text('dnis').notNull().default(''),
    /** The agent as the phone system named it; its user when one was found. */
    agent: text('agent').notNull(),
    userId: integer('user_id').references(() => users.userId),
    /** When it happened at the phone system, and when it reached us. */
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Of an answered call to a known agent: the customers in its scope with the caller's number. */
    customers: integer('customers'),
  },
  (t) => [
    uniqueIndex('telephony_events_signature_idx').on(t.signature),
    index('telephony_events_call_idx').on(t.phoneCallId, t.eventTime),
    index('telephony_events_user_idx')
      .on(t.userId, t.eventTime)
      .where(sql`user_id is not null`),
  ],
);

/**
 * The numbers callers dial and the branch each belongs to (DNIS → branch, kept in the Utilities): a screen pop's
 * dialled number opens Add Call on that branch's franchise. The number is kept as the customer search compares phones
 * (digits, a leading 1 of eleven dropped), and one number belongs to one branch.
 */
export const phoneLines = pgTable(
  'phone_lines',
  {
    phoneLineId: serial('phone_line_id').primaryKey(),
    dnis: text('dnis').notNull(),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
    /** What the line is for (a brand's ad, a campaign), as the supervisors call it. */
    description: text('description').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('phone_lines_dnis_idx').on(t.dnis), index('phone_lines_branch_idx').on(t.branchNo)],
);
