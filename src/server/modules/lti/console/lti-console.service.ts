import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  CANVAS_CONFIG_FILE,
  type CanvasDeveloperKey,
  type CreateLtiRegistrationBody,
  LTI_REGISTRATION_LINK_HOURS,
  LTI_TOOL_SCOPES,
  type LtiRegistration,
  type LtiRegistrationDetailResponse,
  type LtiToolConfigurationResponse,
  type LtiToolKey,
  type UpdateLtiRegistrationBody,
} from '../../../../shared/contract/lti';
import { can } from '../../../../shared/permissions';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import type { Actor } from '../../../lib/actor';
import { AppError, accessDenied, notFound, refusal } from '../../../lib/app-error';
import { audit } from '../../../lib/audit';
import { capabilities } from '../../../lib/capabilities';
import {
  deleteRegistration,
  deploymentsOf,
  dynamicallyRegistered,
  insertRegistration,
  hasDeployment,
  insertRegistrationLink,
  institutionNames,
  launchesOf,
  launchSummaries,
  pairingCount,
  type RegistrationRow,
  registrationById,
  registrationByIssuerClient,
  registrationsOf,
  replaceDeployments,
  toolKeysOf,
  updateRegistration,
} from './lti-console.queries';
import { createToolKey, rotateToolKey } from '../shared/lti-keys';
import { unknownClientLaunches } from './lti-log.queries';
import { lastReregistration } from './lti-reregistration';
import { rosterSyncsOf } from './lti-roster.service';
import { hashLinkToken } from '../shared/lti-link-token';

type Registration = z.infer<typeof LtiRegistration>;
type CreateBody = z.infer<typeof CreateLtiRegistrationBody>;
type UpdateBody = z.infer<typeof UpdateLtiRegistrationBody>;
type ToolKey = z.infer<typeof LtiToolKey>;

const anyFlag = (a: Actor) => a.superAdmin || a.associateSuperAdmin || a.nasupport;

/** The caller may change a registration owned by `owner` (the route's rights are in `actor.caps`). */
function mayEdit(actor: Actor, owner: number) {
  return can(actor.caps, 'editLti') && (owner === actor.organizationId || anyFlag(actor));
}

