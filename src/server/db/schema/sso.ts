import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './platform';
import { users } from './users';

/** A person's account at an OpenID Connect provider, linked to one local user: (issuer, subject) is unique. */
export const identities = pgTable(
  'identities',
  {
    id: serial('id').primaryKey(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The verified e-mail the provider gave when the identity was linked. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identities_issuer_subject_uq').on(t.issuer, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

/**
 * An authorization request sent to a provider and not yet answered: its state (hashed), the PKCE
 * verifier and nonce, and the browser that started it (hash of a cookie value).
 */
export const ssoRequests = pgTable('sso_requests', {
  stateHash: text('state_hash').primaryKey(),
  providerId: text('provider_id').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  browserHash: text('browser_hash').notNull(),
  next: text('next'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A provider sign-in handed to the SPA: a one-time code (hashed) the SPA exchanges for its session;
 * once used, `sessionId` names that session so sign-out can also end the provider's session.
 */
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    issuer: text('issuer').notNull(),
    idToken: text('id_token'),
    browserHash: text('browser_hash').notNull(),
    next: text('next'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_handoffs_session_idx').on(t.sessionId)],
);
