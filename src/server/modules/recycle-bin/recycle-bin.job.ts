import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { purgeBin } from './recycle-bin.service';

/** Daily: recycle-bin entries older than RECYCLE_BIN_DAYS are purged (they can no longer be restored). */
export const recycleBinPurgeJob = defineJob({
  name: 'recycle-bin.purge',
  payload: z.object({}),
  cron: '17 3 * * *',
  queue: { retryLimit: 2, expireInSeconds: 600 },
  async handler(_payload, ctx) {
    const purged = await purgeBin(ctx.db);
    if (purged > 0) ctx.log.info({ purged }, 'recycle bin purged');
  },
});
