/** What other features may use of the users feature. */
export { userKeys } from './api';
