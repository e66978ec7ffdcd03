/** What other features may use of the users feature. */
export { downloadFile } from './download';
export { userKeys } from './api';
