import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TEXT } from '../../../shared/contract/password-reset';
import en from '../../i18n/en.json';

describe('password reset texts', () => {
  it('shows the server sentences in English, word for word', () => {
    expect({
      requested: en.passwordReset.sent,
      linkInvalid: en.error.resetLinkInvalid,
      linkExpired: en.error.resetLinkExpired,
      tooManyRequests: en.error.resetTooManyRequests,
      currentWrong: en.error.currentPasswordWrong,
      changed: en.passwordReset.changed,
    }).toEqual(PASSWORD_RESET_TEXT);
  });
});
