/** What the app uses of internal-users: its routes (membership changes go through roles). */
export { internalUsersRoutes } from './internal-users.routes';
