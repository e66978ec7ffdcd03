/** What other web features may use from rosters: a course's roster tab (the course detail page shows it). */
export { RosterTable } from './components/RosterTable';
