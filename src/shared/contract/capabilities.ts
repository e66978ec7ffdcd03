import { z } from 'zod';
import { PermissionName } from './common';

/** The capability data of one user in one institution (src/shared/permissions.ts `Capabilities`). */
export const CapabilitiesSchema = z.object({
  permissions: z
    .array(PermissionName)
    .describe("Union of the permissions of the user's groups that count in this institution."),
  superAdmin: z.boolean().describe('Super administrator flag: works across every institution.'),
  associateSuperAdmin: z
    .boolean()
    .describe('Associate super administrator flag: works across every institution.'),
  nasupport: z.boolean().describe('Support flag (nasupport): works across every institution.'),
  internalUser: z.boolean().describe("Member of the environment's internal-user group."),
  member: z.boolean().describe('Belongs to the institution.'),
});
