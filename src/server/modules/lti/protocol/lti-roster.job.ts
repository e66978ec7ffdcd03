/**
 * The NRPS roster sync jobs: every night each active registration's paired courses whose launches
 * carried the NRPS claim are queued (one job per course, singleton), and each job syncs one course.
 * A failed sync keeps its resume point; pg-boss retries it with exponential back-off.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { lmsCoursePairings, lmsIntegrations, ltiRosterSyncs } from '../../../db/schema';
import { defineJob } from '../../../jobs/define';
import { syncRoster } from './lti-roster-sync';

export const ltiRosterSyncJob = defineJob({
  name: 'lti.roster.sync',
  payload: z.object({ pairingId: z.number().int().positive() }),
  queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
  async handler({ pairingId }, ctx) {
    await syncRoster(ctx.db, pairingId);
  },
});

export const ltiRosterScheduleJob = defineJob({
  name: 'lti.roster.schedule',
  payload: z.object({}),
  cron: '41 2 * * *',
  queue: { retryLimit: 2, expireInSeconds: 300 },
  async handler(_payload, ctx) {
    const rows = await ctx.db
      .select({ pairingId: ltiRosterSyncs.pairingId })
      .from(ltiRosterSyncs)
      .innerJoin(lmsCoursePairings, eq(lmsCoursePairings.id, ltiRosterSyncs.pairingId))
      .innerJoin(lmsIntegrations, eq(lmsIntegrations.id, lmsCoursePairings.integrationId))
      .where(and(eq(lmsIntegrations.status, 'active')));
    await ctx.jobs.sendMany(
      ltiRosterSyncJob,
      rows.map((r) => ({ payload: r, options: { singletonKey: `roster-${r.pairingId}` } })),
    );
  },
});
