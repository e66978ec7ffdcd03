import { and, count, desc, eq, inArray, max, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  institutions,
  lmsCoursePairings,
  lmsDeployments,
  lmsIntegrations,
  lmsKeyStore,
  ltiLaunchLog,
  ltiRegistrationLinks,
} from '../../../db/schema';
import { LTI_LAUNCH_LOG_LIMIT } from '../../../../shared/contract/lti';

export type RegistrationRow = typeof lmsIntegrations.$inferSelect;

/** Display names of institutions by id (those that exist). */
export async function institutionNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: institutions.id, name: institutions.displayName })
    .from(institutions)
    .where(inArray(institutions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Registrations owned by the institution or holding a deployment mapped to it. */
export async function registrationsOf(db: Db, institutionId: number): Promise<RegistrationRow[]> {
  const viaDeployment = db
    .select({ id: lmsDeployments.integrationId })
    .from(lmsDeployments)
    .where(eq(lmsDeployments.institutionId, institutionId));
  return db
    .select()
    .from(lmsIntegrations)
    .where(or(eq(lmsIntegrations.institutionId, institutionId), inArray(lmsIntegrations.id, viaDeployment)))
    .orderBy(lmsIntegrations.name, lmsIntegrations.id);
}

export async function registrationById(db: Db, id: number): Promise<RegistrationRow | undefined> {
  const [row] = await db.select().from(lmsIntegrations).where(eq(lmsIntegrations.id, id));
  return row;
}

export async function registrationByIssuerClient(db: Db, issuer: string, clientId: string) {
  const [row] = await db
    .select({ id: lmsIntegrations.id })
    .from(lmsIntegrations)
    .where(and(eq(lmsIntegrations.issuer, issuer), eq(lmsIntegrations.clientId, clientId)));
  return row;
}

/** Deployments of the registrations, with their institutions' names, in the order they were added. */
export async function deploymentsOf(db: Db, integrationIds: number[]) {
  if (integrationIds.length === 0) return [];
  return db
    .select({
      integrationId: lmsDeployments.integrationId,
      deploymentId: lmsDeployments.deploymentId,
      organizationId: lmsDeployments.institutionId,
      institutionName: institutions.displayName,
    })
    .from(lmsDeployments)
    .innerJoin(institutions, eq(institutions.id, lmsDeployments.institutionId))
    .where(inArray(lmsDeployments.integrationId, integrationIds))
    .orderBy(lmsDeployments.integrationId, lmsDeployments.id);
}

/** Per registration: time of its last launch, and its last refused launch. */
export async function launchSummaries(db: Db, integrationIds: number[]) {
  if (integrationIds.length === 0) return { last: new Map<number, Date>(), errors: new Map() };
  const last = await db
    .select({ id: ltiLaunchLog.integrationId, at: max(ltiLaunchLog.at) })
    .from(ltiLaunchLog)
    .where(inArray(ltiLaunchLog.integrationId, integrationIds))
    .groupBy(ltiLaunchLog.integrationId);
  const errors = await db
    .selectDistinctOn([ltiLaunchLog.integrationId], {
      id: ltiLaunchLog.integrationId,
      reasonCode: ltiLaunchLog.reasonCode,
      at: ltiLaunchLog.at,
    })
    .from(ltiLaunchLog)
    .where(and(inArray(ltiLaunchLog.integrationId, integrationIds), eq(ltiLaunchLog.result, 'refused')))
    .orderBy(ltiLaunchLog.integrationId, desc(ltiLaunchLog.at), desc(ltiLaunchLog.id));
  return {
    last: new Map(last.filter((r) => r.id !== null && r.at).map((r) => [r.id as number, r.at as Date])),
    errors: new Map(errors.map((r) => [r.id as number, { reasonCode: r.reasonCode ?? 'unknown', at: r.at }])),
  };
}

/** Registrations that arrived through a dynamic-registration link. */
export async function dynamicallyRegistered(db: Db, integrationIds: number[]): Promise<Set<number>> {
  if (integrationIds.length === 0) return new Set();
  const rows = await db
    .select({ id: ltiRegistrationLinks.integrationId })
    .from(ltiRegistrationLinks)
    .where(inArray(ltiRegistrationLinks.integrationId, integrationIds));
  return new Set(rows.map((r) => r.id as number));
}

/** The registration's tool keys, newest first (public parts only). */
export async function toolKeysOf(db: Db, integrationId: number) {
  return db
    .select({
      kid: lmsKeyStore.kid,
      alg: lmsKeyStore.alg,
      createdAt: lmsKeyStore.createdAt,
      retiredAt: lmsKeyStore.retiredAt,
      activatesAt: lmsKeyStore.activatesAt,
    })
    .from(lmsKeyStore)
    .where(eq(lmsKeyStore.integrationId, integrationId))
    .orderBy(desc(lmsKeyStore.createdAt), desc(lmsKeyStore.id));
}

/** The registration's last launches, newest first. */
export async function launchesOf(db: Db, integrationId: number, result?: 'accepted' | 'refused') {
  return db
    .select({
      id: ltiLaunchLog.id,
      at: ltiLaunchLog.at,
      result: ltiLaunchLog.result,
      reasonCode: ltiLaunchLog.reasonCode,
      deploymentId: ltiLaunchLog.deploymentId,
      contextId: ltiLaunchLog.contextId,
      contextTitle: ltiLaunchLog.contextTitle,
      messageType: ltiLaunchLog.messageType,
      roles: ltiLaunchLog.roles,
    })
    .from(ltiLaunchLog)
    .where(
      and(
        eq(ltiLaunchLog.integrationId, integrationId),
        result ? eq(ltiLaunchLog.result, result) : undefined,
      ),
    )
    .orderBy(desc(ltiLaunchLog.at), desc(ltiLaunchLog.id))
    .limit(LTI_LAUNCH_LOG_LIMIT);
}

export async function insertRegistration(db: Db, values: typeof lmsIntegrations.$inferInsert) {
  const [row] = await db.insert(lmsIntegrations).values(values).returning();
  return row;
}

export async function updateRegistration(
  db: Db,
  id: number,
  values: Partial<Omit<typeof lmsIntegrations.$inferInsert, 'id' | 'enabled'>>,
) {
  const [row] = await db.update(lmsIntegrations).set(values).where(eq(lmsIntegrations.id, id)).returning();
  return row;
}

/** Makes the registration's deployments exactly these (kept rows keep their id and date). */
export async function replaceDeployments(
  db: Db,
  integrationId: number,
  deployments: { deploymentId: string; institutionId: number }[],
) {
  const existing = await db
    .select()
    .from(lmsDeployments)
    .where(eq(lmsDeployments.integrationId, integrationId));
  const wanted = new Map(deployments.map((d) => [d.deploymentId, d.institutionId]));
  const gone = existing.filter((e) => !wanted.has(e.deploymentId)).map((e) => e.id);
  if (gone.length > 0) await db.delete(lmsDeployments).where(inArray(lmsDeployments.id, gone));
  for (const e of existing) {
    const inst = wanted.get(e.deploymentId);
    if (inst !== undefined && inst !== e.institutionId) {
      await db.update(lmsDeployments).set({ institutionId: inst }).where(eq(lmsDeployments.id, e.id));
    }
  }
  const have = new Set(existing.map((e) => e.deploymentId));
  const added = deployments.filter((d) => !have.has(d.deploymentId));
  if (added.length > 0) {
    await db.insert(lmsDeployments).values(added.map((d) => ({ integrationId, ...d })));
  }
}

export async function pairingCount(db: Db, integrationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lmsCoursePairings)
    .where(eq(lmsCoursePairings.integrationId, integrationId));
  return Number(row?.n ?? 0);
}

export async function deleteRegistration(db: Db, id: number) {
  const rows = await db
    .delete(lmsIntegrations)
    .where(eq(lmsIntegrations.id, id))
    .returning({ id: lmsIntegrations.id });
  return rows.length > 0;
}

export async function insertRegistrationLink(db: Db, values: typeof ltiRegistrationLinks.$inferInsert) {
  const [row] = await db.insert(ltiRegistrationLinks).values(values).returning({
    id: ltiRegistrationLinks.id,
    expiresAt: ltiRegistrationLinks.expiresAt,
  });
  return row;
}

/** Whether the registration has at least one deployment (mapped to an institution). */
export async function hasDeployment(db: Db, integrationId: number) {
  const [row] = await db
    .select({ id: lmsDeployments.id })
    .from(lmsDeployments)
    .where(eq(lmsDeployments.integrationId, integrationId))
    .limit(1);
  return row !== undefined;
}
