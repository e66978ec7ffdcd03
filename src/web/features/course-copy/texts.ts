import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_ERROR_CODE,
  COPY_VALIDATION_MESSAGES,
  type CopyStatus,
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
  };
}

/** An error message that stays until closed (spec §9), for texts the server did not send. */
export function notifyErrorText(message: string) {
  return notifications.show({ message, color: 'red', autoClose: false });
}
