import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import zh from '../i18n/zh.json';
import { ApiError } from './api';
import { errorText } from './error-text';

/** The one rule that turns a failed call into text (spec §8), in the user's language. */
describe('errorText', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'fr',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      resources: { en: { translation: en }, fr: { translation: fr }, zh: { translation: zh } },
    });
  });

  it('shows a known code in the catalog language, not the English description', async () => {
    const e = new ApiError({
      status: 409,
      message: 'error.roleNameTaken',
      description: 'A role with this name already exists.',
    });
    expect(errorText(e)).toBe('Un rôle portant ce nom existe déjà.');
    await i18n.changeLanguage('zh');
    expect(errorText(e)).toBe('已存在同名角色。');
    await i18n.changeLanguage('en');
    expect(errorText(e)).toBe('A role with this name already exists.');
    await i18n.changeLanguage('fr');
  });

  it("fills the code's catalog text with the answer's params", () => {
    const e = new ApiError({
      status: 422,
      message: 'error.usersLackRole',
      description: 'Some users do not hold the role Teaching Assistant.',
      params: { name: 'Teaching Assistant' },
    });
    expect(errorText(e)).toBe('Certains utilisateurs ne détiennent pas le rôle Teaching Assistant.');
  });

  it("words a counted refusal for the answer's params.count, one and many", async () => {
    const refusal = (count: number) =>
      new ApiError({
        status: 409,
        message: 'error.ltiRegistrationHasPairings',
        description: `${count} LMS courses are paired through this registration.`,
        params: { count },
      });
    expect(errorText(refusal(1))).toBe(
      "1 cours LMS est associé via cet enregistrement. Désactivez-le plutôt, ou supprimez d'abord cette association.",
    );
    expect(errorText(refusal(2))).toBe(
      "2 cours LMS sont associés via cet enregistrement. Désactivez-le plutôt, ou supprimez d'abord ces associations.",
    );
    await i18n.changeLanguage('en');
    expect(errorText(refusal(1))).toBe(
      '1 LMS course is paired through this registration. Disable it instead, or remove that pairing first.',
    );
    await i18n.changeLanguage('fr');
  });

  it('a not-found names what is missing, in the catalog language', () => {
    const e = new ApiError({
      status: 404,
      message: 'error.courseNotFound',
      description: 'Course not found.',
    });
    expect(errorText(e)).toBe('Cours introuvable.');
    expect(errorText(new ApiError({ status: 404, message: 'error.notFound' }))).toBe(fr.error.notFound);
  });

  it('a schema refusal shows the catalog text, not the English field detail', () => {
    const e = new ApiError({
      status: 422,
      message: 'error.validation',
      description: 'courseName: Required',
      fields: { courseName: 'Required' },
    });
    expect(errorText(e)).toBe(fr.error.validation);
  });

  it("falls back to the description for a code it does not know, then the caller's text, never a raw code", () => {
    const unknown = new ApiError({
      status: 400,
      message: 'error.somethingNew',
      description: 'Something new.',
    });
    expect(errorText(unknown)).toBe('Something new.');
    const bare = new ApiError({ status: 400, message: 'error.somethingNew' });
    expect(errorText(bare, 'roles.nameTaken')).toBe(fr.roles.nameTaken);
    expect(errorText(bare)).toBe(fr.errors.generic);
    expect(errorText(new Error('boom'))).toBe(fr.errors.generic);
  });
});

/** Every error code the server can answer has catalog text in each language, with the same placeholders. */
describe('error catalogs', () => {
  it('hold every code of ERROR_STATUS in en, fr and zh with the same {{placeholders}}', async () => {
    const { ERROR_STATUS } = await import('../../shared/errors');
    const holes = (s: string) => [...s.matchAll(/\{\{(\w+)/g)].map((m) => m[1]).sort();
    type Texts = Record<string, string>;
    // a code's text, or its `_one`/`_other` texts when it depends on params.count
    const keysOf = (code: string) => {
      const key = code.slice('error.'.length);
      return key in en.error ? [key] : [`${key}_one`, `${key}_other`];
    };
    for (const code of Object.keys(ERROR_STATUS)) {
      for (const key of keysOf(code)) {
        const english = (en.error as Texts)[key];
        expect(english, `${code} (${key})`).toEqual(expect.any(String));
        expect(holes((fr.error as Texts)[key] ?? ''), `fr ${key}`).toEqual(holes(english));
        expect(holes((zh.error as Texts)[key] ?? ''), `zh ${key}`).toEqual(holes(english));
        expect((fr.error as Texts)[key], `fr ${key}`).not.toBe(english);
      }
    }
  });
});
