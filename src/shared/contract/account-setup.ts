import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { text } from './common';
import { defineRoute } from './route';

/**
 * English texts of the account-setup answers. The web shows the same sentences through i18n
 * (`error.setupLink*`, `accountSetup.validation.*`).
 */
export const ACCOUNT_SETUP_TEXT = {
  linkInvalid:
    'This setup link is not valid or has already been used. If you have already set your password, sign in; otherwise ask your institution administrator to send a new link.',
  linkExpired: 'This setup link has expired. Ask your institution administrator to send a new one.',
  tooManyAttempts: 'Too many failed attempts from this address. Wait 15 minutes and try again.',
  done: 'Your password has been set. You can now sign in.',
} as const;

/** Messages of the password rules, by code (the web shows `accountSetup.validation.<code>`). */
export const PASSWORD_RULE_TEXT = {
  passwordRequired: 'Enter a password.',
  passwordTooShort: `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`,
  confirmRequired: 'Enter the password again.',
  passwordMismatch: 'The two passwords do not match.',
} as const;
export type PasswordRule = keyof typeof PASSWORD_RULE_TEXT;

/**
 * The password policy (the one admin:create enforces): 12 to 500 characters, typed twice alike.
 * Returns the failed rule per field; empty when both fields are fine. Shared by server and web.
 */
export function passwordPairErrors(
  password: string,
  confirmPassword: string,
): Partial<Record<'password' | 'confirmPassword', PasswordRule>> {
  const errors: Partial<Record<'password' | 'confirmPassword', PasswordRule>> = {};
  if (!password) errors.password = 'passwordRequired';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'passwordTooShort';
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = 'passwordTooLong';
  if (!confirmPassword) errors.confirmPassword = 'confirmRequired';
  else if (password && confirmPassword !== password) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

/** The one-time token of a setup link, as the e-mail gives it. */
const SetupToken = text().trim().min(1, 'The setup link has no token.').max(200);

/** GET /api/account/setup?token= : checks a setup link before the password form is shown. */
export const AccountSetupQuery = z.object({
  token: SetupToken.describe('The `token` parameter of the e-mailed link.'),
});

export const AccountSetupInfoResponse = z.object({
  username: z.string().describe('The user name to sign in with afterwards.'),
  firstName: z.string().describe("The account owner's first name, for the greeting."),
  institutionName: z
    .string()
    .nullable()
    .describe('The institution that requested the account; null when the request names none.'),
  expiresAt: z.string().describe('When the link stops working (ISO 8601).'),
});

/** POST /api/account/setup : sets the password of a pending account and activates it. */
export const AccountSetupBody = z
  .object({
    token: SetupToken.describe('The `token` parameter of the e-mailed link.'),
    password: text().describe('The new password: 12 to 500 characters.'),
    confirmPassword: text().describe('The new password again; must equal `password`.'),
  })
  .superRefine((body, ctx) => {
    for (const [field, rule] of Object.entries(passwordPairErrors(body.password, body.confirmPassword))) {
      ctx.addIssue({ code: 'custom', path: [field], message: PASSWORD_RULE_TEXT[rule] });
    }
  });

export const AccountSetupResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  username: z.string().describe('The user name to sign in with.'),
  description: z.string().describe('Success text: "Your password has been set. You can now sign in."'),
});

/** The account-setup link of the account-request e-mail: check it, then set the password. */
export const accountSetupApi = {
  check: defineRoute({
    method: 'GET',
    path: '/api/account/setup',
    query: AccountSetupQuery,
    response: AccountSetupInfoResponse,
  }),
  complete: defineRoute({
    method: 'POST',
    path: '/api/account/setup',
    body: AccountSetupBody,
    response: AccountSetupResponse,
  }),
};
