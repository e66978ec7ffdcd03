import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema';
import { defineJob } from '../../jobs/define';

/** Delivers one outbox row: through SMTP when SMTP_URL is set, else as a .eml file under DATA_DIR/mail. */
export const sendMailJob = defineJob({
  name: 'mail.send',
  payload: z.object({ outboxId: z.number().int() }),
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  async handler({ outboxId }, { db, config }) {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    // The job commits with its row (queueMails); a missing row is a fault worth a retry, not a skip.
    if (!row) throw new Error(`outbox row ${outboxId} not visible yet`);
    if (row.status === 'sent' || row.status === 'stored') return; // idempotent on retry
    const message = {
      from: config.mailFrom,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
    };
    // loaded with the first mail rather than at every start
    const { default: nodemailer } = await import('nodemailer');
    try {
      if (config.smtpUrl) {
        await nodemailer.createTransport(config.smtpUrl).sendMail(message);
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
          .where(eq(mailOutbox.id, outboxId));
      } else {
        const info = await nodemailer
          .createTransport({ streamTransport: true, buffer: true })
          .sendMail(message);
        const dir = join(config.dataDir, 'mail');
        await mkdir(dir, { recursive: true });
        const emlPath = join(dir, `${String(outboxId).padStart(6, '0')}.eml`);
        await writeFile(emlPath, info.message as Buffer);
        await db
          .update(mailOutbox)
          .set({ status: 'stored', sentAt: new Date(), emlPath, attempts: row.attempts + 1, lastError: null })
          .where(eq(mailOutbox.id, outboxId));
      }
    } catch (err) {
      await db
        .update(mailOutbox)
        .set({
          status: 'failed',
          attempts: row.attempts + 1,
          lastError: String((err as Error).message).slice(0, 500),
        })
        .where(eq(mailOutbox.id, outboxId));
      throw err; // pg-boss retries with backoff
    }
  },
});
