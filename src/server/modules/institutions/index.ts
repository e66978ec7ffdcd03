/** What other features may use of institutions. */
export { institutionDetails, requireInstitution } from './institution-details.service';
export { institutionIdsOfUser, institutionSummaries } from './institutions.queries';
