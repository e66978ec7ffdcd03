/** What other web features may use of opt-out files: the upload and file-list modal. */
export { OptOutModal } from './components/OptOutModal';
