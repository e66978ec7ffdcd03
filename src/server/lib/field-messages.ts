import type { Locale } from '../../shared/constants';
import { SERVER_CATALOGS } from '../../shared/i18n';
import { type FieldIssue, fieldMessage as messageIn, ownMessageKey } from '../../shared/i18n/field-messages';

const english = SERVER_CATALOGS.en.field;
const textsOf = (locale: Locale) => ({
  english,
  local: locale === 'en' ? undefined : SERVER_CATALOGS[locale].field,
});

/** A zod issue's field message in `locale` (the rule is shared with the web's forms: src/shared/i18n). */
export function fieldMessage(locale: Locale, issue: FieldIssue): string {
  return messageIn(textsOf(locale), issue);
}

/** Every message of a field map (an AppError's `fields`) in `locale`, for those the catalog knows. */
export function translateFields(locale: Locale, fields: Record<string, string>): Record<string, string> {
  if (locale === 'en') return fields;
  const local = SERVER_CATALOGS[locale].field.messages;
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => {
      const own = ownMessageKey(english, message);
      return [field, own ? local[own] : message];
    }),
  );
}
