/** What other features may use of the recycle bin: its query keys and where it lives. */
export { recycleBinKeys } from './api';
export const RECYCLE_BIN_PATH = '/recentlyRemoved';
