import { index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/**
 * Flag codes a franchise puts on its customers (e.g. a do-not-solicit or a VIP mark). An import by franchise keeps
 * or drops customers by their codes (administration.md §7 ImportOutboundCallsByFranchise; decision 030).
 */
export const franchiseFlagCodes = pgTable(
  'franchise_flag_codes',
  {
    sqldbid: integer('sqldbid').notNull(),
    flagCode: text('flag_code').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.sqldbid, t.flagCode] })],
);

export const customerFlagCodes = pgTable(
  'customer_flag_codes',
  {
    sqldbid: integer('sqldbid').notNull(),
    customerNo: integer('customer_no').notNull(),
    flagCode: text('flag_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sqldbid, t.customerNo, t.flagCode] })],
);

/**
 * One CSV import of outbound calls: previewed first (its rows checked and kept in `outbound_import_rows`), then
 * imported in one transaction, which deletes the kept rows and records what it added (decision 030).
 */
export const outboundImports = pgTable(
  'outbound_imports',
  {
    importId: text('import_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    callType: text('call_type').notNull(),
    /** The franchise filter of an import by franchise (branchNo, sqldbid, flag codes), or null. */
    franchise: jsonb('franchise'),
    fileName: text('file_name').notNull().default(''),
    /** previewed, then imported. */
    status: text('status').notNull().default('previewed'),
    totalRows: integer('total_rows').notNull().default(0),
    toAdd: integer('to_add').notNull().default(0),
    alreadyImported: integer('already_imported').notNull().default(0),
    dropped: integer('dropped').notNull().default(0),
    added: integer('added'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp('imported_at', { withTimezone: true }),
  },
  (t) => [index('outbound_imports_status_idx').on(t.status, t.createdAt)],
);

/** The checked rows of a previewed import; `problem` says why a row is dropped (null: it will be added). */
export const outboundImportRows = pgTable(
  'outbound_import_rows',
  {
    importId: text('import_id').notNull(),
    lineNo: integer('line_no').notNull(),
    problem: text('problem'),
    /** already: the natural key is in outbound_calls; null otherwise. */
    outcome: text('outcome'),
    branchNo: text('branchno'),
    sqldbid: integer('sqldbid'),
    custNo: integer('cust_no'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    phone: text('phone').notNull().default(''),
    size: numeric('size', { precision: 8, scale: 2 }),
    priceOffer: numeric('price_offer', { precision: 12, scale: 2 }),
    service: text('service').notNull().default(''),
    statusDate: timestamp('status_date', { withTimezone: true }),
    callSource: text('call_source').notNull().default(''),
    importKey: text('import_key'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.lineNo] })],
);
