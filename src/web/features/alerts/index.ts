/** What other web features may use from alerts. */
export { alertKeys, useAcknowledgeAlerts } from './api';
export { AlertsBell } from './components/AlertsBell';
