import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The record that the demo data was loaded in full: one row, written as the last statement of the load's
 * transaction, so it exists exactly when everything else the load writes does. A start on an embedded database
 * without it loads again (an interrupted first start), never answers 'ready' on an empty database (decision 016).
 */
export const demoData = pgTable(
  'demo_data',
  {
    /** Always true: keeps the table to one row. */
    singleton: boolean('singleton').primaryKey().default(true),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull(),
    /** The generator's seed and size; null for a database loaded before this record existed. */
    seed: integer('seed'),
    customers: integer('customers'),
  },
  (t) => [check('demo_data_singleton', sql`${t.singleton}`)],
);
