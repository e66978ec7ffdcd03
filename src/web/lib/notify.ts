import { notifications } from '@mantine/notifications';
import { SUCCESS_ALERT_AUTOCLOSE_MS } from '../../shared/constants';
import { i18n } from '../i18n';
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

/** An error message that stays until closed, worded by `errorText` (lib/error-text.ts). */
export function notifyError(error: unknown) {
  return notifications.show({
    message: errorText(error),
    color: 'red',
    autoClose: false,
    closeButtonProps: closeButtonProps(),
  });
}
