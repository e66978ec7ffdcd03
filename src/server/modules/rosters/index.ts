/** What the app uses of rosters: its routes. */
export { rosterRoutes } from './rosters.routes';
