/** What the app uses of two-step sign-in: its routes and the sign-in's second step. */
export { totpRoutes } from './totp.routes';
export { secondStep } from './totp.login';
