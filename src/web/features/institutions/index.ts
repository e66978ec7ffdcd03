/** What other web features may use from institutions. */
export { institutionDataKeys, useInstitutionDetails, useInstitutionSearch } from './api';
export type { Institution, InstitutionDetails } from './api';
export { InstitutionSearch } from './components/InstitutionSearch';
