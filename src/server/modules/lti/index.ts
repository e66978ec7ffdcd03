/** What other features (and src/server/routes.ts) may use of lti. */
export { ltiConsoleRoutes } from './lti-console.routes';
export { createToolKey, rotateToolKey } from './lti-keys';
export { ltiProtocolRoutes } from './lti-protocol.routes';
export { ltiLaunchLogRetentionJob } from './lti-log.job';
export { LTI_REASON_CODES, LTI_REASONS } from './lti-reasons';
export { hashLinkToken, toolRegistration } from './lti-register';
export { toolJwks } from './lti-jwks';
export { ltiRosterScheduleJob, ltiRosterSyncJob } from './lti-roster.job';
