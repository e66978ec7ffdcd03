import type { Locale } from '../../shared/constants';
import { SERVER_CATALOGS } from '../../shared/i18n';
import { serverT } from './i18n';

/** A failed check of a request field as fastify-type-provider-zod reports it (the zod issue). */
export interface FieldIssue {
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The contract's own English messages (en `field.messages.*`) → their catalog keys. */
const OWN_MESSAGES = new Map(
  Object.entries(SERVER_CATALOGS.en.field.messages).map(([key, text]) => [text as string, key]),
);

/** The catalog key (under `field.`) of a zod issue without a message of its own. */
function genericKey(code: string | undefined, p: Record<string, unknown>): string {
  const exclusive = p.inclusive === false;
  switch (code) {
    case 'too_small':
      if (p.origin === 'string') return Number(p.minimum) <= 1 ? 'required' : 'tooShort';
      if (p.origin === 'array' || p.origin === 'set') return 'tooFewItems';
      return exclusive ? 'tooSmallExclusive' : 'tooSmall';
    case 'too_big':
      if (p.origin === 'string') return 'tooLong';
      if (p.origin === 'array' || p.origin === 'set') return 'tooManyItems';
      return exclusive ? 'tooBigExclusive' : 'tooBig';
    case 'invalid_type':
      return p.expected === 'int' ? 'notInteger' : 'invalid';
    case 'invalid_format':
      return p.format === 'email' ? 'email' : p.format === 'url' ? 'url' : 'format';
    case 'invalid_value':
      return 'choice';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalid';
  }
}

/**
 * A field message in `locale`: English stays the contract's own text; in another language the
 * contract's own messages are translated by key, any other zod issue by its code (too_small,
 * too_big, invalid_format…) with its bounds. The catalogs are src/shared/i18n (`field.*`).
 */
export function fieldMessage(locale: Locale, issue: FieldIssue): string {
  const english = issue.message ?? 'Invalid value';
  if (locale === 'en') return english;
  const t = serverT(locale);
  const own = OWN_MESSAGES.get(english);
  if (own) return t(`field.messages.${own}`);
  const p = issue.params ?? {};
  return t(`field.${genericKey(issue.keyword, p)}`, { minimum: p.minimum, maximum: p.maximum });
}

/** Every message of a field map (an AppError's `fields`) in `locale`, for those the catalog knows. */
export function translateFields(locale: Locale, fields: Record<string, string>): Record<string, string> {
  if (locale === 'en') return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => {
      const own = OWN_MESSAGES.get(message);
      return [field, own ? serverT(locale)(`field.messages.${own}`) : message];
    }),
  );
}
