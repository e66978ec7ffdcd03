/** What other features use of the audit log: the "history of this item" link. */
export { historyPath } from './api';
export { HistoryLink } from './components/HistoryLink';
