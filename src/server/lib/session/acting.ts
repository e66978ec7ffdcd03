import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions, sessions, users } from '../../db/schema';
import { audit } from '../audit';
import { userColumns } from './session.queries';

type UserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };
type SessionRow = typeof sessions.$inferSelect;

/** The act-as state of a live session: who is acted as, where, why, until when. */
export interface ActingAs {
  /** The signed-in support user (the session's own user). */
  realUser: UserRow;
  organizationId: number;
  institutionName: string;
  reason: string;
  allowWrites: boolean;
  expiresAt: Date;
}

/** Who may act as others: super admins and nasupport holders (the `actAs` rule). */
export const mayActAs = (u: { superAdmin: boolean; nasupport: boolean }) => u.superAdmin || u.nasupport;

/**
 * The acted-as user of a session that has one, or null when act-as has ended: past its expiry, or
 * the support user no longer holds a flag that allows it (then the session is cleared and audited).
 * Runs only for sessions with act-as set, so other requests pay nothing.
 */
export async function resolveActing(db: Db, session: SessionRow, realUser: UserRow, now: Date) {
  const expired = !session.actingExpiresAt || session.actingExpiresAt.getTime() <= now.getTime();
  const [target] =
    expired || !mayActAs(realUser) || session.actingOrgId == null
      ? []
      : await db
          .select({ user: userColumns, institutionName: institutions.displayName })
          .from(users)
          .innerJoin(institutions, eq(institutions.id, session.actingOrgId))
          .where(eq(users.id, session.actingUserId!));
  if (!target) {
    await endActing(db, session.id);
    await audit(
      db,
      { userId: realUser.id },
      {
        action: 'actAs.end',
        entityType: 'session',
        entityId: session.id,
        institutionId: session.actingOrgId,
        before: { userId: session.actingUserId, reason: session.actingReason },
        after: { ended: expired ? 'expired' : 'no longer allowed' },
      },
    );
    return null;
  }
  const acting: ActingAs = {
    realUser,
    organizationId: session.actingOrgId!,
    institutionName: target.institutionName,
    reason: session.actingReason ?? '',
    allowWrites: session.actingAllowWrites,
    expiresAt: session.actingExpiresAt!,
  };
  return { user: target.user, acting };
}

/** Clears the act-as columns of a session. */
export async function endActing(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({
      actingUserId: null,
      actingOrgId: null,
      actingReason: null,
      actingAllowWrites: false,
      actingExpiresAt: null,
    })
    .where(eq(sessions.id, sessionId));
}
