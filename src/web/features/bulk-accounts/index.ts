/** What other web features may use of bulk account creation (the Users page shows it). */
export { BulkAccounts } from './components/BulkAccounts';
