import type { Locale } from '../../../shared/constants';
import { readerLocale } from '../../lib/i18n';
import { type MailMessage, renderMail } from '../mail';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;

/** The account's language when it is one the app speaks, else the page's, else English. */
export const mailLocale = (userLocale: string | null, pageLocale?: Locale): Locale =>
  readerLocale(userLocale, pageLocale);

/** The reset e-mail for one account, in `locale`, with the link to `publicUrl`/password/reset. */
export function resetMail(
  locale: Locale,
  publicUrl: string,
  to: { email: string; firstName: string; username: string },
  token: string,
): MailMessage {
  return renderMail('passwordReset', locale, to.email, {
    name: to.firstName || to.username,
    username: to.username,
    minutes: RESET_LINK_MINUTES,
    link: `${publicUrl}/password/reset?token=${token}`,
  });
}
