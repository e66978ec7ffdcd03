import { z } from 'zod';
import { LoginResponse } from './auth';
import { IdParam, OkResponse, text } from './common';
import { defineRoute } from './route';

/** English texts of the two-step sign-in answers; the web shows them through i18n (`error.totp*`). */
export const TOTP_TEXT = {
  codeWrong:
    'The code is not correct. Enter the current 6-digit code from your authenticator app, or a recovery code.',
  pendingInvalid: 'This sign-in has expired. Sign in again with your password.',
  alreadyEnabled: 'Two-step sign-in is already turned on for this account.',
  notEnabled: 'Two-step sign-in is not turned on for this account.',
  setupMissing: 'Start the set-up again: no authenticator is waiting for confirmation.',
} as const;

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx); spaces are ignored. */
const Code = text()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().min(6, 'Enter the 6-digit code.').max(32));

const PendingToken = text().trim().min(1).max(200);

/** POST /api/auth/login/totp */
export const LoginTotpBody = z.object({
  pendingToken: PendingToken.describe('The `pendingToken` of the password step.'),
  code: Code.describe('The current 6-digit code of the authenticator app, or an unused recovery code.'),
});

/** POST /api/auth/login/enrol */
export const LoginEnrolBody = z.object({
  pendingToken: PendingToken.describe('The `pendingToken` of the password step (`step: enrol`).'),
});

/** A new authenticator waiting for its first code. */
export const TotpSetupResponse = z.object({
  secret: z.string().describe('The Base32 secret, to type into the app by hand; never shown again.'),
  otpauthUrl: z.string().describe('The otpauth:// URI the QR code holds.'),
  qrDataUrl: z.string().describe('The QR code as a PNG data URL.'),
});

/** POST /api/auth/login/enrol/confirm */
export const LoginEnrolConfirmBody = LoginTotpBody;

export const RecoveryCodes = z
  .array(z.string())
  .describe('Ten one-time recovery codes, shown this once (only their hashes are kept).');

/** The session, and the recovery codes of the authenticator just set up. */
export const LoginEnrolConfirmResponse = LoginResponse.extend({ recoveryCodes: RecoveryCodes });

/** GET /api/account/totp */
export const TotpStatusResponse = z.object({
  enabled: z.boolean().describe('Two-step sign-in is on for this account.'),
  required: z.boolean().describe('This account may not turn it off (provider staff in production).'),
});

/** POST /api/account/totp/confirm */
export const TotpConfirmBody = z.object({
  code: Code.describe('The current 6-digit code of the authenticator app being set up.'),
});

export const TotpConfirmResponse = z.object({ recoveryCodes: RecoveryCodes });

/** POST /api/account/totp/disable */
export const TotpDisableBody = z.object({
  password: text().min(1).max(500).describe('The account password.'),
  code: Code.describe('A current 6-digit code or an unused recovery code.'),
});

/** DELETE /api/users/:id/totp */
export const TotpResetParams = z.object({ id: IdParam.describe('The user whose authenticator is removed.') });

/** Two-step sign-in: the sign-in's second step, the account's own set-up, a super admin's reset. */
export const totpApi = {
  loginCode: defineRoute({
    method: 'POST',
    path: '/api/auth/login/totp',
    body: LoginTotpBody,
    response: LoginResponse,
  }),
  loginEnrol: defineRoute({
    method: 'POST',
    path: '/api/auth/login/enrol',
    body: LoginEnrolBody,
    response: TotpSetupResponse,
  }),
  loginEnrolConfirm: defineRoute({
    method: 'POST',
    path: '/api/auth/login/enrol/confirm',
    body: LoginEnrolConfirmBody,
    response: LoginEnrolConfirmResponse,
  }),
  status: defineRoute({ method: 'GET', path: '/api/account/totp', response: TotpStatusResponse }),
  setup: defineRoute({ method: 'POST', path: '/api/account/totp/setup', response: TotpSetupResponse }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/account/totp/confirm',
    body: TotpConfirmBody,
    response: TotpConfirmResponse,
  }),
  disable: defineRoute({
    method: 'POST',
    path: '/api/account/totp/disable',
    body: TotpDisableBody,
    response: OkResponse,
  }),
  reset: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/totp',
    params: TotpResetParams,
    response: OkResponse,
  }),
};
