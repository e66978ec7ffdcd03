/** What the app uses of password-reset: its routes. */
export { passwordResetRoutes } from './password-reset.routes';
