/** What other features may use of institutions. */
export { institutionDetailRoutes } from './institution-details.routes';
export { institutionDetails, requireInstitution } from './institution-details.service';
export { institutionIdsOfUser, institutionSummaries } from './institutions.queries';
export { institutionListRoutes } from './institutions.routes';
