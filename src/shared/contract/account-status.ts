import { z } from 'zod';

/** PUT /api/registrarUser/piUser/:id/status?organizationId=: deactivate or reactivate an account. */
export const AccountStatusBody = z.object({
  status: z
    .enum(['active', 'disabled'])
    .describe('disabled: the account can no longer sign in and its sessions end; active: it can again.'),
});

export const AccountStatusResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  accountStatus: z.enum(['active', 'disabled']).describe('The account status now.'),
  sessionsEnded: z
    .number()
    .int()
    .describe('Sessions of the account ended by this change (0 on reactivation).'),
});
export type AccountStatusBodyT = z.infer<typeof AccountStatusBody>;
export type AccountStatusResponseT = z.infer<typeof AccountStatusResponse>;

/** The English descriptions (each also the text of its error code in the catalogs). */
export const ACCOUNT_STATUS_MESSAGES = {
  self: 'You cannot deactivate your own account.',
  pending: 'This account is not set up yet: it has nothing to deactivate or reactivate.',
  shared:
    'This account also belongs to institutions you do not administer: only someone who administers every institution of the account, or a super admin, can deactivate or reactivate it.',
} as const;
