import type { TFunction } from 'i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { PASSWORD_RULE_TEXT, type PasswordRule } from '../../../shared/contract/account-setup';
import type { FieldTextOverrides } from '../../lib/form';

const RULE_OF_TEXT = new Map(
  Object.entries(PASSWORD_RULE_TEXT).map(([rule, text]) => [text as string, rule as PasswordRule]),
);

/**
 * The password rules' messages of a contract form (new password, typed twice) as the web words them
 * (`accountSetup.validation.*`); `own` words the form's other fields.
 */
export function passwordRuleTexts(t: TFunction, own?: FieldTextOverrides): FieldTextOverrides {
  return (key, path, message) => {
    const rule = RULE_OF_TEXT.get(message);
    if (rule)
      return t(`accountSetup.validation.${rule}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
    return typeof own === 'function' ? own(key, path, message) : own?.[key];
  };
}
