/** What the app may use of SSO: its routes and the provider sign-out address for the logout answer. */
export { ssoRoutes } from './sso.routes';
export { endSessionUrl } from './sso.service';
