/** What the app uses of bulk-accounts: its routes and jobs. */
export { applyImportJob, importDeadJob, parseImportJob } from './bulk-accounts.jobs';
export { bulkAccountsRoutes } from './bulk-accounts.routes';
