/**
 * NRPS roster sync of one paired course: token, then page after page, each page applied in its own
 * transaction that also records where the sync resumes. A sync that stops (platform down, token
 * refused) keeps its place and its reason; the next attempt (job retry with back-off, or "Sync roster
 * now") resumes from that page. Nothing of a page is applied unless all of it is.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { lmsCoursePairings, lmsIntegrations, ltiRosterSyncs } from '../../../db/schema';
import { membershipPage, type MembershipPage, RosterSyncError, serviceToken } from './lti-nrps-client';
import { applyMembers, dropAbsent, noCounts, type RosterTarget } from './lti-roster-apply';

/** Most pages one sync reads (a loop guard against a platform whose next link never ends). */
const MAX_PAGES = 1000;
const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

/** Launch hook: a launch of a paired course carrying the NRPS claim records its membership URL. */
export async function recordNrpsClaim(db: Db, pairingId: number | null, claims: Record<string, unknown>) {
  const claim = claims[NRPS_CLAIM] as { context_memberships_url?: unknown } | undefined;
  const url = claim?.context_memberships_url;
  if (pairingId === null || typeof url !== 'string' || url.length > 2000) return;
  if (!/^https?:\/\//.test(url)) return;
  await db
    .insert(ltiRosterSyncs)
    .values({ pairingId, membershipsUrl: url })
    .onConflictDoUpdate({
      target: ltiRosterSyncs.pairingId,
      set: { membershipsUrl: url },
      setWhere: sql`${ltiRosterSyncs.membershipsUrl} <> ${url}`,
    });
}

async function loadTarget(db: Db, pairingId: number) {
  const [row] = await db
    .select({ pairing: lmsCoursePairings, reg: lmsIntegrations, sync: ltiRosterSyncs })
    .from(ltiRosterSyncs)
    .innerJoin(lmsCoursePairings, eq(lmsCoursePairings.id, ltiRosterSyncs.pairingId))
    .innerJoin(lmsIntegrations, eq(lmsIntegrations.id, lmsCoursePairings.integrationId))
    .where(eq(ltiRosterSyncs.pairingId, pairingId))
    .limit(1);
  return row ?? null;
}

/** Where this attempt starts: the page an interrupted sync stopped at, else a new run. */
async function startOrResume(db: Db, sync: typeof ltiRosterSyncs.$inferSelect, now: Date) {
  if (sync.resumeUrl && sync.runId) return { runId: sync.runId, url: sync.resumeUrl };
  const runId = randomUUID();
  const full = !sync.differencesUrl;
  const url = sync.differencesUrl ?? sync.membershipsUrl;
  await db
    .update(ltiRosterSyncs)
    .set({ runId, resumeUrl: url, startedAt: now, seenSubs: full ? [] : null, runCounts: noCounts() })
    .where(eq(ltiRosterSyncs.pairingId, sync.pairingId));
  return { runId, url };
}

/** Applies one page and moves the resume point, in ONE transaction; returns the next page's URL. */
async function applyPage(db: Db, t: RosterTarget, runId: string, page: MembershipPage, now: Date) {
  return db.transaction(async (tx) => {
    const [sync] = await tx
      .select()
      .from(ltiRosterSyncs)
      .where(eq(ltiRosterSyncs.pairingId, t.pairingId))
      .for('update');
    if (sync.runId !== runId) throw new RosterSyncError('badResponse', 'another sync took over');
    const counts = sync.runCounts ?? noCounts();
    const subs = await applyMembers(tx, t, page.members, runId, now, counts);
    const seen = sync.seenSubs === null ? null : [...new Set([...sync.seenSubs, ...subs])];
    const next = page.next;
    if (next) {
      await tx
        .update(ltiRosterSyncs)
        .set({ resumeUrl: next, seenSubs: seen, runCounts: counts })
        .where(eq(ltiRosterSyncs.pairingId, t.pairingId));
      return next;
    }
    if (seen !== null) counts.dropped += await dropAbsent(tx, t, seen, runId, now);
    await tx
      .update(ltiRosterSyncs)
      .set({
        resumeUrl: null,
        seenSubs: null,
        runCounts: null,
        counts,
        lastSyncAt: now,
        lastError: null,
        lastErrorAt: null,
        differencesUrl: page.differences ?? (seen === null ? sync.differencesUrl : null),
      })
      .where(eq(ltiRosterSyncs.pairingId, t.pairingId));
    return null;
  });
}

async function readPage(db: Db, reg: Parameters<typeof serviceToken>[1], url: string, token: { v: string }) {
  try {
    return await membershipPage(url, token.v);
  } catch (err) {
    if (!(err instanceof RosterSyncError) || err.reason !== 'tokenExpired') throw err;
    token.v = await serviceToken(db, reg); // once: a token refused again is the platform's refusal
    return membershipPage(url, token.v);
  }
}

/**
 * Runs (or resumes) the roster sync of a pairing. Throws RosterSyncError after recording its reason
 * (the job retries with back-off). Returns false when the pairing has no NRPS service.
 */
export async function syncRoster(db: Db, pairingId: number, now = new Date()): Promise<boolean> {
  const target = await loadTarget(db, pairingId);
  if (!target) return false;
  const { pairing, reg, sync } = target;
  try {
    if (!pairing.sectionId) throw new RosterSyncError('noSection');
    const t: RosterTarget = {
      pairingId,
      sectionId: pairing.sectionId,
      institutionId: pairing.institutionId,
      issuer: reg.issuer,
    };
    const token = { v: await serviceToken(db, reg) };
    const run = await startOrResume(db, sync, now);
    let url: string | null = run.url;
    for (let n = 0; url && n < MAX_PAGES; n++) {
      const page = await readPage(db, reg, url, token);
      url = await applyPage(db, t, run.runId, page, now);
    }
    return true;
  } catch (err) {
    const code = err instanceof RosterSyncError ? err.code : 'lti.roster.badResponse';
    await db
      .update(ltiRosterSyncs)
      .set({ lastError: code, lastErrorAt: now })
      .where(eq(ltiRosterSyncs.pairingId, pairingId));
    throw err;
  }
}