/** The registrations as the console shows them (deployments, last launch, last error). */
async function present(db: Db, actor: Actor, rows: RegistrationRow[]): Promise<Registration[]> {
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

/** What the audit log keeps of a registration (no keys). */
const auditShape = (r: Registration) => ({
  lmsKind: r.lmsKind,
  name: r.name,
  issuer: r.issuer,
  clientId: r.clientId,
  status: r.status,
  deployments: r.deployments.map((d) => ({ deploymentId: d.deploymentId, organizationId: d.organizationId })),
  authLoginUrl: r.authLoginUrl,
  authTokenUrl: r.authTokenUrl,
  keysetUrl: r.keysetUrl,
});

async function requireInstitution(db: Db, id: number) {
  if (!(await institutionNames(db, [id])).has(id)) throw notFound('Institution');
}

async function requireRegistration(db: Db, id: number) {
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

async function keysOf(db: Db, integrationId: number): Promise<ToolKey[]> {
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

/**
 * The deployments' institutions: the registration's own by default; another one only if it exists
 * and the caller may change LTI registrations there too.
 */
async function deploymentInstitutions(
  db: Db,
  actor: Actor,
  owner: number,
  internalGroupId: string,
  deployments: UpdateBody['deployments'],
) {
  const out = deployments.map((d) => ({
    deploymentId: d.deploymentId,
    institutionId: d.organizationId ?? owner,
  }));
  const others = [...new Set(out.map((d) => d.institutionId).filter((id) => id !== owner))];
  const names = await institutionNames(db, others);
  for (const id of others) {
    const index = out.findIndex((d) => d.institutionId === id);
    if (!names.has(id)) {
      throw new AppError('error.validation', `deployments.${index}.organizationId: no such institution.`, {
        [`deployments.${index}.organizationId`]: 'No such institution.',
      });
    }
    const caps = await capabilities(
      db,
      {
        id: actor.userId,
        superAdmin: actor.superAdmin,
        associateSuperAdmin: actor.associateSuperAdmin,
        nasupport: actor.nasupport,
      },
      id,
      internalGroupId,
    );
    if (!can(caps, 'editLti')) {
      throw accessDenied(`You may not map a deployment to institution ${id}.`);
    }
  }
  return out;
}

const EXISTS = 'A registration with this issuer and client id exists already.';
const exists = () => new AppError('error.ltiRegistrationExists', EXISTS, { clientId: EXISTS });

async function requireUniqueIssuerClient(db: Db, issuer: string, clientId: string, self?: number) {
  const other = await registrationByIssuerClient(db, issuer, clientId);
  if (other && other.id !== self) throw exists();
}

/** The same issuer and client id saved by someone else at the same moment: 409, as when seen first. */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** POST a registration typed in by hand: Active at once, with its first tool key. */
export async function createRegistration(db: Db, actor: Actor, internalGroupId: string, body: CreateBody) {
  await requireInstitution(db, body.organizationId);
  const deployments = await deploymentInstitutions(
    db,
    actor,
    body.organizationId,
    internalGroupId,
    body.deployments,
  );
  const id = await uniquely(() =>
    db.transaction(async (tx) => {
      await requireUniqueIssuerClient(tx, body.issuer, body.clientId);
      const row = await insertRegistration(tx, {
        institutionId: body.organizationId,
        lmsKind: body.lmsKind,
        name: body.name,
        issuer: body.issuer,
        clientId: body.clientId,
        deploymentId: deployments[0].deploymentId,
        authLoginUrl: body.authLoginUrl,
        authTokenUrl: body.authTokenUrl ?? null,
        keysetUrl: body.keysetUrl,
        status: 'active',
      });
      await replaceDeployments(tx, row.id, deployments);
      const key = await createToolKey(tx, row.id);
      const [after] = await present(tx, actor, [row]);
      await audit(tx, actor, {
        action: 'lti.registration.create',
        entityType: 'ltiRegistration',
        entityId: row.id,
        institutionId: body.organizationId,
        after: { ...auditShape(after), kid: key.kid },
      });
      return row.id;
    }),
  );
  return registrationDetail(db, actor, id);
}

/** PUT every field of a registration (its institution and status stay). */
export async function editRegistration(
  db: Db,
  actor: Actor,
  internalGroupId: string,
  id: number,
  body: UpdateBody,
) {
  const current = await requireRegistration(db, id);
  const deployments = await deploymentInstitutions(
    db,
    actor,
    current.institutionId,
    internalGroupId,
    body.deployments,
  );
  await uniquely(() =>
    db.transaction(async (tx) => {
      const row = await requireRegistration(tx, id);
      await requireUniqueIssuerClient(tx, body.issuer, body.clientId, id);
      const [before] = await present(tx, actor, [row]);
      const updated = await updateRegistration(tx, id, {
        lmsKind: body.lmsKind,
        name: body.name,
        issuer: body.issuer,
        clientId: body.clientId,
        deploymentId: deployments[0].deploymentId,
        authLoginUrl: body.authLoginUrl,
        authTokenUrl: body.authTokenUrl ?? null,
        keysetUrl: body.keysetUrl,
      });
      await replaceDeployments(tx, id, deployments);
      const [after] = await present(tx, actor, [updated]);
      await audit(tx, actor, {
        action: 'lti.registration.update',
        entityType: 'ltiRegistration',
        entityId: id,
        institutionId: row.institutionId,
        before: auditShape(before),
        after: auditShape(after),
      });
    }),
  );
  return registrationDetail(db, actor, id);
}

/** PUT status: approve a Pending registration, disable one (launches stop), enable it again. */
export async function setRegistrationStatus(db: Db, actor: Actor, id: number, status: 'active' | 'disabled') {
  await db.transaction(async (tx) => {
    const row = await requireRegistration(tx, id);
    if (row.status === status) return;
    if (status === 'active') await requireDeployment(tx, id);
    await updateRegistration(tx, id, { status });
    await audit(tx, actor, {
      action:
        status === 'disabled'
          ? 'lti.registration.disable'
          : row.status === 'pending'
            ? 'lti.registration.approve'
            : 'lti.registration.enable',
      entityType: 'ltiRegistration',
      entityId: id,
      institutionId: row.institutionId,
      before: { status: row.status },
      after: { status },
    });
  });
  return registrationDetail(db, actor, id);
}

/** A registration launches only through a deployment mapped to an institution: approving one without is refused. */
async function requireDeployment(db: Db, integrationId: number) {
  if (!(await hasDeployment(db, integrationId)))
    throw refusal(
      'error.ltiNoDeployment',
      'This registration has no deployment mapped to an institution yet. Add its deployment ID and choose the institution, then approve it.',
    );
}

/** DELETE a registration: its launches stop. Refused while courses are paired through it. */
export async function removeRegistration(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await requireRegistration(tx, id);
    const pairings = await pairingCount(tx, id);
    if (pairings > 0) {
      throw refusal(
        'error.ltiRegistrationHasPairings',
        pairings === 1
          ? '1 LMS course is paired through this registration. Disable it instead, or remove that pairing first.'
          : `${pairings} LMS courses are paired through this registration. Disable it instead, or remove those pairings first.`,
        { count: pairings },
      );
    }
    const [before] = await present(tx, actor, [row]);
    await deleteRegistration(tx, id);
    await audit(tx, actor, {
      action: 'lti.registration.delete',
      entityType: 'ltiRegistration',
      entityId: id,
      institutionId: row.institutionId,
      before: auditShape(before),
    });
  });
  return { status: 'OK' as const };
}

/** POST rotate: the next key is published now and signs once cached key sets have expired; the old one stays published. */
export async function rotateRegistrationKey(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await requireRegistration(tx, id);
    const before = await keysOf(tx, id);
    await rotateToolKey(tx, id);
    const after = await keysOf(tx, id);
    await audit(tx, actor, {
      action: 'lti.key.rotate',
      entityType: 'ltiRegistration',
      entityId: id,
      institutionId: row.institutionId,
      before: before.map(({ kid, retiredAt }) => ({ kid, retiredAt })),
      after: after.map(({ kid, retiredAt }) => ({ kid, retiredAt })),
    });
  });
  return { keys: await keysOf(db, id) };
}

