import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, GENERIC_SERVER_ERROR } from '../../shared/errors';
import { TABS } from '../../shared/permissions';
import en from './en.json';
import fr from './fr.json';
import zh from './zh.json';

type Catalog = { [key: string]: string | Catalog };

/** Every leaf of a nested catalog as [dotted key, value]. */
function leaves(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

const catalogs = { en, fr, zh } as Record<string, Catalog>;
const keysOf = (c: Catalog) =>
  leaves(c)
    .map(([k]) => k)
    .sort();
const valueAt = (c: Catalog, key: string) => Object.fromEntries(leaves(c))[key];

describe('i18n catalogs', () => {
  it.each(['fr', 'zh'])('%s has exactly the keys of en', (lng) => {
    expect(keysOf(catalogs[lng])).toEqual(keysOf(en));
  });

  it.each(['fr', 'zh'])('%s has no empty value', (lng) => {
    const empty = leaves(catalogs[lng]).filter(([, v]) => v.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(['fr', 'zh'])('%s translates every sentence of en', (lng) => {
    // brand-free sentences (three words or more) must not be left in English
    const untranslated = leaves(en)
      .filter(([k, v]) => !k.startsWith('languages.') && v.split(/\s+/).length >= 3)
      .filter(([k, v]) => valueAt(catalogs[lng], k) === v)
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it('keeps the placeholders of en in fr and zh', () => {
    const placeholders = (v: string) => (v.match(/{{\w+}}/g) ?? []).sort();
    for (const lng of ['fr', 'zh']) {
      for (const [k, v] of leaves(en)) {
        expect(placeholders(valueAt(catalogs[lng], k)), `${lng}:${k}`).toEqual(placeholders(v));
      }
    }
  });

  it('has the spec wording for the tabs and the generic server error', () => {
    expect(TABS.map((t) => (en.tabs as Record<string, string>)[t.key])).toEqual([
      'Courses',
      'Users',
      'Roles',
      'Products',
      'Offers',
      'Inclusive Access',
      'LTI 1.3 Integrations',
      'EAD Admin',
    ]);
    expect(en.errors.generic).toBe(GENERIC_SERVER_ERROR);
    expect(en.error.server).toBe(GENERIC_SERVER_ERROR);
    expect(en.access.noPermission).toBe(
      'You do not have enough permissions to view {{institution}} details !',
    );
  });

  it.each(['en', 'fr', 'zh'])('%s names no spec section and shows no raw LTI reason code', (lng) => {
    // "(spec §6)" is for the engineers, not the reader; codes such as lti.badAudience are words on screen
    const leaks = leaves(catalogs[lng])
      .filter(([, v]) => /§|\bspec\b|spécification|规范/i.test(v) || /\blti\.[a-z]+[A-Z]\w*/.test(v))
      .map(([k, v]) => `${k}: ${v}`);
    expect(leaks).toEqual([]);
  });

  it('has a message for every server error code', () => {
    const keys = new Set(keysOf(en));
    // a text that depends on params.count has `_one` and `_other` keys instead
    const missing = Object.keys(ERROR_STATUS).filter(
      (code) => !keys.has(code) && !(keys.has(`${code}_one`) && keys.has(`${code}_other`)),
    );
    expect(missing).toEqual([]);
  });

  it('French says "courriel", never "e-mail" or "email"', () => {
    // the one exception: the column name a CSV header row must carry, spelled as in the file
    const columnName = new Set(['error.optOutNoStudentColumn', 'institutions.optOut.intro']);
    const word = /(?<![\w-])e-?mails?(?![\w-])/i;
    const text = (k: string, v: string) => {
      const shown = v.replace(/{{\w+}}/g, '');
      return columnName.has(k) ? shown.replace(/(?<![\w-])email(?![\w-])/g, '') : shown;
    };
    const english = leaves(fr)
      .filter(([k, v]) => word.test(text(k, v)))
      .map(([k, v]) => `${k}: ${v}`);
    expect(english).toEqual([]);
    // and every English text about an e-mail says "courriel" in French
    const notCourriel = leaves(en)
      .filter(([k, v]) => !columnName.has(k) && word.test(text(k, v)))
      .filter(([k]) => !/courriel/i.test(valueAt(fr, k)))
      .map(([k]) => k);
    expect(notCourriel).toEqual([]);
  });

  it('words counted texts for one and for many (i18next _one/_other)', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'en',
      fallbackLng: false,
      interpolation: { escapeValue: false },
      resources: { en: { translation: en }, fr: { translation: fr } },
    });
    const t = (lng: string, key: string, params: Record<string, unknown>) =>
      (i18n.t as unknown as (k: string, o: Record<string, unknown>) => string)(key, { lng, ...params });
    const rendered = (lng: string) =>
      [1, 2].flatMap((count) => [
        t(lng, 'header.alertsUnread', { count }),
        t(lng, 'error.ltiRegistrationHasPairings', { count }),
        t(lng, 'courses.create.customCourseIdHint', { count, max: 73 }),
      ]);
    expect(rendered('en')).toEqual([
      'Alerts: 1 unread',
      '1 LMS course is paired through this registration. Disable it instead, or remove that pairing first.',
      'The course id in the LMS: 1 of 73 characters',
      'Alerts: 2 unread',
      '2 LMS courses are paired through this registration. Disable it instead, or remove those pairings first.',
      'The course id in the LMS: 2 of 73 characters',
    ]);
    expect(rendered('fr')).toEqual([
      'Alertes : 1 non lue',
      "1 cours LMS est associé via cet enregistrement. Désactivez-le plutôt, ou supprimez d'abord cette association.",
      "L'identifiant du cours dans le LMS : 1 caractère sur 73",
      'Alertes : 2 non lues',
      "2 cours LMS sont associés via cet enregistrement. Désactivez-le plutôt, ou supprimez d'abord ces associations.",
      "L'identifiant du cours dans le LMS : 2 caractères sur 73",
    ]);
  });
});
