import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { enrollments } from './sections';
import { users } from './users';

/** Every opt status change of an enrollment: who, why, and whether it was a late override after census. */
export const optStatusChanges = pgTable(
  'opt_status_changes',
  {
    id: serial('id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    previousOptStatus: text('previous_opt_status').notNull(),
    newOptStatus: text('new_opt_status').notNull(),
    /** staff | drop | extendTrial */
    cause: text('cause').notNull(),
    reason: text('reason'),
    /** A change after census (a late override). */
    late: boolean('late').notNull().default(false),
    actorUserId: integer('actor_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('opt_status_changes_enrollment_idx').on(t.enrollmentId)],
);
