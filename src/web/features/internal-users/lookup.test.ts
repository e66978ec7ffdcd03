import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import zh from '../../i18n/zh.json';
import { ApiError } from '../../lib/api';
import { lookupErrorText } from './lookup';

const t = (k: string) => k;

describe('e-mail lookup rules (spec §5)', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'fr',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      resources: { en: { translation: en }, fr: { translation: fr }, zh: { translation: zh } },
    });
  });

  it('accepts an answer with an e-mail', () => {
    expect(lookupErrorText({ ok: true, data: { email: 'a@b.c' } }, t)).toBeNull();
  });
  it('an answer without e-mail is an invalid user name', () => {
    expect(lookupErrorText({ ok: true, data: { userName: 'x' } }, t)).toBe('internalUsers.invalidUsername');
  });
  it('a 200 that cannot be read is a server error', () => {
    expect(lookupErrorText({ ok: true, data: '<html>' }, t)).toBe('errors.generic');
  });
  it("a failure shows its description in the user's language, else the user-name error", () => {
    const known = new ApiError({
      status: 404,
      message: 'error.invalidUsername',
      description: 'Invalid Username',
    });
    expect(lookupErrorText({ ok: false, error: known }, t)).toBe(fr.error.invalidUsername);
    const unknown = new ApiError({
      status: 404,
      message: 'error.notInTheCatalog',
      description: 'Invalid Username',
    });
    expect(lookupErrorText({ ok: false, error: unknown }, t)).toBe('Invalid Username');
    const bare = new ApiError({ status: 500, message: 'error.server' });
    expect(lookupErrorText({ ok: false, error: bare }, t)).toBe('internalUsers.invalidUsername');
  });
});
