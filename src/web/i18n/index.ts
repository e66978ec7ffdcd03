import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/constants';
import { readLocal, STORAGE_KEYS, writeLocal } from '../lib/storage';
// The first page only needs these top-level groups: named imports let the bundler leave the rest of
// the English catalog out of the entry chunk. Full catalogs are fetched as JSON files (not code).
import { app, common, error, errors, footer, header, languages, login, totp } from './en.json';
import enUrl from './en.json?url';
import frUrl from './fr.json?url';
import zhUrl from './zh.json?url';

type Catalog = typeof import('./en.json');

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

export const LANGUAGE_LABELS: Record<Locale, string> = { en: 'English', fr: 'Français', zh: '中文' };

const CATALOG_URLS: Record<Locale, string> = { en: enUrl, fr: frUrl, zh: zhUrl };
const loaded = new Map<Locale, Promise<Record<string, unknown>>>();

/** Fetches a full catalog once (a hashed, cacheable JSON file). */
function fetchCatalog(locale: Locale): Promise<Record<string, unknown>> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = fetch(CATALOG_URLS[locale]).then((res) => {
      if (!res.ok) throw new Error(`catalog ${locale}: HTTP ${res.status}`);
      return res.json() as Promise<Record<string, unknown>>;
    });
    pending.catch(() => loaded.delete(locale)); // a failed download is tried again next time
    loaded.set(locale, pending);
  }
  return pending;
}

const catalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLocale(language)) return callback(null, {});
    fetchCatalog(language).then(
      (data) => callback(null, data),
      (e: Error) => callback(e, false),
    );
  },
};

let markInitialized: () => void = () => {};
/** Settles when `initI18n()` has finished (the router may ask for catalogs before that). */
const initialized = new Promise<void>((resolve) => {
  markInitialized = resolve;
});

/**
 * Loads the complete catalogs the signed-in app needs (the current language and English, the
 * fallback). The signed-in shell waits for it; the login page does not.
 */
export async function loadFullCatalogs() {
  await initialized;
  const locales = new Set<Locale>([DEFAULT_LOCALE, currentLocale()]);
  await Promise.all(
    [...locales].map(async (locale) => {
      if (locale !== DEFAULT_LOCALE && i18n.hasResourceBundle(locale, 'translation')) return;
      const catalog = await fetchCatalog(locale);
      i18n.addResourceBundle(locale, 'translation', catalog, true, true);
    }),
  );
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language in use: one of en, fr, zh. */
export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

/** Changes the language and stores it as the user's choice (the stored choice wins over the browser's). */
export async function chooseLocale(locale: Locale) {
  writeLocal(STORAGE_KEYS.locale, locale);
  await i18n.changeLanguage(locale);
}

/** Remembers the language in use in this browser, so the login page after logout keeps it. */
export function rememberLocale() {
  writeLocal(STORAGE_KEYS.locale, currentLocale());
}

function syncDocumentLanguage() {
  document.documentElement.lang = currentLocale();
  document.documentElement.dir = i18n.dir(currentLocale());
}

/**
 * The language to start in: the stored choice, else the browser's first supported language (fr-CA
 * counts as fr), else English. (A few lines instead of i18next-browser-languagedetector, which is
 * 10 KB of code in the login page's entry.)
 */
function detectLocale(): Locale {
  const stored = readLocal(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const language = tag?.split('-')[0].toLowerCase();
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

export function initI18n() {
  i18n.on('languageChanged', syncDocumentLanguage);
  return i18n
    .use(catalogBackend)
    .use(initReactI18next)
    .init({
      lng: detectLocale(),
      resources: {
        en: { translation: { app, common, error, errors, footer, header, languages, login, totp } },
      },
      partialBundledLanguages: true,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
    .then(() => {
      // a stored value that is not a supported locale is ignored, not kept
      if (!isLocale(readLocal(STORAGE_KEYS.locale))) writeLocal(STORAGE_KEYS.locale, null);
      syncDocumentLanguage();
    })
    .finally(() => markInitialized());
}

export { i18n };
