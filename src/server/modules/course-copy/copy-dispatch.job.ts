import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { dispatch } from './copy-dispatch';
import * as q from './course-copy.queries';

/** Courses still pending after this long were recorded but never queued (the process stopped in between). */
const STALE_AFTER_MS = 2 * 60_000;

/** Every 5 minutes: queues courses that were recorded but never queued. Sending twice queues once. */
export const copyDispatchJob = defineJob({
  name: 'copy.dispatch',
  payload: z.object({}),
  cron: '*/5 * * * *',
  queue: { retryLimit: 1 },
  async handler(_payload, ctx) {
    const stale = await q.stalePending(ctx.db, new Date(Date.now() - STALE_AFTER_MS), 1000);
    const rows = [];
    for (const row of stale) {
      if (row.queueJobId) rows.push(row);
      else {
        const queueJobId = randomUUID();
        await q.setQueueJobId(ctx.db, row.id, queueJobId);
        rows.push({ ...row, queueJobId });
      }
    }
    await dispatch(ctx, rows);
  },
});
