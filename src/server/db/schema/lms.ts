import { date, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { products } from './products';
import { sections } from './sections';

/** An LTI 1.3 / LMS integration of an institution. */
export const lmsIntegrations = pgTable(
  'lms_integrations',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** canvas | blackboard | moodle | d2l ... */
    lmsKind: text('lms_kind').notNull(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentId: text('deployment_id').notNull(),
    authLoginUrl: text('auth_login_url'),
    authTokenUrl: text('auth_token_url'),
    keysetUrl: text('keyset_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lms_integrations_inst_idx').on(t.institutionId)],
);

/** Key store entries of an integration (integrationKeyStoreDTOList). Private keys never leave the server. */
export const lmsKeyStore = pgTable('lms_key_store', {
  id: serial('id').primaryKey(),
  integrationId: integer('integration_id')
    .notNull()
    .references(() => lmsIntegrations.id, { onDelete: 'cascade' }),
  kid: text('kid').notNull().unique(),
  alg: text('alg').notNull().default('RS256'),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** A pairing of an LMS course to a product; its id is the spec's pairingId. */
export const lmsCoursePairings = pgTable(
  'lms_course_pairings',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sectionId: integer('section_id').references(() => sections.id),
    integrationId: integer('integration_id').references(() => lmsIntegrations.id),
    lmsCourseId: text('lms_course_id').notNull(),
    lmsCourseName: text('lms_course_name'),
    customCourseId: varchar('custom_course_id', { length: 73 }),
    /** canvas | blackboard */
    lmsKind: text('lms_kind'),
    censusDuration: integer('census_duration').notNull().default(-1),
    freeAccessDuration: integer('free_access_duration').notNull().default(0),
    courseStartDate: date('course_start_date'),
    courseEndDate: date('course_end_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pairings_inst_idx').on(t.institutionId), index('pairings_product_idx').on(t.productId)],
);
