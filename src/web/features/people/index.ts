/** What other web features may use of people (find a person across institutions). */
export { peopleKeys } from './api';
