import type { z } from 'zod';
import type {
  LtiRegistration,
  LtiRegistrationDetailResponse,
  LtiToolKey,
} from '../../../../shared/contract/lti';
import { can } from '../../../../shared/permissions';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../lib/actor';
import { notFound } from '../../../lib/app-error';
import {
  deploymentsOf,
  dynamicallyRegistered,
  institutionNames,
  launchesOf,
  launchSummaries,
  type RegistrationRow,
  registrationById,
  registrationsOf,
  toolKeysOf,
} from './lti-console.queries';
import { unknownClientLaunches } from './lti-log.queries';
import { lastReregistration } from './lti-reregistration';
import { rosterSyncsOf } from './lti-roster.service';

type Registration = z.infer<typeof LtiRegistration>;
type ToolKey = z.infer<typeof LtiToolKey>;

const anyFlag = (a: Actor) => a.superAdmin || a.associateSuperAdmin || a.nasupport;

/** The caller may change a registration owned by `owner` (the route's rights are in `actor.caps`). */
function mayEdit(actor: Actor, owner: number) {
  return can(actor.caps, 'editLti') && (owner === actor.organizationId || anyFlag(actor));
}

/** The registrations as the console shows them (deployments, last launch, last error). */
export async function present(db: Db, actor: Actor, rows: RegistrationRow[]): Promise<Registration[]> {
  const ids = rows.map((r) => r.id);
  const [deployments, summaries, dynamic] = await Promise.all([
    deploymentsOf(db, ids),
    launchSummaries(db, ids),
    dynamicallyRegistered(db, ids),
  ]);
  return rows.map((r) => {
    const err = summaries.errors.get(r.id);
    return {
      registrationId: r.id,
      organizationId: r.institutionId,
      lmsKind: r.lmsKind,
      name: r.name,
      issuer: r.issuer,
      clientId: r.clientId,
      status: r.status,
      deployments: deployments
        .filter((d) => d.integrationId === r.id)
        .map(({ deploymentId, organizationId, institutionName }) => ({
          deploymentId,
          organizationId,
          institutionName,
        })),
      authLoginUrl: r.authLoginUrl,
      authTokenUrl: r.authTokenUrl,
      keysetUrl: r.keysetUrl,
      createdAt: r.createdAt.toISOString(),
      viaDynamicRegistration: dynamic.has(r.id),
      lastLaunchAt: summaries.last.get(r.id)?.toISOString() ?? null,
      lastError: err ? { reasonCode: err.reasonCode, at: err.at.toISOString() } : null,
      canEdit: mayEdit(actor, r.institutionId),
    };
  });
}

export async function requireInstitution(db: Db, id: number) {
  if (!(await institutionNames(db, [id])).has(id)) throw notFound('Institution');
}

export async function requireRegistration(db: Db, id: number) {
  const row = await registrationById(db, id);
  if (!row) throw notFound('LTI registration');
  return row;
}

/** GET registrations of the institution. */
export async function listRegistrations(db: Db, actor: Actor, organizationId: number) {
  await requireInstitution(db, organizationId);
  const rows = await registrationsOf(db, organizationId);
  return { registrations: await present(db, actor, rows), canEdit: can(actor.caps, 'editLti') };
}

type KeyRow = Awaited<ReturnType<typeof toolKeysOf>>[number];
const liveAt = (k: KeyRow, now: Date) =>
  (!k.activatesAt || k.activatesAt <= now) && (!k.retiredAt || k.retiredAt > now);

function keyState(k: KeyRow, signingKid: string | undefined, now: Date): ToolKey['state'] {
  if (k.activatesAt && k.activatesAt > now) return 'next';
  if (k.kid === signingKid) return 'signing';
  return k.retiredAt && k.retiredAt > now ? 'overlap' : 'retired';
}

export async function keysOf(db: Db, integrationId: number): Promise<ToolKey[]> {
  const now = new Date();
  const rows = await toolKeysOf(db, integrationId); // newest first: the first live one signs
  const signingKid = rows.find((k) => liveAt(k, now))?.kid;
  return rows.map((k) => ({
    kid: k.kid,
    alg: k.alg,
    createdAt: k.createdAt.toISOString(),
    retiredAt: k.retiredAt?.toISOString() ?? null,
    activatesAt: k.activatesAt?.toISOString() ?? null,
    state: keyState(k, signingKid, now),
  }));
}

/** GET one registration with its tool keys and its last launches. */
export async function registrationDetail(
  db: Db,
  actor: Actor,
  id: number,
  result?: 'accepted' | 'refused',
): Promise<z.infer<typeof LtiRegistrationDetailResponse>> {
  const row = await requireRegistration(db, id);
  const providerStaff = anyFlag(actor) || actor.internalUser;
  const [[registration], keys, launches, unknownClients] = await Promise.all([
    present(db, actor, [row]),
    keysOf(db, id),
    launchesOf(db, id, result),
    providerStaff ? unknownClientLaunches(db, row.issuer) : undefined,
  ]);
  return {
    registration,
    keys,
    rosterSyncs: await rosterSyncsOf(db, id),
    lastReregistration: await lastReregistration(db, id),
    launches: launches.map((l) => ({
      id: l.id,
      at: l.at.toISOString(),
      result: l.result,
      reasonCode: l.reasonCode,
      deploymentId: l.deploymentId,
      contextId: l.contextId,
      contextTitle: l.contextTitle,
      messageType: l.messageType,
      roles: l.roles ?? [],
    })),
    ...(unknownClients ? { unknownClientLaunches: unknownClients } : {}),
  };
}
