import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { franchises } from './access.js';

/**
 * Customers of every franchise. The search indexes (lower-case prefixes, trigrams, phones) are written
 * by hand in migration 0001 because they need operator classes drizzle-kit does not express.
 */
export const customers = pgTable(
  'customers',
  {
    customerId: bigserial('customer_id', { mode: 'number' }).primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    customerNo: integer('customer_no').notNull(),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
    /** Existing Customer, Former Customer or Prospect. */
    customerType: text('customer_type').notNull(),
    status: text('status').notNull(),
    email: text('email').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    preDir: text('pre_dir').notNull().default(''),
    streetNo: text('street_no').notNull().default(''),
    streetNm: text('street_nm').notNull().default(''),
    suffix: text('suffix').notNull().default(''),
    postDir: text('post_dir').notNull().default(''),
    /** Built from the street parts (buildStreetAddress). */
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    /** "address, city, state zip" (buildFullAddress): what address autocomplete offers and matches. */
    fullAddress: text('full_address').notNull().default(''),
    /** Lawn size in thousands of square feet. */
    lawnSize: numeric('lawn_size', { precision: 8, scale: 2 }).notNull().default('0'),
    /** Phones are stored as digits only. */
    homePhone: text('home_phone').notNull().default(''),
    workPhone: text('work_phone').notNull().default(''),
    cellPhone: text('cell_phone').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    federalDoNotCall: boolean('federal_do_not_call').notNull().default(false),
    autoPayEnabled: boolean('autopay_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every change of the record, so that an edit made on a stale copy is refused (decision 021). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('customers_sqldbid_customer_no_idx').on(t.sqldbid, t.customerNo),
    index('customers_branch_customer_no_idx').on(t.branchNo, t.customerNo),
    index('customers_customer_no_idx').on(t.customerNo),
  ],
);

/** The zips each branch serves. */
export const serviceAreas = pgTable(
  'service_areas',
  {
    zip: text('zip').notNull(),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
  },
  (t) => [primaryKey({ columns: [t.zip, t.branchNo] }), index('service_areas_branch_idx').on(t.branchNo)],
);
