import { notifications } from '@mantine/notifications';
import { isApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';

/**
 * Spec §8: a 403 `error.accessDenied` shows the call's own no-permission text (e.g. "Cannot add user
 * to an institution") unless the server explained the refusal; any other failure shows the server's
 * description or the generic text.
 */
export function notifyDenied(error: unknown, deniedText: string) {
  if (
    isApiError(error) &&
    error.status === 403 &&
    error.message === 'error.accessDenied' &&
    !error.description
  ) {
    return notifications.show({ message: deniedText, color: 'red', autoClose: false });
  }
  return notifyError(error);
}
