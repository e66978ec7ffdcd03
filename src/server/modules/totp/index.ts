/** What the app uses of two-step sign-in: the sign-in's second step. */
export { secondStep } from './totp.login';
