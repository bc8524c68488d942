import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  date,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';

/** The reasons a CSR may give for Away (decision 076), kept by administrators with the other reference data. */
export const awayReasons = pgTable('away_reasons', {
  awayReasonId: serial('away_reason_id').primaryKey(),
  description: text('description').notNull(),
  /** A reason no longer offered stays on the history that names it. */
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

const stateCheck = (column: unknown) => sql`${column} in ('Ready', 'On call', 'Wrap-up', 'Away', 'Offline')`;

/**
 * Each user's agent state now (decision 076): one row per user who ever had one, changed only together with a row of
 * `agent_state_history` in the same transaction. A Wrap-up carries its end, so any process reads it as Ready from
 * then on whether or not the change has been recorded yet.
 */
export const agentStates = pgTable(
  'agent_states',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.userId, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    reasonId: integer('reason_id').references(() => awayReasons.awayReasonId),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    wrapUpUntil: timestamp('wrap_up_until', { withTimezone: true }),
    /** The call opened and not yet ended (`sqldbid/customerNo`): its heartbeats change nothing. */
    callKey: text('call_key'),
    /** The history row of the current state, closed when the next one starts. */
    historyId: bigint('history_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('agent_states_state_check', stateCheck(t.state)),
    index('agent_states_wrap_up_idx')
      .on(t.wrapUpUntil)
      .where(sql`${t.state} = 'Wrap-up'`),
  ],
);

/**
 * Every change of a user's agent state with its start and, once the next began, its end; `source` says what made it.
 * Reports read it by user, by time range and by state.
 */
export const agentStateHistory = pgTable(
  'agent_state_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    reasonId: integer('reason_id').references(() => awayReasons.awayReasonId),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    source: text('source').notNull(),
  },
  (t) => [
    check('agent_state_history_state_check', stateCheck(t.state)),
    check('agent_state_history_source_check', sql`${t.source} in ('user', 'call', 'phone', 'timer', 'session')`),
    index('agent_state_history_user_idx').on(t.userId, t.startedAt),
    index('agent_state_history_started_idx').on(t.startedAt),
    index('agent_state_history_state_idx').on(t.state, t.startedAt),
    /** The open states (each user's current one), which the reports count live until now beside the hours' rollup. */
    index('agent_state_history_open_idx')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Each user's time per state per hour of UTC, from the closed rows of `agent_state_history`, kept by a trigger on that
 * table in the transaction of the change (docs/decisions/088-state-hours-rollup.md): the reports read it instead of
 * cutting every state row of their range at its periods. An hour of UTC lies within one hour and one day of any
 * whole-hour time zone, so the call centre's days and hours are sums of these. Microseconds keep the sums exact.
 * `began`/`began_micros` count the states that began in the hour and their whole lengths (the average Wrap-up).
 */
export const agentStateHours = pgTable(
  'agent_state_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    micros: bigint('micros', { mode: 'number' }).notNull(),
    began: integer('began').notNull(),
    beganMicros: bigint('began_micros', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.userId, t.state] })],
);

/**
 * Each user's time per state per day of the call centre's clock: `agent_state_hours` summed per day, kept by the same
 * trigger in the same statement (docs/decisions/099-state-days-rollup.md). A report by day reads one row per CSR, state
 * and day instead of an hour's row for every hour worked.
 */
export const agentStateDays = pgTable(
  'agent_state_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    micros: bigint('micros', { mode: 'number' }).notNull(),
    began: integer('began').notNull(),
    beganMicros: bigint('began_micros', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId, t.state] })],
);
