import { createInstance, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/constants';
import { SERVER_CATALOGS } from '../../shared/i18n';

const i18n = createInstance();
void i18n.init({
  initAsync: false,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // texts are plain; HTML mail escapes the whole rendered text (src/server/modules/mail/render.ts)
  interpolation: { escapeValue: false },
  returnNull: false,
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: SERVER_CATALOGS[l] }])),
});

/** A translate function for one language, over the server catalogs of src/shared/i18n. */
export function serverT(locale: Locale): (key: string, params?: Record<string, unknown>) => string {
  const t: TFunction = i18n.getFixedT(locale);
  return (key, params) => (t as unknown as (k: string, p?: Record<string, unknown>) => string)(key, params);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language of a request's texts: the first of the app's languages its Accept-Language names
 * (the web sends its current language; fr-CA counts as fr), else English.
 */
export function requestLocale(acceptLanguage: string | string[] | undefined): Locale {
  return namedLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The first of the app's languages a request's Accept-Language names, or null when it names none. */
export function namedLocale(acceptLanguage: string | string[] | undefined): Locale | null {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const tags = header
    .split(',')
    .map((part) => {
      const [tag, ...attrs] = part.trim().split(';');
      const q = attrs.find((a) => a.trim().startsWith('q='));
      return { lang: tag.split('-')[0].toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => x.lang && x.q > 0)
    .sort((a, b) => b.q - a.q);
  return (tags.find((x) => isLocale(x.lang))?.lang as Locale | undefined) ?? null;
}

/** The recipient's own language when it is one the app speaks, else `fallback`, else English. */
export function readerLocale(userLocale: string | null | undefined, fallback?: Locale): Locale {
  if (isLocale(userLocale)) return userLocale;
  return fallback ?? DEFAULT_LOCALE;
}
