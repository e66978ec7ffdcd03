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
} from 'drizzle-orm/pg-core';

/** A customer organisation (a college system) that groups institutions. */
export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An institution; its id is the `orgId` / `organizationId` of the spec. */
export const institutions = pgTable(
  'institutions',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    displayName: text('display_name').notNull(),
    aggregateName: text('aggregate_name'),
    /** -1 means census off or not set. */
    censusDuration: integer('census_duration').notNull().default(-1),
    offerType: text('offer_type'),
    orgInclusiveId: text('org_inclusive_id'),
    inclusiveAccess: boolean('inclusive_access').notNull().default(false),
    /** Last day the institution's inclusive offer runs; copies warn when census falls after it. */
    inclusiveOfferEndsOn: date('inclusive_offer_ends_on'),
    /** IANA time zone that decides "today" for the institution; null follows the server's (TZ). */
    timeZone: text('time_zone'),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('institutions_org_idx').on(t.organizationId),
    index('institutions_name_idx').on(t.displayName),
    // Institution search by name (ILIKE '%text%'): pg_trgm GIN indexes.
    index('institutions_display_name_trgm').using('gin', t.displayName.op('gin_trgm_ops')),
    index('institutions_aggregate_name_trgm').using('gin', t.aggregateName.op('gin_trgm_ops')),
  ],
);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('departments_inst_name_uq').on(t.institutionId, t.name)],
);
