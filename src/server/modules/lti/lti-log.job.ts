import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ltiLaunchLog } from '../../db/schema';
import { defineJob } from '../../jobs/define';

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
