import { z } from 'zod';
import { PermissionName } from './common';

/** The capability data of one user in one institution (src/shared/permissions.ts `Capabilities`). */
export const CapabilitiesSchema = z.object({
  /** Union of the permissions of the user's groups that count in this institution. */
  permissions: z.array(PermissionName),
  superAdmin: z.boolean(),
  associateSuperAdmin: z.boolean(),
  nasupport: z.boolean(),
  /** Member of the environment's internal-user group. */
  internalUser: z.boolean(),
  /** Belongs to the institution. */
  member: z.boolean(),
});
