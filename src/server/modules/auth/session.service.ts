import { and, eq, isNull, ne } from 'drizzle-orm';
import { visibleTabs, type Capabilities } from '../../../shared/permissions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { capabilities } from '../../lib/capabilities';
import { institutionIdsOfUser, institutionSummaries } from '../institutions';
import type { ActingAs } from '../../lib/session/acting';
import type { SessionUser } from '../../lib/session/authenticate';

/** Session and app data of spec §3: token, userId, userPermissions, plaUrls, sessionId, flags, institutions. */
export async function sessionData(db: Db, config: Config, session: SessionUser) {
  const { user, acting } = session;
  // under act-as only the institution acted in
  const ids = acting ? [acting.organizationId] : await institutionIdsOfUser(db, user.id);
  const institutions = await institutionSummaries(db, ids);
  const userPermissions: Record<string, Capabilities> = {};
  userPermissions.default = await capabilities(db, user, undefined);
  for (const inst of institutions) {
    userPermissions[String(inst.orgId)] = await capabilities(db, user, inst.orgId);
  }
  return {
    token: session.token,
    userId: user.id,
    sessionId: session.sessionId,
    expiresAt: session.expiresAt,
    user: {
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: `${user.firstName} ${user.lastName}`.trim(),
      locale: user.locale,
    },
    superAdmin: user.superAdmin,
    associateSuperAdmin: user.associateSuperAdmin,
    nasupport: user.nasupport,
    internalUser: userPermissions.default.internalUser,
    institutions,
    userPermissions,
    plaUrls: config.urls,
    actAs: acting ? actAsState(session.user, acting) : null,
  };
}

/** The act-as state the header banner shows. */
export function actAsState(user: SessionUser['user'], acting: ActingAs) {
  const name = (u: { firstName: string; lastName: string; username: string }) =>
    `${u.firstName} ${u.lastName}`.trim() || u.username;
  return {
    userId: user.id,
    username: user.username,
    displayName: name(user),
    organizationId: acting.organizationId,
    institutionName: acting.institutionName,
    realUserId: acting.realUser.id,
    realDisplayName: name(acting.realUser),
    reason: acting.reason,
    allowWrites: acting.allowWrites,
    expiresAt: acting.expiresAt.toISOString(),
  };
}

export function capabilitiesWithTabs(caps: Capabilities, organizationId: number) {
  return { ...caps, organizationId, tabs: visibleTabs(caps) };
}

/**
 * Ends every open session of a user except `keep` (all of them when null), after a password reset
 * or change. Returns the ids of the sessions ended.
 */
export async function endOtherSessions(db: Db, userId: number, keep: string | null) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
