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
import { sql } from 'drizzle-orm';
import { institutions } from './institutions';
import { users } from './users';

/** A user group, shown as a "role": a named set of permissions in one institution. */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    /** The institution the role belongs to; null for provider-wide groups (the internal group). */
    contextId: integer('context_id').references(() => institutions.id),
    contextType: text('context_type').notNull().default('ORGANIZATION'),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /** Environment-specific id of a well-known group (the internal-user group), else null. */
    externalId: text('external_id').unique(),
    isInternal: boolean('is_internal').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_context_name_uq').on(t.contextId, sql`lower(${t.name})`),
    index('groups_context_idx').on(t.contextId),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberType: text('member_type').notNull().default('identity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);
