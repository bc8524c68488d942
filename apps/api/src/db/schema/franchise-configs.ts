/**
 * Branch configs of Franchise Maintenance (administration.md §3; decision 032). The company config is
 * `franchise_configs` (by SQLDBID, access.ts); these are by branch. A branch without a row has the defaults.
 */
import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { franchises } from './access.js';

/** When a branch's inbound follow-ups fall due (HH:mm, America/Chicago), and who is copied on those calls' emails. */
export const inboundFollowUpConfigs = pgTable('inbound_follow_up_configs', {
  branchNo: text('branchno')
    .primaryKey()
    .references(() => franchises.branchNo),
  inboundFollowUpStart: text('inbound_follow_up_start').notNull().default('08:00'),
  inboundFollowUpEnd: text('inbound_follow_up_end').notNull().default('17:00'),
  /** Joined by semicolons. */
  ccEmailAddresses: text('cc_email_addresses').notNull().default(''),
});

/** Whether a branch's hot prospects (THP) are emailed, and to whom (empty: the company's addresses, else the office). */
export const hotProspectConfigs = pgTable('hot_prospect_configs', {
  branchNo: text('branchno')
    .primaryKey()
    .references(() => franchises.branchNo),
  active: boolean('active').notNull().default(true),
  /** Joined by semicolons. */
  emailAddresses: text('email_addresses').notNull().default(''),
});
