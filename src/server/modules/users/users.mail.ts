import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobSender } from '../../jobs/define';
import { readerLocale } from '../../lib/i18n';
import { type MailMessage, queueMails, renderMail } from '../mail';
import { insertAccountRequest } from './users.queries';

/** How long an account-setup link works. */
export const SETUP_LINK_DAYS = 7;

export interface AccountMailInput {
  userId: number;
  username: string;
  email: string;
  firstName: string;
  institutionId: number;
  institutionName: string;
  /** The role's name; null when the account has none in the institution. */
  roleName: string | null;
  requestedBy: number;
  /** The recipient's chosen language (users.locale); the e-mail is written in it, English when unset. */
  locale: string | null;
  /** pending accounts get a new setup link; active ones a plain notification. */
  pending: boolean;
}

/**
 * Queues the account e-mail: for a pending account (account request) the setup instructions with
 * a one-time link (only the token's SHA-256 is stored); for an active account a notification of
 * their access. Call it inside the transaction that creates or changes the user: the link and the
 * e-mail then exist exactly when the account does.
 */
export async function sendAccountMail(db: Db, jobs: JobSender, config: Config, input: AccountMailInput) {
  const [id] = await sendAccountMails(db, jobs, config, [input]);
  return id;
}

/** `sendAccountMail` for many accounts at once (bulk import): a few statements whatever their number. */
export async function sendAccountMails(db: Db, jobs: JobSender, config: Config, inputs: AccountMailInput[]) {
  const requests: Parameters<typeof insertAccountRequest>[1] = [];
  const messages: MailMessage[] = inputs.map((input) => {
    const locale = readerLocale(input.locale);
    const common = {
      name: input.firstName || input.username,
      institution: input.institutionName,
      username: input.username,
    };
    if (!input.pending) {
      const vars = { ...common, role: input.roleName, link: `${config.publicUrl}/login` };
      return renderMail('accountNotice', locale, input.email, vars);
    }
    const token = randomBytes(32).toString('base64url');
    requests.push({
      userId: input.userId,
      institutionId: input.institutionId,
      requestedBy: input.requestedBy,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + SETUP_LINK_DAYS * 24 * 3600 * 1000),
    });
    return renderMail('accountSetup', locale, input.email, {
      ...common,
      role: input.roleName,
      link: `${config.publicUrl}/account/setup?token=${token}`,
      days: SETUP_LINK_DAYS,
    });
  });
  if (requests.length > 0) await insertAccountRequest(db, requests);
  return queueMails(db, jobs, messages);
}
