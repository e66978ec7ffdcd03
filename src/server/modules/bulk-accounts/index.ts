/** What the app uses of bulk-accounts: jobs. */
export { applyImportJob, importDeadJob, parseImportJob } from './bulk-accounts.jobs';
