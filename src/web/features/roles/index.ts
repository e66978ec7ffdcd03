/** What other features may use of the roles feature. */
export { roleKeys, useRoles, useGroupsByMember } from './api';
export type { RoleItem } from './api';
