/** What other features may use of roles: role assignment, the grant rules and group lookups. */
export { checkAssignableRole, setRole } from './role-members.service';
export { findGroup, findGroupByExternalId } from './roles.queries';
export { assertUsersWithinRights, keepingRoleEditor } from './role-rights';
export { refuse, ungrantable } from './roles.rules';
export { membershipBin, membershipName, NO_ROLE_GROUP } from './role-members.bin';
