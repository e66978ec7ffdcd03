/** What other features may use of course-copy. */
export { copyAlertOwners, unacknowledgedCopyAlerts } from './copy-alerts.queries';
