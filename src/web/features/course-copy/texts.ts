import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  APPLICATION_ERROR_CODE,
  COPY_VALIDATION_MESSAGES,
  type CopyStatus,
  type CopyStatusEntry,
} from '../../../shared/contract/course-copy';

const KNOWN_CODES = Object.keys(COPY_VALIDATION_MESSAGES).map(Number);

/** Spec §8 texts of course copy in the current language. */
export function useCopyTexts() {
  const { t } = useTranslation();
  return {
    /** "Your course is being copied…" / "Your courses are being copied…" */
    started: (count: number) => t('courseCopy.started', { count }),
    /** "We can't copy the course that you selected…" / "…one of the courses you selected…" */
    failed: (count: number) => t('courseCopy.failed', { count }),
    childStarted: () => t('courseCopy.childStarted'),
    childFailed: () => t('courseCopy.childFailed'),
    /** A copy validation code's message: 101-107 their own, anything else "Application Error" (160+). */
    validation: (code: number) => {
      const known = KNOWN_CODES.includes(code) ? code : APPLICATION_ERROR_CODE;
      return t('courseCopy.validation.withCode', {
        code,
        message: t(`courseCopy.validation.${known as 101}`),
      });
    },
    status: (status: CopyStatus) => t(`courseCopy.status.${status}`),
    /** Why a course was not copied, in the current language. */
    reason: (s: CopyOutcome) => copyReasonText(s, t as unknown as Translate),
  };
}

type Translate = (key: string, params?: Record<string, unknown>) => string;
type CopyOutcome = Pick<z.infer<typeof CopyStatusEntry>, 'status' | 'reason' | 'reasonCode'>;

/**
 * Why a course was not copied, from its outcome's code (spec §8 codes, 160 for a failed attempt) in
 * the current language; the server's English words only for an outcome it does not code.
 */
export function copyReasonText(s: CopyOutcome, t: Translate) {
  if (!s.reason || s.status === 'succeeded') return null;
  if (s.reasonCode !== null && s.reasonCode !== APPLICATION_ERROR_CODE && KNOWN_CODES.includes(s.reasonCode))
    return t('courseCopy.reason.rule', { message: t(`courseCopy.validation.${s.reasonCode}`) });
  if (s.reasonCode === APPLICATION_ERROR_CODE)
    return t(
      s.status === 'FailedPermanently' ? 'courseCopy.reason.lastAttempt' : 'courseCopy.reason.willRetry',
    );
  if (s.status === 'notapplicable') return t('courseCopy.reason.sourceRemoved');
  return s.reason;
}
