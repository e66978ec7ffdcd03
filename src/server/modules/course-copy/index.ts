/** What other features may use of course-copy. */
export { copyAlertOwners, unacknowledgedCopyAlerts } from './copy-alerts.queries';
export { copyCourseDeadJob, copyCourseJob } from './copy-course.job';
