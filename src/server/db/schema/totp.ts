import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A local account's authenticator (TOTP): the Base32 secret, never returned after enrolment;
 * `enabledAt` null while enrolment waits for its first code. `lastTimeStep` is the 30-second step
 * of the last code accepted: a code of that step or an earlier one is refused (replay).
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of an authenticator: only their SHA-256 is kept; each works once. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in half done: the password was right, the second step (`totp`: a code; `enrol`: set up an
 * authenticator first) is still due. Only the token's SHA-256 is kept; it is no session, works
 * once and for five minutes.
 */
export const pendingLogins = pgTable('pending_logins', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: text('step').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
