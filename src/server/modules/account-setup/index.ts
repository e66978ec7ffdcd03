/** What the app uses of account-setup: its routes. */
export { accountSetupRoutes } from './account-setup.routes';
