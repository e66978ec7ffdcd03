/** What other web features may use of the institution reports: the download menu. */
export { ReportsMenu } from './components/ReportsMenu';
