/** The console's view of NRPS roster syncs, and "Sync roster now". */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { LtiRosterSync } from '../../../../shared/contract/lti-roster';
import type { Db } from '../../../db/client';
import { lmsCoursePairings, ltiRosterSyncs } from '../../../db/schema';
import type { JobSender } from '../../../jobs/define';
import type { Actor } from '../../../lib/actor';
import { refusal } from '../../../lib/app-error';
import { can } from '../../../../shared/permissions';
import { audit } from '../../../lib/audit';
import { ltiRosterSyncJob } from '../protocol/lti-roster.job';
import { syncRoster } from '../protocol/lti-roster-sync';

type RosterSync = z.infer<typeof LtiRosterSync>;

function rosterQuery(db: Db) {
  return db
    .select({ sync: ltiRosterSyncs, pairing: lmsCoursePairings })
    .from(ltiRosterSyncs)
    .innerJoin(lmsCoursePairings, eq(lmsCoursePairings.id, ltiRosterSyncs.pairingId));
}

function present({ sync, pairing }: Awaited<ReturnType<typeof rosterQuery>>[number]): RosterSync {
  return {
    pairingId: pairing.id,
    lmsCourseId: pairing.lmsCourseId,
    lmsCourseName: pairing.lmsCourseName,
    sectionId: pairing.sectionId,
    lastSyncAt: sync.lastSyncAt?.toISOString() ?? null,
    counts: sync.counts ?? null,
    lastError: sync.lastError,
    lastErrorAt: sync.lastErrorAt?.toISOString() ?? null,
    resuming: sync.resumeUrl !== null,
  };
}

/** The registration's paired courses whose launches offer NRPS. */
export async function rosterSyncsOf(db: Db, integrationId: number): Promise<RosterSync[]> {
  const rows = await rosterQuery(db)
    .where(eq(lmsCoursePairings.integrationId, integrationId))
    .orderBy(asc(lmsCoursePairings.lmsCourseId));
  return rows.map(present);
}

async function rosterSyncOf(db: Db, integrationId: number, pairingId: number) {
  const [row] = await rosterQuery(db).where(
    and(eq(lmsCoursePairings.integrationId, integrationId), eq(ltiRosterSyncs.pairingId, pairingId)),
  );
  return row ? present(row) : null;
}

/**
 * POST "Sync roster now": runs the sync at once and answers its state. When it stops (platform down,
 * token refused) the state says why, and a job retries it with back-off.
 */
export async function syncRosterNow(
  db: Db,
  jobs: JobSender,
  actor: Actor,
  integrationId: number,
  pairingId: number,
): Promise<RosterSync> {
  const before = await rosterSyncOf(db, integrationId, pairingId);
  if (!before)
    throw refusal('error.ltiRosterNotOffered', "This LMS course's launches do not offer its roster (NRPS).");
  const failed = await syncRoster(db, pairingId).then(
    () => false,
    () => true,
  );
  if (failed)
    await jobs.send(ltiRosterSyncJob, { pairingId }, { singletonKey: `roster-${pairingId}`, startAfter: 60 });
  const after = (await rosterSyncOf(db, integrationId, pairingId)) as RosterSync;
  await audit(db, actor, {
    action: 'lti.roster.syncNow',
    entityType: 'ltiPairing',
    entityId: pairingId,
    outcome: failed ? 'failed' : 'ok',
    after: { lastSyncAt: after.lastSyncAt, counts: after.counts, lastError: after.lastError },
  });
  return after;
}

/** The course's paired LMS course whose launches offer NRPS (the first, when several), or null. */
async function sectionRosterSyncOf(db: Db, sectionId: number) {
  const [row] = await rosterQuery(db)
    .where(eq(lmsCoursePairings.sectionId, sectionId))
    .orderBy(asc(lmsCoursePairings.id))
    .limit(1);
  return row ? { integrationId: row.pairing.integrationId, sync: present(row) } : null;
}

/** GET /api/courses/rosterSync: the course detail's "Last roster sync", and whether the user may sync it. */
export async function courseRosterSync(db: Db, actor: Actor, sectionId: number) {
  const found = await sectionRosterSyncOf(db, sectionId);
  return { sync: found?.sync ?? null, canSync: found !== null && can(actor.caps, 'editLti') };
}

/** POST /api/courses/rosterSync: "Sync roster now" from the course detail page. */
export async function syncCourseRosterNow(db: Db, jobs: JobSender, actor: Actor, sectionId: number) {
  const found = await sectionRosterSyncOf(db, sectionId);
  if (!found || found.integrationId === null)
    throw refusal('error.ltiRosterNotOffered', "This LMS course's launches do not offer its roster (NRPS).");
  const sync = await syncRosterNow(db, jobs, actor, found.integrationId, found.sync.pairingId);
  return { sync, canSync: true };
}
