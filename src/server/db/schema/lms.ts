import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { products } from './products';
import { sections } from './sections';
import { users } from './users';

/** Registration status: Pending (dynamic registration, awaiting approval), Active, Disabled. */
export const LTI_REGISTRATION_STATUSES = ['pending', 'active', 'disabled'] as const;
export type LtiRegistrationStatus = (typeof LTI_REGISTRATION_STATUSES)[number];

/**
 * An LTI 1.3 / LMS integration of an institution = one platform registration (issuer + client_id,
 * unique). Its deployments (each mapped to an institution) are in lms_deployments.
 */
export const lmsIntegrations = pgTable(
  'lms_integrations',
  {
    id: serial('id').primaryKey(),
    /** The institution whose console owns the registration. */
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** canvas | blackboard | moodle | d2l | schoology | sakai | other */
    lmsKind: text('lms_kind').notNull(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** First deployment id, kept for older readers; lms_deployments is the source of truth. */
    deploymentId: text('deployment_id'),
    /** Platform OIDC authorization endpoint (login redirect target). */
    authLoginUrl: text('auth_login_url'),
    authTokenUrl: text('auth_token_url'),
    /** Platform JWKS URL (id_token signature keys). */
    keysetUrl: text('keyset_url'),
    /** pending | active | disabled (LTI_REGISTRATION_STATUSES). Only active registrations launch. */
    status: text('status').$type<LtiRegistrationStatus>().notNull().default('active'),
    /**
     * status = 'active', computed by the database (write `status`, never this). A disabled or
     * pending integration launches nothing: its pairings are not ready (Products readiness column).
     */
    enabled: boolean('enabled').notNull().generatedAlwaysAs(sql`status = 'active'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lms_integrations_inst_idx').on(t.institutionId),
    uniqueIndex('lms_integrations_issuer_client_uq').on(t.issuer, t.clientId),
    check('lms_integrations_status_ck', sql`${t.status} in ('pending', 'active', 'disabled')`),
  ],
);

/** A deployment id of a registration, mapped to the institution its launches belong to. */
export const lmsDeployments = pgTable(
  'lms_deployments',
  {
    id: serial('id').primaryKey(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => lmsIntegrations.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lms_deployments_uq').on(t.integrationId, t.deploymentId),
    index('lms_deployments_inst_idx').on(t.institutionId),
  ],
);

/**
 * The tool's key pairs, per registration (integrationKeyStoreDTOList). The signing key of a
 * registration is its one key with retired_at null; a rotate adds a new key and sets the old key's
 * retired_at (now + overlap). /lti/jwks lists every key whose retired_at is null or in the future.
 * Private keys never leave the server.
 */
export const lmsKeyStore = pgTable(
  'lms_key_store',
  {
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
    /**
     * When the key starts signing. A rotated-in key is published in /lti/jwks at once but signs only
     * after the key set's max-age, so platforms that cached the set already know it. Null: signs at once.
     */
    activatesAt: timestamp('activates_at', { withTimezone: true }),
  },
  (t) => [
    index('lms_key_store_integration_idx').on(t.integrationId),
    /** At most one signing (not retiring) key per registration. */
    uniqueIndex('lms_key_store_signing_uq').on(t.integrationId).where(sql`${t.retiredAt} is null`),
  ],
);

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
  (t) => [
    // (institution, product): the per-offer pairing counts and the products an institution's
    // pairings use are one probe each, not a pass over the institution's pairings (which grow with
    // its courses); its leading column still serves lookups by institution alone.
    index('pairings_inst_product_idx').on(t.institutionId, t.productId),
    index('pairings_product_idx').on(t.productId),
    /** One LMS course is paired at most once per institution and LMS integration. */
    uniqueIndex('pairings_course_uq').on(t.institutionId, t.integrationId, t.lmsCourseId),
  ],
);

/**
 * Every launch, accepted or refused. No id_token and no personal data beyond the sub.
 * A registration's last launch time / last error are derived from here (index below).
 */
export const ltiLaunchLog = pgTable(
  'lti_launch_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when the issuer/client is not registered. */
    integrationId: integer('integration_id').references(() => lmsIntegrations.id, { onDelete: 'cascade' }),
    /** Institution of the deployment (or of the registration when the deployment is unknown). */
    institutionId: integer('institution_id').references(() => institutions.id),
    issuer: text('issuer'),
    /** The client id the request claimed (kept also when no registration of the issuer has it). */
    clientId: text('client_id'),
    deploymentId: text('deployment_id'),
    contextId: text('context_id'),
    /** The LMS course's title (or label) from the verified launch. */
    contextTitle: text('context_title'),
    messageType: text('message_type'),
    roles: jsonb('roles').$type<string[]>(),
    /** accepted | refused */
    result: text('result').$type<'accepted' | 'refused'>().notNull(),
    /** Reason code of a refusal (lti.* codes), null when accepted. */
    reasonCode: text('reason_code'),
    sub: text('sub'),
  },
  (t) => [
    index('lti_launch_log_integration_idx').on(t.integrationId, t.at),
    index('lti_launch_log_inst_idx').on(t.institutionId, t.at),
    /** Refusals before a registration is known, per issuer (the console's unknown-client list). */
    index('lti_launch_log_unregistered_idx').on(t.issuer, t.at).where(sql`integration_id is null`),
    /** The retention sweep deletes by age. */
    index('lti_launch_log_at_idx').on(t.at),
  ],
);

/** OIDC login state + nonce: one-time (deleted when used), 10-minute expiry, shared through the database. */
export const ltiOidcStates = pgTable(
  'lti_oidc_states',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => lmsIntegrations.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id'),
    targetLinkUri: text('target_link_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lti_oidc_states_expires_idx').on(t.expiresAt)],
);

/** Nonces already consumed by an accepted or refused-after-signature launch (replay protection). */
export const ltiUsedNonces = pgTable(
  'lti_used_nonces',
  {
    integrationId: integer('integration_id')
      .notNull()
      .references(() => lmsIntegrations.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.integrationId, t.nonce] }),
    index('lti_used_nonces_expires_idx').on(t.expiresAt),
  ],
);

/** One-time dynamic-registration links of an institution (token stored as a SHA-256 hash, 24 h). */
export const ltiRegistrationLinks = pgTable(
  'lti_registration_links',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The registration created through the link. */
    integrationId: integer('integration_id').references(() => lmsIntegrations.id, { onDelete: 'set null' }),
  },
  (t) => [index('lti_registration_links_inst_idx').on(t.institutionId)],
);

/** A person as an LMS knows them: (issuer, sub) → user. Never merged with an account by e-mail. */
export const ltiIdentities = pgTable(
  'lti_identities',
  {
    id: serial('id').primaryKey(),
    issuer: text('issuer').notNull(),
    sub: text('sub').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E-mail as the platform last sent it (the user row may hold a placeholder if it was taken). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_identities_uq').on(t.issuer, t.sub),
    index('lti_identities_user_idx').on(t.userId),
  ],
);

/**
 * Names and Role Provisioning (NRPS) state of a paired course: the membership URL the launches carry,
 * the last sync's time, counts and error, and where an interrupted sync resumes (next page URL).
 */
export const ltiRosterSyncs = pgTable('lti_roster_syncs', {
  pairingId: integer('pairing_id')
    .primaryKey()
    .references(() => lmsCoursePairings.id, { onDelete: 'cascade' }),
  /** context_memberships_url of the NRPS claim, as the last launch sent it. */
  membershipsUrl: text('memberships_url').notNull(),
  /** The differences URL the platform's last full read offered (NRPS `rel="differences"`). */
  differencesUrl: text('differences_url'),
  /** Page where a sync that stopped midway resumes; null when no sync is under way. */
  resumeUrl: text('resume_url'),
  /** LMS user ids (sub) a full sync under way has read so far: who is absent at its end has left. */
  seenSubs: jsonb('seen_subs').$type<string[]>(),
  /** Counts of the sync under way, page by page. */
  runCounts: jsonb('run_counts').$type<{
    added: number;
    updated: number;
    dropped: number;
    instructors: number;
  }>(),
  /** Id of the sync under way or last run (the audit log names it). */
  runId: text('run_id'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  /** Counts of the last finished sync: { added, updated, dropped, instructors }. */
  counts: jsonb('counts').$type<{ added: number; updated: number; dropped: number; instructors: number }>(),
  /** Reason code of the last failed attempt (null after a success). */
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});
