import { z } from 'zod';

/** DELETE /api/registrarUser/piUser/:id/institution?organizationId=: removes a user from the institution. */
export const InstitutionRemovalResponse = z.object({
  status: z.literal('OK').describe('Always "OK".'),
  rolesRemoved: z.number().int().describe('Roles of the institution the user no longer holds (0 or 1).'),
  recycleBinId: z
    .number()
    .int()
    .describe('The recycle-bin entry that can put the user back in the institution.'),
});
export type InstitutionRemovalResponseT = z.infer<typeof InstitutionRemovalResponse>;

/** The English descriptions (each also the text of its error code in the catalogs). */
export const INSTITUTION_REMOVAL_MESSAGES = {
  self: 'You cannot remove yourself from the institution.',
} as const;
