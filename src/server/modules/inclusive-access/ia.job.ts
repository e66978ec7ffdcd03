import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { sendOptReminders } from './ia.reminders';

/** Every hour: the opt reminders due (OPT_REMINDER_DAYS before census, once per student and course). */
export const optRemindersJob = defineJob({
  name: 'inclusive-access.reminders',
  payload: z.object({}),
  cron: '23 * * * *',
  queue: { retryLimit: 2, expireInSeconds: 900 },
  async handler(_payload, ctx) {
    const sent = await sendOptReminders(ctx.db, ctx.jobs, ctx.config.optReminderDays, new Date());
    if (sent > 0) ctx.log.info({ sent }, 'opt reminders sent');
  },
});
