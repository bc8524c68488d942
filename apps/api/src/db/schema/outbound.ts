import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { franchises, users } from './access.js';

/** Call types (inbound and the outbound lists), reference data from the domain. */
export const callTypes = pgTable('call_types', {
  callTypeId: integer('call_type_id').primaryKey(),
  callTypeName: text('call_type_name').notNull().unique(),
  callTypeDisplayName: text('call_type_display_name').notNull(),
  outbound: boolean('outbound').notNull(),
});

export const callResults = pgTable(
  'call_results',
  {
    callResultId: serial('call_result_id').primaryKey(),
    callTypeId: integer('call_type_id')
      .notNull()
      .references(() => callTypes.callTypeId),
    resultName: text('result_name').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('call_results_type_idx').on(t.callTypeId, t.sortOrder)],
);

export const callOptions = pgTable('call_options', {
  id: integer('id').primaryKey(),
  optionName: text('option_name').notNull(),
  headerName: text('header_name').notNull(),
});

/**
 * Rows of the outbound call lists. A row is listed while it is not complete, not deleted, has a real
 * customer number and (for property evaluation) has evaluation enabled; see `outbound_listed` in
 * migration 0004, which also keeps `outbound_counts` up to date.
 */
export const outboundCalls = pgTable(
  'outbound_calls',
  {
    outboundId: serial('outbound_id').primaryKey(),
    /** The id of the record the row was made from (customer, web lead or import row). */
    id: integer('id'),
    type: text('type').notNull(),
    callSource: text('call_source').notNull().default(''),
    callAttempts: integer('call_attempts').notNull().default(0),
    callOrigin: text('call_origin').notNull().default('Outbound'),
    callBackCsr: integer('call_back_csr').references(() => users.userId),
    callBackDate: timestamp('call_back_date', { withTimezone: true }),
    callComplete: boolean('call_complete').notNull().default(false),
    lastAccessDate: timestamp('last_access_date', { withTimezone: true }),
    lastAccessCsr: integer('last_access_csr').references(() => users.userId),
    /**
     * The name of the CSR in last_access_csr ('first last'; '' without one), kept by triggers (migration 0035): on the
     * call's insert and update, and on a user's rename for its calls not deleted. Never written by the app.
     */
    lastAccessCsrName: text('last_access_csr_name').notNull().default(''),
    /**
     * The name of the CSR in call_back_csr ('first last'; '' without one), kept by triggers as last_access_csr_name
     * is (migration 0042): the call search's agent (decision 062). Never written by the app.
     */
    callBackCsrName: text('call_back_csr_name').notNull().default(''),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
    sqldbid: integer('sqldbid').notNull(),
    custNo: integer('cust_no'),
    propEvalCode: text('prop_eval_code').notNull().default(''),
    enablePropEval: boolean('enable_prop_eval').notNull().default(false),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    phone: text('phone').notNull().default(''),
    size: numeric('size', { precision: 8, scale: 2 }),
    customerType: text('customer_type').notNull().default(''),
    custStatus: text('cust_status').notNull().default(''),
    priceOffer: numeric('price_offer', { precision: 12, scale: 2 }),
    service: text('service').notNull().default(''),
    statusDate: timestamp('status_date', { withTimezone: true }),
    callActive: boolean('call_active').notNull().default(false),
    /** New, Callback, End or Cancel. */
    callStatus: text('call_status').notNull().default('New'),
    comments: text('comments').notNull().default(''),
    webLeadCallId: integer('web_lead_call_id'),
    webLeadType: text('web_lead_type').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The natural key of a row imported from a CSV file (call type, franchise, customer, date, service): importing
     * the same row again adds nothing (decision 030). Null for rows made otherwise.
     */
    importKey: text('import_key'),
  },
  (t) => [
    uniqueIndex('outbound_calls_import_key_idx').on(t.importKey),
    index('outbound_calls_customer_idx').on(t.sqldbid, t.custNo),
    index('outbound_calls_web_lead_idx').on(t.webLeadCallId),
  ],
);

/** Listed rows per branch and call type, kept by a trigger so that counts never scan the list. */
export const outboundCounts = pgTable(
  'outbound_counts',
  {
    branchNo: text('branchno').notNull(),
    type: text('type').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.branchNo, t.type] })],
);

export const webLeads = pgTable(
  'web_leads',
  {
    webLeadId: serial('web_lead_id').primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
    contactId: text('contact_id').notNull(),
    customerNo: integer('customer_no'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    leadType: text('lead_type').notNull(),
    /** new, complete or deleted. */
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.userId),
  },
  (t) => [index('web_leads_branch_status_idx').on(t.branchNo, t.status)],
);

/** Sales leads of a customer; a deep link opens the first by status priority. */
export const leads = pgTable(
  'leads',
  {
    leadId: serial('lead_id').primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
    custNo: integer('cust_no').notNull(),
    /** prospect, open, pending, won, lost or deleted. */
    status: text('status').notNull(),
    callType: text('call_type').notNull(),
    outboundId: integer('outbound_id').references(() => outboundCalls.outboundId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leads_customer_idx').on(t.branchNo, t.custNo),
    /**
     * The foreign key to outbound_calls: without it, a hard delete of outbound rows checks each deleted row against
     * every lead (the import bench's clean-up of 100,000 rows at a million customers ran for over 8 minutes).
     */
    index('leads_outbound_idx').on(t.outboundId),
  ],
);
