import { z } from 'zod';
import { LOCALES } from '../constants';
import { PASSWORD_RULE_TEXT, passwordPairErrors } from './account-setup';
import { LoginAnswer } from './auth';
import { text } from './common';
import { defineRoute } from './route';

/**
 * English texts of the password-reset and change answers. The web shows the same sentences through
 * i18n (`error.resetLink*`, `error.currentPasswordWrong`, `passwordReset.*`).
 */
export const PASSWORD_RESET_TEXT = {
  requested:
    'If an account with that user name or e-mail address can sign in with a password, we have sent it a link to choose a new password. The link works for one hour.',
  linkInvalid:
    'This password reset link is not valid or has already been used. Ask for a new one from the sign-in page.',
  linkExpired: 'This password reset link has expired (links work for one hour). Ask for a new one.',
  tooManyRequests: 'Too many password reset requests. Wait a while and try again.',
  currentWrong: 'The current password is incorrect.',
  changed: 'Your password has been changed. Your other sessions have been signed out.',
} as const;

/** Adds the password policy's form rules (length, typed twice alike) to a body with `field`/`confirmPassword`. */
function withPairRules<T extends z.ZodType<{ confirmPassword: string }>>(schema: T, field: string) {
  return schema.superRefine((body, ctx) => {
    const b = body as Record<string, string>;
    for (const [name, rule] of Object.entries(passwordPairErrors(b[field], b.confirmPassword))) {
      ctx.addIssue({
        code: 'custom',
        path: [name === 'password' ? field : name],
        message: PASSWORD_RULE_TEXT[rule],
      });
    }
  });
}

/** POST /api/auth/password/forgot : asks for a reset link by e-mail. */
export const ForgotPasswordBody = z.object({
  identifier: text()
    .trim()
    .min(1, 'Enter your user name or e-mail address.')
    .max(320)
    .describe('The user name or the e-mail address of the account.'),
  locale: z
    .enum(LOCALES)
    .optional()
    .describe("The page's language: the e-mail's language when the account has none set."),
});

/** The same answer whether or not an account matched (no account enumeration). */
export const ForgotPasswordResponse = z.object({
  status: z.literal('OK').describe('Always "OK", whether or not a link was sent.'),
  description: z.string().describe('What happens next, the same text for every request.'),
});

/** The one-time token of a reset link, as the e-mail gives it. */
const ResetToken = text().trim().min(1, 'The reset link has no token.').max(200);

/** GET /api/auth/password/reset?token= : checks a reset link before the password form is shown. */
export const ResetLinkQuery = z.object({
  token: ResetToken.describe('The `token` parameter of the e-mailed link.'),
});

export const ResetLinkResponse = z.object({
  username: z.string().describe('The user name of the account whose password the link resets.'),
  expiresAt: z.string().describe('When the link stops working (ISO 8601).'),
});

/** POST /api/auth/password/reset : sets a new password with a reset link, then signs the person in. */
export const ResetPasswordBody = withPairRules(
  z.object({
    token: ResetToken.describe('The `token` parameter of the e-mailed link.'),
    password: text().describe('The new password: 12 to 500 characters, not guessable.'),
    confirmPassword: text().describe('The new password again; must equal `password`.'),
  }),
  'password',
);

/**
 * The new session, or the authenticator-code step of an account with two-step sign-in (as a password
 * sign-in answers); every other session of the account is ended.
 */
export const ResetPasswordResponse = LoginAnswer;

/** POST /api/auth/password/change : the signed-in user changes their own password. */
export const ChangePasswordBody = withPairRules(
  z.object({
    currentPassword: text().min(1).max(500).describe('The password in use now.'),
    newPassword: text().describe('The new password: 12 to 500 characters, not guessable.'),
    confirmPassword: text().describe('The new password again; must equal `newPassword`.'),
  }),
  'newPassword',
);

export const ChangePasswordResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  endedSessions: z.number().int().describe('How many other sessions of the account were ended.'),
  description: z.string().describe('Success text.'),
});

/** "Forgot password?" (request a link, check it, set the password) and "Change password" (signed in). */
export const passwordResetApi = {
  forgot: defineRoute({
    method: 'POST',
    path: '/api/auth/password/forgot',
    body: ForgotPasswordBody,
    response: ForgotPasswordResponse,
  }),
  checkLink: defineRoute({
    method: 'GET',
    path: '/api/auth/password/reset',
    query: ResetLinkQuery,
    response: ResetLinkResponse,
  }),
  reset: defineRoute({
    method: 'POST',
    path: '/api/auth/password/reset',
    body: ResetPasswordBody,
    response: ResetPasswordResponse,
  }),
  change: defineRoute({
    method: 'POST',
    path: '/api/auth/password/change',
    body: ChangePasswordBody,
    response: ChangePasswordResponse,
  }),
};
