import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/** A login session. Only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Act-as: the user this session acts as, in which institution, why, until when. */
    actingUserId: integer('acting_user_id').references(() => users.id, { onDelete: 'set null' }),
    actingOrgId: integer('acting_org_id'),
    actingReason: text('acting_reason'),
    /** Writes allowed during act-as (a super admin's choice at start); read-only otherwise. */
    actingAllowWrites: boolean('acting_allow_writes').notNull().default(false),
    actingExpiresAt: timestamp('acting_expires_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Login attempts, for limiting failures per account and per IP. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_user_at_idx').on(t.username, t.at),
    index('login_attempts_ip_at_idx').on(t.ip, t.at),
  ],
);

/** Outgoing e-mail. Delivered by the mail job through SMTP, or kept here plus a .eml file. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** queued | sent | stored | failed */
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  emlPath: text('eml_path'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** Every change and every refused attempt to change something. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    institutionId: integer('institution_id'),
    /** ok | denied | failed */
    outcome: text('outcome').notNull().default('ok'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    /** Under act-as: the user acted as (actor_user_id is then the real, signed-in user). */
    actingAsUserId: integer('acting_as_user_id'),
  },
  (t) => [
    index('audit_entity_idx').on(t.entityType, t.entityId),
    index('audit_at_idx').on(t.at),
    // The audit log page: one institution's rows newest first (keyset on (at, id)), per filter.
    index('audit_inst_at_idx').on(t.institutionId, t.at, t.id),
    index('audit_inst_actor_at_idx').on(t.institutionId, t.actorUserId, t.at, t.id),
    index('audit_inst_entity_at_idx').on(t.institutionId, t.entityType, t.entityId, t.at, t.id),
    index('audit_inst_action_at_idx').on(t.institutionId, t.action, t.at, t.id),
    index('audit_inst_refused_at_idx').on(t.institutionId, t.at, t.id).where(sql`${t.outcome} <> 'ok'`),
  ],
);
