import { notifications } from '@mantine/notifications';
import { SUCCESS_ALERT_AUTOCLOSE_MS } from '../../shared/constants';
import { i18n } from '../i18n';
import { isApiError } from './api';
import { errorText } from './error-text';

/** The close button of a message, named for screen readers (axe button-name). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

/** A success message; closes by itself after 5 s (spec §9). */
export function notifySuccess(text: string) {
  return notifications.show({
    message: text,
    color: 'green',
    autoClose: SUCCESS_ALERT_AUTOCLOSE_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/** An error message with the caller's own text (one the server did not send); stays until closed. */
export function notifyErrorText(message: string) {
  return notifications.show({
    message,
    color: 'red',
    autoClose: false,
    closeButtonProps: closeButtonProps(),
  });
}

/** An error message that stays until closed, worded by `errorText` (lib/error-text.ts). */
export function notifyError(error: unknown) {
  return notifyErrorText(errorText(error));
}

/**
 * Spec §8: a 403 `error.accessDenied` shows the call's own no-permission text (e.g. "Cannot add user
 * to an institution") unless the server explained the refusal; any other failure is `notifyError`.
 */
export function notifyDenied(error: unknown, deniedText: string) {
  if (
    isApiError(error) &&
    error.status === 403 &&
    error.message === 'error.accessDenied' &&
    !error.description
  ) {
    return notifyErrorText(deniedText);
  }
  return notifyError(error);
}
