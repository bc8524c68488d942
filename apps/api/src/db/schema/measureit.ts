/**
 * MeasureIt (administration.md §1, §3, §4; decision 036): lawn measurements on the satellite map. A measured
 * property belongs to a customer, or is a neighbour (a non-customer property near a customer, for the search's
 * neighbour modes); by-address measurements and commercial leads are measured the same way with their own fields.
 * Shapes are stored as GeoJSON MultiPolygons (several lawn areas, each with holes) in jsonb; every save of a
 * property is kept in its history, which the edit screen lists as previous measurements.
 */
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { franchises, users } from './access.js';

/** A GeoJSON MultiPolygon: polygons of rings of [longitude, latitude] positions, the first ring the outline. */
export interface GeoMultiPolygon {
  type: 'MultiPolygon';
  coordinates: number[][][][];
}

/** Why a property was not measured (trees cover the lawn, no imagery, …): reference data. */
export const notMeasuredReasons = pgTable('not_measured_reasons', {
  notMeasuredReasonId: serial('not_measured_reason_id').primaryKey(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Where a size came from when it was not drawn on the map (typed by hand): reference data. */
export const externalMeasurementSources = pgTable('external_measurement_sources', {
  externalMeasurementSourceId: serial('external_measurement_source_id').primaryKey(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/**
 * The columns every measurable thing shares: its size and shapes, the static image, the reason or the external
 * source, and the lock (active_user_id and active_since: being measured by whom, since when; decision 036).
 */
const measurement = () => ({
  streetAddress: text('street_address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  /** Five or nine digits, no dash (nine-digit zips display as 5-4). */
  zip: text('zip').notNull().default(''),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  squareFeet: numeric('square_feet', { precision: 12, scale: 2 }),
  imagePath: text('image_path').notNull().default(''),
  shapes: jsonb('shapes').$type<GeoMultiPolygon>(),
  notMeasuredReasonId: integer('not_measured_reason_id').references(() => notMeasuredReasons.notMeasuredReasonId),
  externalMeasurementSourceId: integer('external_measurement_source_id').references(
    () => externalMeasurementSources.externalMeasurementSourceId,
  ),
  activeUserId: integer('active_user_id').references(() => users.userId),
  activeSince: timestamp('active_since', { withTimezone: true }),
  complete: boolean('complete').notNull().default(false),
  measurementDate: timestamp('measurement_date', { withTimezone: true }),
  measuredByUserId: integer('measured_by_user_id').references(() => users.userId),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Customers' properties and their neighbours'. */
export const measuredProperties = pgTable(
  'measured_properties',
  {
    propertyId: bigserial('property_id', { mode: 'number' }).primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
    /** The customer's number; null for a neighbour. */
    customerNo: integer('customer_no'),
    /** A neighbour: the customer it is near (for the search's neighbour counts). */
    neighborOfCustomerNo: integer('neighbor_of_customer_no'),
    isNeighbor: boolean('is_neighbor').notNull().default(false),
    /** Shown as Prox in the search grid. */
    yearBuilt: integer('year_built'),
    /** Proximity to the customer: 0 to 10, or 99 (administration.md §9). */
    proximity: integer('proximity'),
    /** The New Neighbor date of the search grid. */
    statusDate: date('status_date'),
    /** The customer's names (empty for a neighbour), kept by triggers for the search's sorts (migration 0034). */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    ...measurement(),
  },
  (t) => [
    uniqueIndex('measured_properties_customer_idx')
      .on(t.sqldbid, t.customerNo)
      .where(sql`${t.customerNo} is not null`),
    // The search (decision 041): a branch's zips in one mode (unmeasured, not measured, measured).
    index('measured_properties_search_idx').on(t.branchNo, t.zip, t.complete, t.isNeighbor),
    index('measured_properties_neighbor_idx')
      .on(t.sqldbid, t.neighborOfCustomerNo)
      .where(sql`${t.isNeighbor}`),
  ],
);

/** Every save of a property: who, when, the size and shapes (the edit screen's previous measurements). */
export const propertyMeasurements = pgTable(
  'property_measurements',
  {
    measurementId: bigserial('measurement_id', { mode: 'number' }).primaryKey(),
    propertyId: bigint('property_id', { mode: 'number' })
      .notNull()
      .references(() => measuredProperties.propertyId),
    /** The save's own id, sent by the screen: a retried save is answered from here, not recorded twice. */
    requestId: uuid('request_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    squareFeet: numeric('square_feet', { precision: 12, scale: 2 }),
    shapes: jsonb('shapes').$type<GeoMultiPolygon>(),
    imagePath: text('image_path').notNull().default(''),
    notMeasuredReasonId: integer('not_measured_reason_id').references(() => notMeasuredReasons.notMeasuredReasonId),
    externalMeasurementSourceId: integer('external_measurement_source_id').references(
      () => externalMeasurementSources.externalMeasurementSourceId,
    ),
  },
  (t) => [
    index('property_measurements_property_idx').on(t.propertyId, t.measuredAt),
    uniqueIndex('property_measurements_request_idx').on(t.requestId),
  ],
);

/** A property measured by its address, not (yet) a customer. */
export const addressMeasurements = pgTable(
  'address_measurements',
  {
    addressMeasurementId: bigserial('address_measurement_id', { mode: 'number' }).primaryKey(),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
    /** The last save's id: a retried save is answered, not written twice. */
    lastRequestId: uuid('last_request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...measurement(),
  },
  (t) => [uniqueIndex('address_measurements_address_idx').on(t.branchNo, sql`lower(${t.streetAddress})`, t.zip)],
);

/** A commercial lead's property: a business, its contact, and the measurement. */
export const commercialLeads = pgTable(
  'commercial_leads',
  {
    commercialLeadId: bigserial('commercial_lead_id', { mode: 'number' }).primaryKey(),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    /** Digits only, as every phone of the product. */
    contactPhone: text('contact_phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    notes: text('notes').notNull().default(''),
    lastRequestId: uuid('last_request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...measurement(),
  },
  (t) => [
    uniqueIndex('commercial_leads_address_idx').on(
      t.branchNo,
      sql`lower(${t.businessName})`,
      sql`lower(${t.streetAddress})`,
      t.zip,
    ),
  ],
);

/** A custom search list (administration.md §2, §5; decision 041): customers to measure, from a CSV file. */
export const measureItSearchLists = pgTable(
  'measureit_search_lists',
  {
    listId: serial('list_id').primaryKey(),
    name: text('name').notNull(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The import's own id: a retried import answers this list and writes nothing. */
    requestId: uuid('request_id').notNull(),
    /** The import's preview figures, answered again on a retry. */
    preview: jsonb('preview').notNull(),
  },
  (t) => [uniqueIndex('measureit_search_lists_request_idx').on(t.requestId)],
);

/** A customer of a custom search list: branch and customer number, as the file names them. */
export const measureItSearchListRows = pgTable(
  'measureit_search_list_rows',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => measureItSearchLists.listId, { onDelete: 'cascade' }),
    branchNo: text('branchno').notNull(),
    custNo: integer('cust_no').notNull(),
  },
  (t) => [uniqueIndex('measureit_search_list_rows_pk').on(t.listId, t.branchNo, t.custNo)],
);
