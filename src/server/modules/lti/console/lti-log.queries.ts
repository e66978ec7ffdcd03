import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ltiLaunchLog } from '../../../db/schema';
import { LTI_LAUNCH_LOG_LIMIT } from '../../../../shared/contract/lti';

/**
 * Refusals from `issuer` logged before a registration could be chosen (no registration has the client
 * id claimed, or the token failed before: no kid, wrong alg, malformed), newest first.
 */
export async function unknownClientLaunches(db: Db, issuer: string) {
  const rows = await db
    .select({
      id: ltiLaunchLog.id,
      at: ltiLaunchLog.at,
      clientId: ltiLaunchLog.clientId,
      reasonCode: ltiLaunchLog.reasonCode,
      deploymentId: ltiLaunchLog.deploymentId,
    })
    .from(ltiLaunchLog)
    .where(
      and(
        eq(ltiLaunchLog.issuer, issuer),
        isNull(ltiLaunchLog.integrationId),
        eq(ltiLaunchLog.result, 'refused'),
      ),
    )
    .orderBy(desc(ltiLaunchLog.at), desc(ltiLaunchLog.id))
    .limit(LTI_LAUNCH_LOG_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    clientId: r.clientId,
    reasonCode: r.reasonCode ?? 'lti.unknown',
    deploymentId: r.deploymentId,
  }));
}
