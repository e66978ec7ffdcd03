import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { JobSender } from '../../jobs/define';
import { sendMailJob } from './mail.job';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Queues an e-mail: an outbox row now, delivery by the mail job (with retries). */
export async function queueMail(db: Db, jobs: JobSender, message: MailMessage): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
  await jobs.send(sendMailJob, { outboxId: row.id }, { singletonKey: `mail-${row.id}` });
  return row.id;
}
