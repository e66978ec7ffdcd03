import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { enrollments } from './sections';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** An uploaded opt-out file and the per-row report of what it matched. */
export const optOutFiles = pgTable(
  'opt_out_files',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    report: jsonb('report'),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('opt_out_files_inst_idx').on(t.institutionId)],
);

/** What an opt-out file changed, so deleting the file reverts exactly that. */
export const optOutChanges = pgTable(
  'opt_out_changes',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => optOutFiles.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    previousOptStatus: text('previous_opt_status').notNull(),
    newOptStatus: text('new_opt_status').notNull(),
    /** When the file dropped the enrollment (dropEnrollment, cause optOutFile); null: it did not. */
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    /** What the drop changed, for the revert when the file is deleted. */
    previousAccessEndsAt: timestamp('previous_access_ends_at', { withTimezone: true }),
    previousOptDecidedAt: timestamp('previous_opt_decided_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.enrollmentId] })],
);
