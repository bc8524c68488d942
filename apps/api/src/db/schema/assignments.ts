import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { franchises, users } from './access.js';

/**
 * CSR assignments (administration.md §3; decision 031): one outbound list group — branch, call type and call
 * source — handed to one CSR. The group's listed rows go to that CSR's lists and Next Call only. Attempt counts
 * and completion are read from the group's rows, never stored here; `completedAt` records the last
 * Mark List Complete.
 */
export const csrAssignments = pgTable(
  'csr_assignments',
  {
    assignmentId: serial('assignment_id').primaryKey(),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
    type: text('type').notNull(),
    source: text('source').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => users.userId),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.userId),
  },
  (t) => [
    uniqueIndex('csr_assignments_group_idx').on(t.branchNo, t.type, t.source),
    index('csr_assignments_user_idx').on(t.userId),
  ],
);
