/** What other features may use of the roles feature. */
export { roleKeys, useRoles } from './api';
