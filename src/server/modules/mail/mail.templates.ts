import { APPLICATION_ERROR_CODE, COPY_VALIDATION_MESSAGES } from '../../../shared/contract/course-copy';
import type { CopyStatus } from '../../../shared/status';

/** A line of an e-mail, possibly followed by a link. */
export type Line = string | { p: string; link: string };
/** A piece of an e-mail: a paragraph (with a link after it), or a list of lines (numbered or not). */
export type Block = { p: string } | { p: string; link: string } | { list: Line[]; numbered?: boolean };
type T = (key: string, params?: Record<string, unknown>) => string;

/** What each e-mail needs; the texts are the catalog's `mail.<kind>.*` keys (src/shared/i18n). */
export interface MailVars {
  accountSetup: {
    name: string;
    institution: string;
    role: string | null;
    username: string;
    link: string;
    days: number;
  };
  accountNotice: { name: string; institution: string; role: string | null; username: string; link: string };
  passwordReset: { name: string; username: string; link: string; minutes: number };
  copyFinished: {
    kind: 'copy' | 'child';
    trackingId: string;
    rows: {
      courseName: string;
      status: CopyStatus | string;
      reason?: string | null;
      reasonCode?: number | null;
    }[];
    link: string;
  };
  /** Inclusive access: census is near and the student has not chosen (census already formatted). */
  optReminder: { name: string; course: string; census: string; optModel: 'optOut' | 'optIn' | 'none' };
  /** Inclusive access: the student's access e-mail (sent again from the roster). */
  courseAccess: { name: string; course: string };
}
export type MailKind = keyof MailVars;

const greeting = (t: T, name: string): Block => ({ p: t('mail.common.greeting', { name }) });

type CopyRow = MailVars['copyFinished']['rows'][number];
/** Why a course was not copied, as the web says it (course-copy texts.ts): by code, else the server's words. */
function copyReason(t: T, r: CopyRow): string | null {
  if (!r.reason) return null;
  if (r.reasonCode === APPLICATION_ERROR_CODE)
    return t(`mail.copyFinished.reasons.${r.status === 'FailedPermanently' ? 'lastAttempt' : 'willRetry'}`);
  if (r.reasonCode != null && r.reasonCode in COPY_VALIDATION_MESSAGES)
    return t('mail.copyFinished.reasons.rule', {
      message: t(`mail.copyFinished.reasons.codes.${r.reasonCode}`),
    });
  if (r.status === 'notapplicable') return t('mail.copyFinished.reasons.sourceRemoved');
  return r.reason;
}

function notCreated(t: T, r: CopyRow): string {
  const status = t(`mail.copyFinished.status.${r.status}`, { defaultValue: r.status });
  const reason = copyReason(t, r);
  return reason
    ? t('mail.copyFinished.notCreatedBecause', { course: r.courseName, status, reason })
    : t('mail.copyFinished.notCreated', { course: r.courseName, status });
}

/** Per e-mail: its subject and its blocks, in the language of `t`. */
export const TEMPLATES: { [K in MailKind]: (t: T, v: MailVars[K]) => { subject: string; blocks: Block[] } } =
  {
    accountSetup: (t, v) => ({
      subject: t('mail.accountSetup.subject'),
      blocks: [
        greeting(t, v.name),
        {
          p: t('mail.accountSetup.requested', {
            institution: v.institution,
            role: v.role ?? t('mail.common.noRole'),
          }),
        },
        { p: t('mail.accountSetup.steps') },
        {
          numbered: true,
          list: [
            { p: t('mail.accountSetup.step1', { days: v.days }), link: v.link },
            t('mail.accountSetup.step2'),
            t('mail.accountSetup.step3', { username: v.username }),
          ],
        },
        { p: t('mail.common.notExpected') },
      ],
    }),
    accountNotice: (t, v) => ({
      subject: t('mail.accountNotice.subject'),
      blocks: [
        greeting(t, v.name),
        {
          p: t('mail.accountNotice.access', {
            institution: v.institution,
            role: v.role ?? t('mail.common.noRole'),
          }),
        },
        { p: t('mail.accountNotice.signIn', { username: v.username }), link: v.link },
        { p: t('mail.common.notExpected') },
      ],
    }),
    passwordReset: (t, v) => ({
      subject: t('mail.passwordReset.subject'),
      blocks: [
        greeting(t, v.name),
        { p: t('mail.passwordReset.body', { minutes: v.minutes }), link: v.link },
        { p: t('mail.passwordReset.username', { username: v.username }) },
        { p: t('mail.passwordReset.ignore') },
      ],
    }),
    copyFinished: (t, v) => {
      const ok = v.rows.filter((r) => r.status === 'succeeded').length;
      const which = v.kind === 'child' ? 'Child' : 'Copy';
      return {
        subject: t(`mail.copyFinished.subject${which}`, { ok, total: v.rows.length }),
        blocks: [
          { p: t(`mail.copyFinished.finished${which}`, { trackingId: v.trackingId }) },
          {
            list: v.rows.map((r) =>
              r.status === 'succeeded'
                ? t('mail.copyFinished.created', { course: r.courseName })
                : notCreated(t, r),
            ),
          },
          { p: t('mail.copyFinished.open'), link: v.link },
        ],
      };
    },
    optReminder: (t, v) => ({
      subject: t('mail.optReminder.subject', { course: v.course, census: v.census }),
      blocks: [
        greeting(t, v.name),
        { p: t('mail.optReminder.body', { course: v.course, census: v.census }) },
        { p: t(v.optModel === 'optIn' ? 'mail.optReminder.optIn' : 'mail.optReminder.optOut') },
      ],
    }),
    courseAccess: (t, v) => ({
      subject: t('mail.courseAccess.subject', { course: v.course }),
      blocks: [greeting(t, v.name), { p: t('mail.courseAccess.body', { course: v.course }) }],
    }),
  };
