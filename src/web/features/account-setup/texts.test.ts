import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import {
  ACCOUNT_SETUP_TEXT,
  PASSWORD_RULE_TEXT,
  passwordPairErrors,
} from '../../../shared/contract/account-setup';
import en from '../../i18n/en.json';

describe('account setup', () => {
  it('shows the server sentences in English, word for word', () => {
    expect(en.error.setupLinkInvalid).toBe(ACCOUNT_SETUP_TEXT.linkInvalid);
    expect(en.error.setupLinkExpired).toBe(ACCOUNT_SETUP_TEXT.linkExpired);
    for (const [rule, text] of Object.entries(PASSWORD_RULE_TEXT)) {
      const catalog = en.accountSetup.validation[rule as keyof typeof PASSWORD_RULE_TEXT]
        .replace('{{min}}', String(PASSWORD_MIN_LENGTH))
        .replace('{{max}}', String(PASSWORD_MAX_LENGTH));
      expect(catalog, rule).toBe(text);
    }
  });

  it('applies the password policy to both fields', () => {
    const ok = 'x'.repeat(PASSWORD_MIN_LENGTH);
    expect(passwordPairErrors(ok, ok)).toEqual({});
    expect(passwordPairErrors('', '')).toEqual({
      password: 'passwordRequired',
      confirmPassword: 'confirmRequired',
    });
    expect(passwordPairErrors(ok.slice(1), ok.slice(1))).toEqual({ password: 'passwordTooShort' });
    const long = 'x'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(passwordPairErrors(long, long)).toEqual({ password: 'passwordTooLong' });
    expect(passwordPairErrors(ok, `${ok}y`)).toEqual({ confirmPassword: 'passwordMismatch' });
  });
});
