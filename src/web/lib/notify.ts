import { notifications } from '@mantine/notifications';
import { SUCCESS_ALERT_AUTOCLOSE_MS } from '../../shared/constants';
import { i18n } from '../i18n';
import { isApiError } from './api';

/** A success message; closes by itself after 5 s (spec §9). */
export function notifySuccess(text: string) {
  return notifications.show({ message: text, color: 'green', autoClose: SUCCESS_ALERT_AUTOCLOSE_MS });
}

/**
 * An error message that stays until closed: the server's `description` when it sent one,
 * otherwise the generic server error of spec §8 in the current language.
 */
export function notifyError(error: unknown) {
  return notifications.show({ message: errorText(error), color: 'red', autoClose: false });
}

/** What to tell the user about a failed call (same rule as notifyError). */
export function errorText(error: unknown): string {
  if (isApiError(error) && error.description) return error.description;
  return i18n.t('errors.generic');
}
