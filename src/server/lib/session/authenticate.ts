import { createHash } from 'node:crypto';
import { SESSION_IDLE_MS } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { resolveActing } from './acting';
import { findLiveSession, touchSession } from './session.queries';

/** Write last-seen at most this often per session. */
const TOUCH_EVERY_MS = 60_000;
const HOUR_MS = 3_600_000;
/** SESSION_MAX_HOURS's default, for callers without the configuration. */
export const DEFAULT_MAX_HOURS = 12;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SessionUser = NonNullable<Awaited<ReturnType<typeof authenticate>>>;

/** The idle limit, or the absolute one when it comes first. */
export const expiry = (lastSeen: Date, created: Date, maxHours = DEFAULT_MAX_HOURS) =>
  new Date(
    Math.min(lastSeen.getTime() + SESSION_IDLE_MS, created.getTime() + maxHours * HOUR_MS),
  ).toISOString();

/**
 * The live session and user behind a token, or null: not revoked, used within the idle limit, and
 * opened less than `maxHours` (SESSION_MAX_HOURS) ago. Extends the idle timeout.
 */
export async function authenticate(db: Db, token: string | undefined, maxHours = DEFAULT_MAX_HOURS) {
  if (!token || token.length > 200) return null;
  const now = new Date();
  const row = await findLiveSession(
    db,
    hashToken(token),
    new Date(now.getTime() - SESSION_IDLE_MS),
    new Date(now.getTime() - maxHours * HOUR_MS),
  );
  if (!row || row.user.status !== 'active') return null;
  let lastSeenAt = row.session.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, row.session.id, now);
    lastSeenAt = now;
  }
  // act-as: the request's user is the acted-as one; the real user stays in `acting`
  const resolved =
    row.session.actingUserId == null ? null : await resolveActing(db, row.session, row.user, now);
  return {
    sessionId: row.session.id,
    user: resolved?.user ?? row.user,
    acting: resolved?.acting ?? null,
    /** The signed-in user's groups, read with the session; absent under act-as (the acted-as user's are read when needed). */
    groups: resolved ? undefined : row.groups,
    token,
    createdAt: row.session.createdAt,
    expiresAt: expiry(lastSeenAt, row.session.createdAt, maxHours),
  };
}
