/** What other features (and src/server/routes.ts, src/server/jobs) may use of lti. */
export { ltiConsoleRoutes } from './console/lti-console.routes';
export { ltiProtocolRoutes } from './protocol/lti-protocol.routes';
export { ltiLaunchLogRetentionJob, ltiStateSweepJob } from './protocol/lti-log.job';
export { ltiRosterScheduleJob, ltiRosterSyncJob } from './protocol/lti-roster.job';
export { createToolKey } from './shared/lti-keys';
