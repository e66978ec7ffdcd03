/** What the app uses of the audit log screen: its routes. */
export { auditRoutes } from './audit.routes';
