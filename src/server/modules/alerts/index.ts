/** What the app uses of alerts: its routes and the scheduled scan. */
export { alertRoutes } from './alerts.routes';
export { sectionAlertsJob } from './section-alerts.job';
