import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { isApiError } from './api';

/** A catalog key that callers may name as their own text for a failure the catalog does not know. */
export type FallbackKey = Parameters<typeof i18n.t>[0] & string;

/**
 * True when the catalog has a text for this error code (codes are `error.*` keys); a code whose
 * text depends on a count (`_one`/`_other` keys) is found with the answer's `params.count`.
 */
const known = (code: string, params?: Record<string, unknown>) =>
  code.startsWith('error.') && i18n.exists(code, params as Parameters<typeof i18n.exists>[1]);

/**
 * The one way to turn a failed call into text (spec §8), in the current language. Every distinct
 * failure the server answers has its own code, whose catalog text is the spec's wording:
 * a known code → its catalog text (with the answer's `params` filled in); an unknown code → the
 * server's English description; otherwise the caller's own text (`fallback`, a catalog key);
 * otherwise the generic "There seems to be a problem with the servers." Raw codes never show.
 */
export function errorText(error: unknown, fallback?: FallbackKey): string {
  const t = i18n.t.bind(i18n) as unknown as (key: string, params?: Record<string, unknown>) => string;
  if (isApiError(error)) {
    if (known(error.message, error.params)) return t(error.message, error.params);
    if (error.description) return error.description;
  }
  return t(fallback ?? 'errors.generic');
}

/** `errorText` for components: re-renders with the texts of a newly chosen language. */
export function useErrorText(): (error: unknown, fallback?: FallbackKey) => string {
  const { i18n: current } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what the texts depend on
  return useCallback(
    (error: unknown, fallback?: FallbackKey) => errorText(error, fallback),
    [current.language],
  );
}

/**
 * The per-field messages of a failed call, in the current language: a field named by a failure that
 * has its own code (e.g. `error.emailTaken` on `email`) shows that code's catalog text; the per-field
 * messages of a schema validation (`error.validation`) stay as sent: the server writes them in the
 * language of the request's Accept-Language, which `api` sets to the language shown. Undefined when none.
 */
export function fieldErrorTexts(error: unknown): Record<string, string> | undefined {
  if (!isApiError(error) || !error.fields || Object.keys(error.fields).length === 0) return undefined;
  const own =
    error.message !== 'error.validation' && known(error.message, error.params) ? errorText(error) : undefined;
  return Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field, own ?? message]));
}

/** A failed call's per-field messages onto a form (see fieldErrorTexts); true when there were some. */
export function applyFieldErrors(
  form: { setFieldError: (path: string, error: string) => void },
  error: unknown,
): boolean {
  const fields = fieldErrorTexts(error);
  if (!fields) return false;
  for (const [field, message] of Object.entries(fields)) form.setFieldError(field, message);
  return true;
}
