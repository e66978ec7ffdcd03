import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobSender } from '../../jobs/define';
import { type MailMessage, queueMails } from '../mail';
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
  roleName: string;
  requestedBy: number;
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
    const lines = [`Hello ${input.firstName},`, ''];
    let subject: string;
    if (input.pending) {
      const token = randomBytes(32).toString('base64url');
      requests.push({
        userId: input.userId,
        institutionId: input.institutionId,
        requestedBy: input.requestedBy,
        tokenHash: createHash('sha256').update(token).digest('hex'),
        expiresAt: new Date(Date.now() + SETUP_LINK_DAYS * 24 * 3600 * 1000),
      });
      subject = 'Your Courseware Admin account: setup instructions';
      lines.push(
        `An account has been requested for you at ${input.institutionName} with the role ${input.roleName}.`,
        '',
        'To set up your account:',
        `1. Open this link within ${SETUP_LINK_DAYS} days: ${config.publicUrl}/account/setup?token=${token}`,
        '2. Choose a password.',
        `3. Sign in with the user name: ${input.username}`,
      );
    } else {
      subject = 'Your Courseware Admin account';
      lines.push(
        `You have access to ${input.institutionName} with the role ${input.roleName}.`,
        `Sign in at ${config.publicUrl}/login with the user name: ${input.username}`,
      );
    }
    lines.push('', 'If you did not expect this message, contact your institution administrator.');
    return { to: input.email, subject, text: lines.join('\n') };
  });
  if (requests.length > 0) await insertAccountRequest(db, requests);
  return queueMails(db, jobs, messages);
}
