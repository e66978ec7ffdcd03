/** What the app uses of reports: its routes (CSV writing is src/server/lib/csv.ts). */
export { reportRoutes } from './reports.routes';
