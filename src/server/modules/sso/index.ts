/** What the app may use of SSO: the provider sign-out address for the logout answer. */
export { endSessionUrl } from './sso.service';
