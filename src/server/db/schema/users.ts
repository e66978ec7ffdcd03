import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { institutions } from './institutions';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** argon2id hash; null until the account owner sets a password (account request). */
    passwordHash: text('password_hash'),
    superAdmin: boolean('super_admin').notNull().default(false),
    associateSuperAdmin: boolean('associate_super_admin').notNull().default(false),
    nasupport: boolean('nasupport').notNull().default(false),
    /** active | pending (account requested, password not yet set) | disabled */
    status: text('status').notNull().default('active'),
    locale: text('locale'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exact lookups (sign-up checks, the "other institutions" exact match, the EAD Admin lookup,
    // bulk imports) compare lower(col) = lower($1): one probe of these.
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    // Contains-searches (ILIKE '%text%') on the three searched texts: pg_trgm GIN indexes.
    index('users_full_name_trgm').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('users_username_trgm').using('gin', t.username.op('gin_trgm_ops')),
  ],
);

/** A user's membership of an institution with their course role (instructor, ta, student, admin). */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    courseRole: text('course_role').notNull().default('instructor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.institutionId] }),
    index('memberships_inst_idx').on(t.institutionId),
    // An institution's staff without walking its students (the Users page starts from these).
    index('memberships_inst_staff_idx')
      .on(t.institutionId, t.userId)
      .where(sql`${t.courseRole} <> 'student'`),
  ],
);
