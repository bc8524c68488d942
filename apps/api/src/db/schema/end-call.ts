import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { callHistory } from './calls.js';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * Every email the application sends, written in the transaction that decides to send it and delivered
 * after commit by the mail worker (features/mail/mail-worker.ts). A row stays for ever: sent, or
 * failed with its last error for the Resend Emails utility. `locked_until`/`locked_by` is the lease of
 * the worker sending it (on the database's clock, renewed while it sends), so several API processes never
 * send one message twice.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    emailId: serial('email_id').primaryKey(),
    /** end-call or thp. */
    kind: text('kind').notNull(),
    /** Addresses separated by ', '. */
    toAddresses: text('to_addresses').notNull(),
    ccAddresses: text('cc_addresses').notNull().default(''),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull().default(''),
    /** The local part of the Message-ID header, fixed at enqueue: a repeated delivery is the same message. */
    messageId: text('message_id').notNull(),
    /** queued, sent or failed. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Envelope addresses the server accepted, over all attempts (', '): a later attempt goes only to the others,
     * so a recipient who got the message never gets it again when another recipient was refused.
     */
    deliveredTo: text('delivered_to').notNull().default(''),
    /** Addresses the server refused on the last attempt (', '): a failed message failed for these. */
    refusedTo: text('refused_to').notNull().default(''),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    callId: integer('call_id'),
    orderId: integer('order_id'),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt, t.emailId)
      .where(sql`status = 'queued'`),
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    uniqueIndex('email_outbox_call_kind_idx')
      .on(t.callId, t.kind)
      .where(sql`call_id is not null`),
  ],
);

/** A session of the orders and surveys services (header X-SessionId), owned by one user. */
export const orderSessions = pgTable(
  'order_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_sessions_user_idx').on(t.userId)],
);

/** Survey forms: questions with id, text, hidden, required and answer options (call-handling.md §3). */
export const surveyDefinitions = pgTable('survey_definitions', {
  surveyGuid: uuid('survey_guid').primaryKey(),
  name: text('name').notNull(),
  questions: jsonb('questions').notNull(),
});

/** A survey taken with a customer; completedOn is the franchise's local time, as the spec shows it. */
export const surveys = pgTable(
  'surveys',
  {
    surveyId: serial('survey_id').primaryKey(),
    surveyGuid: uuid('survey_guid').references(() => surveyDefinitions.surveyGuid),
    sqldbid: integer('sqldbid').notNull(),
    custNo: integer('cust_no').notNull(),
    branchNo: text('branchno').notNull(),
    callId: integer('call_id').references(() => callHistory.callId),
    /** 'YYYY-MM-DD HH:mm:ss' in the franchise's time zone. */
    completedOn: text('completed_on').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    client: text('client').notNull().default(''),
    createdBy: integer('created_by').references(() => users.userId),
  },
  (t) => [
    index('surveys_customer_idx').on(t.sqldbid, t.custNo),
    uniqueIndex('surveys_call_idx')
      .on(t.callId)
      .where(sql`call_id is not null`),
  ],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.surveyId, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    questionText: text('question_text').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    required: boolean('required').notNull().default(false),
    answer: text('answer').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.questionId] })],
);

/**
 * What the call sold or offered, saved against the call (CustomerHistoryAdditionalServices): one row per
 * lawn program, pest program and additional service, and the call's discount and coupon.
 */
export const callServices = pgTable(
  'call_services',
  {
    callServiceId: serial('call_service_id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => callHistory.callId, { onDelete: 'cascade' }),
    /** LawnProgram, PestProgram, AdditionalService, Discount or Coupon. */
    kind: text('kind').notNull(),
    itemId: integer('item_id'),
    serviceDefId: integer('service_def_id'),
    name: text('name').notNull().default(''),
    amount: money('amount').notNull().default('0'),
    rounds: integer('rounds'),
    free: boolean('free').notNull().default(false),
    /** The coupon code of a Coupon row. */
    code: text('code'),
  },
  (t) => [index('call_services_call_idx').on(t.callId)],
);

/** The step log of the end-call sequence (stepDebug): what each step did, with its parameters. */
export const stepLog = pgTable(
  'step_log',
  {
    stepLogId: bigserial('step_log_id', { mode: 'number' }).primaryKey(),
    stepId: integer('step_id').notNull(),
    sqldbid: integer('sqldbid').notNull(),
    custNo: integer('cust_no'),
    orderId: integer('order_id'),
    orderItemId: integer('order_item_id'),
    callId: integer('call_id'),
    sessionId: text('session_id'),
    parametersData: text('parameters_data').notNull().default(''),
    status: text('status').notNull().default(''),
    log: text('log').notNull().default(''),
    userId: integer('user_id').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('step_log_call_idx').on(t.callId), index('step_log_created_idx').on(t.createdAt)],
);
