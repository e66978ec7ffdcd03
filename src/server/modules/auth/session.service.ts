import { visibleTabs, type Capabilities } from '../../../shared/permissions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { capabilities } from '../../lib/capabilities';
import { institutionIdsOfUser, institutionSummaries } from '../institutions';
import type { SessionUser } from './auth.service';

/** Session and app data of spec §3: token, userId, userPermissions, plaUrls, sessionId, flags, institutions. */
export async function sessionData(db: Db, config: Config, session: SessionUser) {
  const { user } = session;
  const ids = await institutionIdsOfUser(db, user.id);
  const institutions = await institutionSummaries(db, ids);
  const userPermissions: Record<string, Capabilities> = {};
  userPermissions.default = await capabilities(db, user, undefined, config.internalGroupId);
  for (const inst of institutions) {
    userPermissions[String(inst.orgId)] = await capabilities(db, user, inst.orgId, config.internalGroupId);
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
  };
}

export function capabilitiesWithTabs(caps: Capabilities, organizationId: number) {
  return { ...caps, organizationId, tabs: visibleTabs(caps) };
}