/** POST a one-time dynamic-registration link for the institution (24 h). Only its hash is stored. */
export async function createRegistrationLink(db: Db, actor: Actor, config: Config, organizationId: number) {
  await requireInstitution(db, organizationId);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LTI_REGISTRATION_LINK_HOURS * 3_600_000);
  const link = await db.transaction(async (tx) => {
    const row = await insertRegistrationLink(tx, {
      institutionId: organizationId,
      tokenHash: hashLinkToken(token),
      createdBy: actor.userId,
      expiresAt,
    });
    await audit(tx, actor, {
      action: 'lti.registrationLink.create',
      entityType: 'ltiRegistrationLink',
      entityId: row.id,
      institutionId: organizationId,
      after: { expiresAt: row.expiresAt.toISOString() },
    });
    return row;
  });
  return {
    url: `${toolUrls(config).registrationUrl}?link=${token}`,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** The tool's own URLs, from PUBLIC_URL. */
export function toolUrls(config: Pick<Config, 'publicUrl'>): z.infer<typeof LtiToolConfigurationResponse> {
  const base = config.publicUrl.replace(/\/+$/, '');
  return {
    loginUrl: `${base}/lti/login`,
    launchUrl: `${base}/lti/launch`,
    jwksUrl: `${base}/lti/jwks`,
    deepLinkUrl: `${base}/lti/deep-link`,
    registrationUrl: `${base}/lti/register`,
  };
}

/** The Canvas developer key (LTI key, "Paste JSON") for this tool. */
export function canvasDeveloperKey(config: Pick<Config, 'publicUrl'>): {
  fileName: string;
  body: z.infer<typeof CanvasDeveloperKey>;
} {
  const urls = toolUrls(config);
  const placement = (placement: string, messageType: string) => ({
    placement,
    message_type: messageType,
    target_link_uri: urls.launchUrl,
  });
  return {
    fileName: CANVAS_CONFIG_FILE,
    body: {
      title: 'Courseware',
      description: 'Courseware course materials (LTI 1.3).',
      oidc_initiation_url: urls.loginUrl,
      target_link_uri: urls.launchUrl,
      public_jwk_url: urls.jwksUrl,
      scopes: [...LTI_TOOL_SCOPES],
      extensions: [
        {
          platform: 'canvas.instructure.com',
          privacy_level: 'public',
          settings: {
            placements: [
              placement('course_navigation', 'LtiResourceLinkRequest'),
              placement('link_selection', 'LtiDeepLinkingRequest'),
              placement('assignment_selection', 'LtiDeepLinkingRequest'),
            ],
          },
        },
      ],
    },
  };
}
