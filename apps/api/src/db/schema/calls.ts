import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
} from 'drizzle-orm/pg-core';
import { users } from './access.js';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/**
 * Who has a customer's call open. One row per customer: the primary key decides between simultaneous
 * openers, in any number of API processes. A row whose heartbeat is older than the release time, or
 * whose session has ended, is taken over, so a crashed browser never locks a call for ever.
 */
export const callLocks = pgTable(
  'call_locks',
  {
    sqldbid: integer('sqldbid').notNull(),
    customerNo: integer('customer_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    callType: text('call_type').notNull(),
    outboundId: integer('outbound_id'),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    /**
     * The session that holds the call (its id, which a refresh does not change): signing out releases
     * it, and a session that has ended (revoked, idle or past its absolute limit) holds nothing.
     */
    sessionId: text('session_id'),
  },
  (t) => [
    primaryKey({ columns: [t.sqldbid, t.customerNo] }),
    index('call_locks_user_idx').on(t.userId),
    index('call_locks_session_idx').on(t.sessionId),
  ],
);

/** The call a user left without ending, so the dashboard can send them back to it. */
export const savedCalls = pgTable('saved_calls', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  sqldbid: integer('sqldbid').notNull(),
  customerNo: integer('customer_no').notNull(),
  callType: text('call_type').notNull(),
  theCall: jsonb('the_call').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
});

/**
 * What a CSR has decided on a call so far (its working state, docs/decisions/023-call-working-state.md), kept while
 * the call is worked or saved and deleted when it ends or is cancelled. `state` is the contract's CallWorkState.
 */
