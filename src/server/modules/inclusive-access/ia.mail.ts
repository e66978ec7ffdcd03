import type { OptModel } from '../../../shared/contract/inclusive-access';
import { formatUsDate } from '../../../shared/validation';
import { readerLocale } from '../../lib/i18n';
import { type MailMessage, renderMail } from '../mail';

export interface MailStudent {
  email: string;
  firstName: string;
  locale: string | null;
}

/** The opt reminder, in the student's language: census is near and the student has not chosen. */
export function reminderMail(
  s: MailStudent,
  course: { courseName: string; censusDate: string; optModel: OptModel },
): MailMessage {
  return renderMail('optReminder', readerLocale(s.locale), s.email, {
    name: s.firstName,
    course: course.courseName,
    census: formatUsDate(course.censusDate),
    optModel: course.optModel,
  });
}

/** The access e-mail again (roster action), in the student's language. */
export function accessMail(s: MailStudent, course: { courseName: string }): MailMessage {
  return renderMail('courseAccess', readerLocale(s.locale), s.email, {
    name: s.firstName,
    course: course.courseName,
  });
}
