import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * One uploaded bulk-account spreadsheet: the file, its dry-run preview and, once committed,
 * the progress and totals of the pg-boss job that applies it.
 * Status: parsing → previewed → queued → running → done, or failed (with `error`).
 */
export const bulkImports = pgTable(
  'bulk_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The .xlsx itself; cleared once the import is done. */
    content: bytea('content'),
    status: text('status').notNull().default('parsing'),
    error: text('error'),
    /** create | update | createAndUpdate, chosen at commit. */
    mode: text('mode'),
    validOnly: boolean('valid_only').notNull().default(false),
    committedBy: integer('committed_by').references(() => users.id),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    parsedAt: timestamp('parsed_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_imports_inst_idx').on(t.institutionId, t.createdAt),
    index('bulk_imports_sha_idx').on(t.fileSha256),
  ],
);

/**
 * One data row of an uploaded spreadsheet: the normalised values, what it matched in the
 * database at preview time (new | existing | unchanged | invalid), its issues, and its result.
 */
export const bulkImportRows = pgTable(
  'bulk_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => bulkImports.id, { onDelete: 'cascade' }),
    /** The row number as the spreadsheet shows it (the header is row 1). */
    rowNumber: integer('row_number').notNull(),
    data: jsonb('data').notNull(),
    match: text('match').notNull(),
    issues: jsonb('issues').notNull().default([]),
    existingUserId: integer('existing_user_id'),
    /** What the committed job planned for the row: create | update | skip | reject. */
    action: text('action'),
    /** created | updated | skipped | rejected | failed; null until the job reaches the row. */
    result: text('result'),
    resultMessage: text('result_message'),
    userId: integer('user_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

/**
 * An account request: a one-time password-setup token (only its SHA-256 is stored) sent by
 * e-mail when an administrator creates a user or re-sends the notification.
 */
export const accountRequests = pgTable(
  'account_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institutionId: integer('institution_id').references(() => institutions.id),
    requestedBy: integer('requested_by').references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_requests_user_idx').on(t.userId)],
);
