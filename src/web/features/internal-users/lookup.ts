import { isApiError } from '../../lib/api';

/**
 * Spec §5 lookup rules: no e-mail in the answer → invalid user name; a failure with a description →
 * that description; a failure without one → invalid user name; a 200 that cannot be read → server error.
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
  return isApiError(e) && e.description ? e.description : t('internalUsers.invalidUsername');
}
