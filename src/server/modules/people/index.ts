/** What other features may use of people (find a person across institutions). */
export { peopleRoutes } from './people.routes';
