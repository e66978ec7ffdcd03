/** What other features may use of roles: role assignment, the grant rules, group lookups and the bin's membership kind. */
export { checkAssignableRole, setRole } from './role-members.service';
export { findGroup, findGroupByExternalId } from './roles.queries';
export { assertUsersWithinRights } from './role-rights';
export { refuse, ungrantable } from './roles.rules';
export { membershipBin, membershipName, NO_ROLE_GROUP } from './role-members.bin';
