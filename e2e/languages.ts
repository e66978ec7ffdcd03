/**
 * The languages a feature's main browser path runs in: English and French, each with its catalog,
 * so a test reads every visible text from the catalog instead of hard-coding it.
 * Use with `describe.each(LANGUAGES)` and `useBrowser(name, { locale })`.
 */
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';

export type Catalog = typeof en;

export const LANGUAGES: readonly { lang: string; locale: string; catalog: Catalog }[] = [
  { lang: 'en', locale: 'en-US', catalog: en },
  { lang: 'fr', locale: 'fr-FR', catalog: fr },
];
