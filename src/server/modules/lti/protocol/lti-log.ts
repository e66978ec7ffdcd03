/** The launch log's row of a launch, accepted or refused. */
import type { Db } from '../../../db/client';
import { ltiLaunchLog } from '../../../db/schema';
import type { LaunchFacts } from './lti-claims';

export function logValues(facts: LaunchFacts, reasonCode: string | null) {
  return {
    integrationId: facts.integrationId,
    institutionId: facts.institutionId,
    issuer: facts.issuer?.slice(0, 2000) ?? null,
    deploymentId: facts.deploymentId?.slice(0, 255) ?? null,
    contextId: facts.contextId?.slice(0, 255) ?? null,
    contextTitle: facts.contextTitle?.slice(0, 255) ?? null,
    clientId: facts.clientId?.slice(0, 255) ?? null,
    messageType: facts.messageType?.slice(0, 100) ?? null,
    roles: facts.roles?.slice(0, 50).map((r) => r.slice(0, 300)) ?? null,
    result: reasonCode ? ('refused' as const) : ('accepted' as const),
    reasonCode,
    sub: facts.sub?.slice(0, 255) ?? null,
  };
}

/** Writes a launch's log row. No id_token, nothing personal beyond the sub. */
export async function logLaunch(db: Db, at: Date, facts: LaunchFacts, reasonCode: string | null) {
  await db.insert(ltiLaunchLog).values({ at, ...logValues(facts, reasonCode) });
}
