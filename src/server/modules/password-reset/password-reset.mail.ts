import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/constants';
import type { MailMessage } from '../mail';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;

/**
 * The reset e-mail in every language the app speaks: one catalog, one template. `{{name}}`,
 * `{{username}}`, `{{link}}` and `{{minutes}}` are filled in by `resetMail`.
 */
export const RESET_MAIL_TEXT: Record<
  Locale,
  Record<'subject' | 'greeting' | 'body' | 'username' | 'ignore', string>
> = {
  en: {
    subject: 'Courseware Admin: choose a new password',
    greeting: 'Hello {{name}},',
    body: 'Someone (we hope you) asked to reset the password of your Courseware Admin account. To choose a new password, open this link within {{minutes}} minutes; it works once:',
    username: 'Your user name: {{username}}',
    ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
  },
  fr: {
    subject: 'Courseware Admin : choisissez un nouveau mot de passe',
    greeting: 'Bonjour {{name}},',
    body: 'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte Courseware Admin. Pour choisir un nouveau mot de passe, ouvrez ce lien dans les {{minutes}} minutes ; il ne fonctionne qu’une fois :',
    username: 'Votre nom d’utilisateur : {{username}}',
    ignore: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
  },
  zh: {
    subject: 'Courseware Admin：设置新密码',
    greeting: '{{name}}，您好：',
    body: '有人（希望是您本人）申请重置您的 Courseware Admin 账户密码。请在 {{minutes}} 分钟内打开以下链接设置新密码；该链接只能使用一次：',
    username: '您的用户名：{{username}}',
    ignore: '如果这不是您本人的操作，请忽略此邮件：您的密码不会改变。',
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');

/** The account's language when it is one the app speaks, else the page's, else English. */
export function mailLocale(userLocale: string | null, pageLocale?: Locale): Locale {
  const known = (l: string | null | undefined): l is Locale =>
    !!l && (LOCALES as readonly string[]).includes(l);
  if (known(userLocale)) return userLocale;
  return pageLocale ?? DEFAULT_LOCALE;
}

/** The reset e-mail for one account, in `locale`, with the link to `publicUrl`/password/reset. */
export function resetMail(
  locale: Locale,
  publicUrl: string,
  to: { email: string; firstName: string; username: string },
  token: string,
): MailMessage {
  const texts = RESET_MAIL_TEXT[locale];
  const values = {
    name: to.firstName || to.username,
    username: to.username,
    minutes: String(RESET_LINK_MINUTES),
    link: `${publicUrl}/password/reset?token=${token}`,
  };
  const text = [
    fill(texts.greeting, values),
    '',
    fill(texts.body, values),
    values.link,
    '',
    fill(texts.username, values),
    '',
    fill(texts.ignore, values),
  ].join('\n');
  return { to: to.email, subject: fill(texts.subject, values), text };
}
