import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ltiLaunchLog, ltiOidcStates, ltiUsedNonces } from '../../../db/schema';
import { defineJob } from '../../../jobs/define';

/** Deletes launch-log rows older than `days` before `now`; returns how many. */
export async function pruneLaunchLog(db: Db, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .delete(ltiLaunchLog)
    .where(lt(ltiLaunchLog.at, cutoff))
    .returning({ id: ltiLaunchLog.id });
  return rows.length;
}

/** Daily: launches older than LTI_LAUNCH_LOG_RETENTION_DAYS leave the launch log. */
export const ltiLaunchLogRetentionJob = defineJob({
  name: 'lti.launch-log.retention',
  payload: z.object({}),
  cron: '43 3 * * *',
  queue: { retryLimit: 2, expireInSeconds: 600 },
  async handler(_payload, ctx) {
    const pruned = await pruneLaunchLog(ctx.db, new Date(), ctx.config.ltiLaunchLogRetentionDays);
    if (pruned > 0) ctx.log.info({ pruned }, 'LTI launch log pruned');
  },
});

/** Deletes login states and used nonces past their expiry; returns how many of each. */
export async function sweepExpired(db: Db, now: Date) {
  const states = await db
    .delete(ltiOidcStates)
    .where(lt(ltiOidcStates.expiresAt, now))
    .returning({ s: ltiOidcStates.state });
  const nonces = await db
    .delete(ltiUsedNonces)
    .where(lt(ltiUsedNonces.expiresAt, now))
    .returning({ n: ltiUsedNonces.nonce });
  return { states: states.length, nonces: nonces.length };
}

/**
 * Every ten minutes: login states (10 minutes) and used nonces (20 minutes) past their expiry leave
 * their tables. An expired state or nonce is refused by its expiry anyway; the sweep keeps the tables
 * small.
 */
export const ltiStateSweepJob = defineJob({
  name: 'lti.state.sweep',
  payload: z.object({}),
  cron: '*/10 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 300 },
  async handler(_payload, ctx) {
    const swept = await sweepExpired(ctx.db, new Date());
    if (swept.states + swept.nonces > 0) ctx.log.debug(swept, 'LTI states and nonces swept');
  },
});
