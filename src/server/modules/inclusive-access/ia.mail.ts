import en from '../../../web/i18n/en.json' with { type: 'json' };
import fr from '../../../web/i18n/fr.json' with { type: 'json' };
import zh from '../../../web/i18n/zh.json' with { type: 'json' };
import { formatUsDate } from '../../../shared/validation';
import type { MailMessage } from '../mail';

type MailTexts = (typeof en)['inclusiveAccess']['mail'];
const CATALOGS: Record<string, MailTexts> = {
  en: en.inclusiveAccess.mail,
  fr: fr.inclusiveAccess.mail,
  zh: zh.inclusiveAccess.mail,
};

/** The recipient's catalog: their locale's language, English by default. */
export function mailTexts(locale: string | null | undefined): MailTexts {
  return CATALOGS[(locale ?? 'en').slice(0, 2).toLowerCase()] ?? CATALOGS.en;
}

const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

export interface MailStudent {
  email: string;
  firstName: string;
  locale: string | null;
}

/** The opt reminder: census is near and the student has not chosen. */
export function reminderMail(
  s: MailStudent,
  course: { courseName: string; censusDate: string; optModel: string },
): MailMessage {
  const t = mailTexts(s.locale);
  const vars = { name: s.firstName, course: course.courseName, census: formatUsDate(course.censusDate) };
  const choice = course.optModel === 'optIn' ? t.reminderOptIn : t.reminderOptOut;
  return {
    to: s.email,
    subject: fill(t.reminderSubject, vars),
    text: [fill(t.greeting, vars), '', fill(t.reminderBody, vars), fill(choice, vars)].join('\n'),
  };
}

/** The access e-mail again (roster action). */
export function accessMail(s: MailStudent, course: { courseName: string }): MailMessage {
  const t = mailTexts(s.locale);
  const vars = { name: s.firstName, course: course.courseName };
  return {
    to: s.email,
    subject: fill(t.accessSubject, vars),
    text: [fill(t.greeting, vars), '', fill(t.accessBody, vars)].join('\n'),
  };
}
