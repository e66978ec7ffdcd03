import type { z } from 'zod';
import type {
  CreateLtiRegistrationBody,
  LtiRegistration,
  UpdateLtiRegistrationBody,
} from '../../../../shared/contract/lti';
import { can } from '../../../../shared/permissions';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import type { Actor } from '../../../lib/actor';
import { AppError, accessDenied, refusal } from '../../../lib/app-error';
import { audit } from '../../../lib/audit';
import { capabilities } from '../../../lib/capabilities';
import {
  deleteRegistration,
  insertRegistration,
  hasDeployment,
  institutionNames,
  pairingCount,
  registrationByIssuerClient,
  replaceDeployments,
  updateRegistration,
} from './lti-console.queries';
import { createToolKey, rotateToolKey } from '../shared/lti-keys';
import {
  keysOf,
  present,
  registrationDetail,
  requireInstitution,
  requireRegistration,
} from './lti-console-read.service';

type Registration = z.infer<typeof LtiRegistration>;
type CreateBody = z.infer<typeof CreateLtiRegistrationBody>;
type UpdateBody = z.infer<typeof UpdateLtiRegistrationBody>;

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

/**
 * The deployments' institutions: the registration's own by default; another one only if it exists
 * and the caller may change LTI registrations there too.
 */
async function deploymentInstitutions(
  db: Db,
  actor: Actor,
  owner: number,
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
export async function createRegistration(db: Db, actor: Actor, body: CreateBody) {
  await requireInstitution(db, body.organizationId);
  const deployments = await deploymentInstitutions(db, actor, body.organizationId, body.deployments);
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
export async function editRegistration(db: Db, actor: Actor, id: number, body: UpdateBody) {
  const current = await requireRegistration(db, id);
  const deployments = await deploymentInstitutions(db, actor, current.institutionId, body.deployments);
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
