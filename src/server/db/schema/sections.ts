import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { products } from './products';
import { users } from './users';

/** A course section. Period (current, future, past) is derived from its dates. */
export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    productId: integer('product_id').references(() => products.id),
    parentSectionId: integer('parent_section_id').references((): AnyPgColumn => sections.id),
    /** parent | child | standalone */
    courseType: text('course_type').notNull().default('standalone'),
    /** studentuse | instructoruse: the course-type filter of the institution page. */
    useType: text('use_type').notNull().default('studentuse'),
    courseName: text('course_name').notNull(),
    description: text('description'),
    sectionCode: text('section_code'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    censusDuration: integer('census_duration').notNull().default(-1),
    customCourseId: text('custom_course_id'),
    lmsKind: text('lms_kind'),
    copiedFromSectionId: integer('copied_from_section_id').references((): AnyPgColumn => sections.id),
    createdBy: integer('created_by').references(() => users.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sections_inst_dates_idx').on(t.institutionId, t.startDate, t.endDate),
    index('sections_parent_idx').on(t.parentSectionId),
    index('sections_product_idx').on(t.productId),
    // The products an institution's live courses use: one probe per product, not a walk of its sections.
    index('sections_inst_product_live_idx')
      .on(t.institutionId, t.productId)
      .where(sql`${t.deletedAt} is null`),
    // Course search (ILIKE '%text%' on name and section code) inside one institution: GIN indexes
    // of (institution, trigrams) (btree_gin for the integer), so the match comes from the
    // institution's own rows rather than from every institution's.
    index('sections_inst_course_name_trgm')
      .using('gin', t.institutionId, t.courseName.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    index('sections_inst_section_code_trgm')
      .using('gin', t.institutionId, t.sectionCode.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    // The course list walks an institution's live sections of one use type in its default order
    // (name, then id) and stops after the page; the dates after the id (which is unique, so they
    // change no order) let the period counts be an index-only scan of the same entries.
    index('sections_inst_use_name_live_idx')
      .on(t.institutionId, t.useType, sql`lower(${t.courseName})`, t.id, t.startDate, t.endDate)
      .where(sql`${t.deletedAt} is null`),
    // The master and child list pages an institution's live masters by name: page and count read
    // its masters only, not all of its sections.
    index('sections_inst_masters_idx')
      .on(t.institutionId, t.courseName, t.id)
      .where(sql`${t.courseType} = 'parent' and ${t.deletedAt} is null`),
  ],
);

/**
 * How many live sections an institution has per use type and dates, kept by triggers on `sections`
 * (migration 0028): each statement that adds, removes or moves live sections appends one row per
 * (institution, use type, start, end) it changed, with the difference in `n`; the course list sums
 * them for its period counts, so they cost the institution's date pairs, not its sections. The
 * `sections.countsCompact` job folds the rows into one per key.
 */
export const sectionDateCounts = pgTable(
  'section_date_counts',
  {
    institutionId: integer('institution_id').notNull(),
    useType: text('use_type').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('section_date_counts_inst_idx').on(t.institutionId, t.useType)],
);

/** Instructors of a section; role is 'instructor' or 'ta'. */
export const sectionInstructors = pgTable(
  'section_instructors',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').notNull().default('instructor'),
  },
  (t) => [
    primaryKey({ columns: [t.sectionId, t.userId] }),
    index('section_instructors_user_idx').on(t.userId),
  ],
);

/** A student's enrollment and access in a section. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** PAID | TEMP */
    accessType: text('access_type').notNull(),
    accessEndsAt: timestamp('access_ends_at', { withTimezone: true }),
    /** Not_Paid | Institution_Paid | <Provider>_Paid | null (shown NA) */
    currentAccess: text('current_access'),
    /** optin | optout */
    optStatus: text('opt_status').notNull().default('optin'),
    /** student | instructor | ta: instructors and TAs on the roster (LTI/NRPS) are never billed. */
    courseRole: text('course_role').notNull().default('student'),
    /** When the student (or staff for them) last chose an opt status; null: not decided yet. */
    optDecidedAt: timestamp('opt_decided_at', { withTimezone: true }),
    /** When the enrollment was dropped (roster sync, removal, inactive NRPS member, opt-out file); null: active. */
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    /** What dropped it: rosterSync | removal | nrpsInactive | optOutFile. */
    dropCause: text('drop_cause'),
    /** When the census reminder was sent (once per course). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollments_section_user_uq').on(t.sectionId, t.userId),
    index('enrollments_user_idx').on(t.userId),
    // Covers the per-course student and opt-out counts (the inclusive-access overview): index only.
    index('enrollments_section_role_opt_idx').on(t.sectionId, t.courseRole, t.optStatus),
  ],
);
