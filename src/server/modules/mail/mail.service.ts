import type { Db } from '../../db/client';
import { insertJsonRows } from '../../db/insert-json-rows';
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
  const [id] = await queueMails(db, jobs, [message]);
  return id;
}

/**
 * Queues many e-mails: their outbox rows in one statement, their delivery jobs in another, both on
 * `db`; inside a transaction the mails exist exactly when it commits.
 */
export async function queueMails(db: Db, jobs: JobSender, messages: MailMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await insertJsonRows(db, mailOutbox, messages, { returning: { id: mailOutbox.id } });
  if (rows.length === 1) {
    await jobs.send(sendMailJob, { outboxId: rows[0].id }, { singletonKey: `mail-${rows[0].id}`, tx: db });
  } else {
    await jobs.sendMany(
      sendMailJob,
      rows.map((r) => ({ payload: { outboxId: r.id }, options: { singletonKey: `mail-${r.id}` } })),
      db,
    );
  }
  return rows.map((r) => r.id);
}
