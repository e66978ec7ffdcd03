/** What the app uses of alerts: the scheduled scan. */
export { sectionAlertsJob } from './section-alerts.job';