export const callWorkStates = pgTable(
  'call_work_states',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    sqldbid: integer('sqldbid').notNull(),
    customerNo: integer('customer_no').notNull(),
    callType: text('call_type').notNull(),
    /** A new prospect's (0) or an unknown customer's (-1) call row, as the screen names it; empty otherwise. */
    callRow: text('call_row').notNull().default(''),
    revision: integer('revision').notNull(),
    state: jsonb('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sqldbid, t.customerNo] })],
);

/** Every change a CSR makes to a customer, linked to the call that ends afterwards. */
export const customerInfoEdits = pgTable(
  'customer_info_edits',
  {
    customerInfoEditId: serial('customer_info_edit_id').primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    customerNo: integer('customer_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    callHistoryId: integer('call_history_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customer_info_edits_customer_idx').on(t.sqldbid, t.customerNo)],
);

/** The call history record (call-handling.md §3), one per ended or cancelled call. */
export const callHistory = pgTable(
  'call_history',
  {
    callId: serial('call_id').primaryKey(),
    csuserId: integer('csuser_id').references(() => users.userId),
    csagent: text('csagent').notNull().default(''),
    sqldbid: integer('sqldbid').notNull(),
    custNo: integer('cust_no').notNull(),
    branchNo: text('branchno').notNull().default(''),
    custType: text('cust_type').notNull().default(''),
    custEmail: text('cust_email').notNull().default(''),
    callReason: text('call_reason').notNull().default(''),
    callStart: timestamp('call_start', { withTimezone: true }),
    callEnd: timestamp('call_end', { withTimezone: true }),
    callLog: text('call_log').notNull().default(''),
    package: text('package').notNull().default(''),
    applications: integer('applications').notNull().default(0),
    appcost: money('appcost').notNull().default('0'),
    organic: boolean('organic').notNull().default(false),
    lawnsize: numeric('lawnsize', { precision: 8, scale: 2 }).notNull().default('0'),
    ownerfollowup: text('ownerfollowup').notNull().default('None'),
    salestax: money('salestax').notNull().default('0'),
    taxrate: numeric('taxrate', { precision: 7, scale: 4 }).notNull().default('0'),
    zipcode: text('zipcode').notNull().default(''),
    totalcost: money('totalcost').notNull().default('0'),
    emailsent: boolean('emailsent').notNull().default(false),
    errormsg: text('errormsg').notNull().default(''),
    custUsedcomp: text('cust_usedcomp').notNull().default(''),
    callSource: text('call_source').notNull().default(''),
    custSex: text('cust_sex').notNull().default(''),
    prepaydiscount: money('prepaydiscount').notNull().default('0'),
    prepaysalestax: money('prepaysalestax').notNull().default('0'),
    prepaytotalcost: money('prepaytotalcost').notNull().default('0'),
    /** Incoming or Outgoing. */
    callDirection: text('call_direction').notNull(),
    callResult: text('call_result').notNull().default(''),
    callTarget: timestamp('call_target', { withTimezone: true }),
    callList: text('call_list').notNull().default(''),
    callType: text('call_type').notNull().default(''),
    previousLawnCare: text('previous_lawn_care').notNull().default(''),
    /** 'None' or a currency value. */
    couponUsed: text('coupon_used').notNull().default('None'),
    coupon: text('coupon').notNull().default(''),
    callAheadReason: text('call_ahead_reason').notNull().default(''),
    callAheadContact: text('call_ahead_contact').notNull().default(''),
    custHasIrrigationSystem: boolean('cust_has_irrigation_system').notNull().default(false),
    custInterstedInPestControl: boolean('cust_intersted_in_pest_control').notNull().default(false),
    custAutopaid: boolean('cust_autopaid').notNull().default(false),
    custPrepaid: boolean('cust_prepaid').notNull().default(false),
    sendemail: boolean('sendemail').notNull().default(true),
    csrNotes: text('csr_notes').notNull().default(''),
    firstAppTime: text('first_app_time').notNull().default(''),
    applicationsSubtotal: money('applications_subtotal').notNull().default('0'),
    addServicesSubtotal: money('add_services_subtotal').notNull().default('0'),
    monthlySubTotal: money('monthly_sub_total').notNull().default('0'),
    initialPaymentSubTotal: money('initial_payment_sub_total').notNull().default('0'),
    prepayDiscountSubtotal: money('prepay_discount_subtotal').notNull().default('0'),
    prepayDiscountTotal: money('prepay_discount_total').notNull().default('0'),
    /** The text receipt (spelt as the spec spells it). */
    reciept: text('reciept').notNull().default(''),
    /** -1 when no survey was taken. */
    surveyId: integer('survey_id').notNull().default(-1),
    isUrgent: boolean('is_urgent').notNull().default(false),
    customer: jsonb('customer'),
    /** 0 when no offer was applied. */
    offerId: integer('offer_id').notNull().default(0),
    orderId: integer('order_id'),
    outboundId: integer('outbound_id'),
    idempotencyKey: text('idempotency_key'),
    /** The phone system's id of the call (a screen pop's callId, decision 075), so a call can be found by it. */
    phoneCallId: text('phone_call_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('call_history_customer_idx').on(t.sqldbid, t.custNo, t.callStart),
    /** The calls ended in a range: the supervisor's reports (docs/decisions/083-report-indexes-and-bench.md). */
    index('call_history_end_idx')
      .on(t.callEnd)
      .where(sql`call_end is not null`),
    index('call_history_phone_call_idx')
      .on(t.phoneCallId)
      .where(sql`phone_call_id is not null`),
    uniqueIndex('call_history_idempotency_idx')
      .on(t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
  ],
);

/**
 * The calls per hour of UTC (of their end), branch, call type and CSR, kept by triggers on `call_history` in the
 * writing transaction (docs/decisions/094-call-hours-rollup.md): the reports read it instead of every call of their
 * range. Only ended calls that were not cancelled count. `csuser_id` is 0 for a call without a user (imported, the
 * demo's), so that the key has no null; `csagent` is kept beside it because the report names a CSR without a name by
 * it. Handle time in microseconds over the calls that have a start not after their end, so the averages are exact.
 */
export const callHours = pgTable(
  'call_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    branchNo: text('branchno').notNull(),
    callType: text('call_type').notNull(),
    csuserId: integer('csuser_id').notNull(),
    csagent: text('csagent').notNull(),
    calls: integer('calls').notNull(),
    handled: integer('handled').notNull(),
    handleMicros: bigint('handle_micros', { mode: 'number' }).notNull(),
    sales: integer('sales').notNull(),
    revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull(),
    quotes: integer('quotes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.branchNo, t.callType, t.csuserId, t.csagent] })],
);

/** The figures a rollup of calls keeps per key, exact at any level (counts and sums only). */
const callFigureColumns = () => ({
  calls: integer('calls').notNull(),
  handled: integer('handled').notNull(),
  handleMicros: bigint('handle_micros', { mode: 'number' }).notNull(),
  sales: integer('sales').notNull(),
  revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull(),
  quotes: integer('quotes').notNull(),
});

/**
 * `call_hours` summed per day of the call centre's clock, branch and call type, kept by the same trigger in the same
 * statement (docs/decisions/102-call-days-rollups.md): a report by day of call types or branches reads a row per
 * branch, type and day, in any scope.
 */
export const callBranchDays = pgTable(
  'call_branch_days',
  {
    day: date('day').notNull(),
    branchNo: text('branchno').notNull(),
    callType: text('call_type').notNull(),
    ...callFigureColumns(),
  },
  (t) => [primaryKey({ columns: [t.day, t.branchNo, t.callType] })],
);

/**
 * `call_hours` summed per day of the call centre's clock and CSR, across branches and call types, kept by the same
 * trigger (docs/decisions/102-call-days-rollups.md): a report by CSR per day for a scope of every branch reads a row
 * per CSR and day.
 */
export const callCsrDays = pgTable(
  'call_csr_days',
  {
    day: date('day').notNull(),
    csuserId: integer('csuser_id').notNull(),
    csagent: text('csagent').notNull(),
    ...callFigureColumns(),
  },
  (t) => [primaryKey({ columns: [t.day, t.csuserId, t.csagent] })],
);

/** Contacts with a customer other than calls: service visits, letters, emails, payments. */
export const touchpoints = pgTable(
  'touchpoints',
  {
    touchpointId: serial('touchpoint_id').primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    customerNo: integer('customer_no').notNull(),
    touchDate: timestamp('touch_date', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    employee: text('employee').notNull().default(''),
    amount: money('amount'),
  },
  (t) => [index('touchpoints_customer_idx').on(t.sqldbid, t.customerNo, t.touchDate)],
);

/** Orders: LCP, UPSELL or NORMAL; SUBMITTED, PENDING or EXPIRED. */
export const orders = pgTable(
  'orders',
  {
    orderId: serial('order_id').primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    customerNo: integer('customer_no').notNull(),
    /**
     * The customer's names, copied from customers by trigger (migration order_list_indexes) when the order is made and whenever
     * the customer's name changes, so that All Quotes sorts and searches orders by name with an index of its own.
     */
    customerFirstName: text('customer_first_name').notNull().default(''),
    customerLastName: text('customer_last_name').notNull().default(''),
    branchNo: text('branchno').notNull(),
    callId: integer('call_id'),
    serviceYear: integer('service_year').notNull(),
    isPrepay: boolean('is_prepay').notNull().default(false),
    ndc: text('ndc').notNull().default(''),
    orderType: text('order_type').notNull(),
    orderStatus: text('order_status').notNull(),
    isAutopay: boolean('is_autopay').notNull().default(false),
    subTotal: money('sub_total').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    total: money('total').notNull().default('0'),
    source: text('source').notNull().default(''),
    title: text('title').notNull().default(''),
    sessionId: text('session_id'),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('orders_customer_idx').on(t.sqldbid, t.customerNo),
    index('orders_branch_status_idx').on(t.branchNo, t.orderStatus, t.updatedAt),
    // One order per call: creating the order of a call again (a retry) finds the first one.
    uniqueIndex('orders_call_idx')
      .on(t.callId)
      .where(sql`call_id is not null`),
    index('orders_customer_no_idx').on(t.customerNo),
    // The sort indexes of All Quotes (with INCLUDE and collation) are written by hand in migration order_list_indexes.
  ],
);

/**
 * Orders per branch and status, kept by a trigger at commit (migrations order_list_indexes, order_counts_at_commit)
 * so that All Quotes never counts the orders.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    branchNo: text('branchno').notNull(),
    orderStatus: text('order_status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.branchNo, t.orderStatus] })],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderItemId: serial('order_item_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    serviceDefId: integer('service_def_id').notNull(),
    serviceName: text('service_name').notNull().default(''),
    rounds: integer('rounds').notNull().default(1),
    unitPrice: money('unit_price').notNull().default('0'),
    quantity: integer('quantity').notNull().default(1),
    extendedPrice: money('extended_price').notNull().default('0'),
    unitPriceSold: money('unit_price_sold').notNull().default('0'),
    extendedPriceSold: money('extended_price_sold').notNull().default('0'),
    installment: boolean('installment').notNull().default(false),
    remainMonths: integer('remain_months').notNull().default(0),
  },
  // One line per service of an order: adding a line again (a retry) updates it instead of doubling it.
  (t) => [uniqueIndex('order_items_order_service_idx').on(t.orderId, t.serviceDefId)],
);

export const orderDiscounts = pgTable(
  'order_discounts',
  {
    orderDiscountId: serial('order_discount_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    couponCode: text('coupon_code').notNull(),
    amount: money('amount').notNull(),
  },
  // A coupon discounts an order once.
  (t) => [uniqueIndex('order_discounts_order_coupon_idx').on(t.orderId, t.couponCode)],
);
