import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';

/**
 * Spec §5 lookup rules: no e-mail in the answer → invalid user name; a failure with a description →
 * that description, in the user's language (errorText: its code's catalog text, else the server's
 * words); a failure without one → invalid user name; a 200 that cannot be read → server error.
 */
export function lookupErrorText(
  outcome: { ok: true; data: unknown } | { ok: false; error: unknown },
  t: (k: 'internalUsers.invalidUsername' | 'errors.generic') => string,
) {
  if (outcome.ok) {
    if (!outcome.data || typeof outcome.data !== 'object') return t('errors.generic');
    return (outcome.data as { email?: unknown }).email ? null : t('internalUsers.invalidUsername');
  }
  const e = outcome.error;
  return isApiError(e) && e.description ? errorText(e) : t('internalUsers.invalidUsername');
}
