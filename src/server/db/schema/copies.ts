import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { sections } from './sections';
import { users } from './users';

/** One copy (or child-course) request; its id is the copy-course tracking id. */
export const copyRequests = pgTable(
  'copy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** copy | child */
    kind: text('kind').notNull().default('copy'),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    sendEmail: boolean('send_email').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('copy_requests_requester_idx').on(t.requestedBy, t.institutionId, t.createdAt)],
);

/**
 * One course of a copy request. Status: notstarted, processing, succeeded,
 * notapplicable, Failed, FailedPermanently (spec §4).
 */
export const copyJobs = pgTable(
  'copy_jobs',
  {
    id: serial('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => copyRequests.id, { onDelete: 'cascade' }),
    sourceSectionId: integer('source_section_id')
      .notNull()
      .references(() => sections.id),
    courseName: text('course_name').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    status: text('status').notNull().default('notstarted'),
    attempts: integer('attempts').notNull().default(0),
    reason: text('reason'),
    /** Copy-validation code (101-107, 160+) when the course failed a copy rule; null otherwise. */
    reasonCode: integer('reason_code'),
    /** The pg-boss job that currently owns this course; older jobs for it find a different id and do nothing. */
    queueJobId: uuid('queue_job_id'),
    /** When the course reached a final status (succeeded, notapplicable, FailedPermanently). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set once, in the same transaction that creates the section: the guarantee of exactly-once. */
    resultSectionId: integer('result_section_id').references(() => sections.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('copy_jobs_request_idx').on(t.requestId),
    uniqueIndex('copy_jobs_result_uq').on(t.resultSectionId),
    index('copy_jobs_status_idx').on(t.status, t.updatedAt),
  ],
);

/** A section alert: low_enrollment or ready-for-enrollment. */
export const sectionAlerts = pgTable(
  'section_alerts',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    alertType: text('alert_type').notNull(),
    title: text('title').notNull(),
    alertDate: timestamp('alert_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('section_alerts_section_type_uq').on(t.sectionId, t.alertType),
    index('section_alerts_inst_idx').on(t.institutionId),
  ],
);

/** Per-user acknowledgement of an alert (kind copy | section). */
export const alertAcknowledgements = pgTable(
  'alert_acknowledgements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertKind: text('alert_kind').notNull(),
    alertId: integer('alert_id').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_ack_uq').on(t.userId, t.alertKind, t.alertId)],
);
