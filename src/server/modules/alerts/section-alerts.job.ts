import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { scanSectionAlerts } from './alerts.service';

/** Every 5 minutes: raises low_enrollment and ready_for_enrollment section alerts (each once per section). */
export const sectionAlertsJob = defineJob({
  name: 'alerts.scan',
  payload: z.object({}),
  cron: '*/5 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 600 },
  async handler(_payload, ctx) {
    const raised = await scanSectionAlerts(ctx.db, ctx.config);
    if (raised.lowEnrollment + raised.readyForEnrollment > 0) ctx.log.info(raised, 'section alerts raised');
  },
});
