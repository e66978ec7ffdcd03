/**
 * What other features may use of auth: sign-in throttling, sessions and their cookies. The session
 * lookup itself lives below the features (src/server/lib/session) so the access plugin needs no feature.
 */
export {
  assertAddressNotThrottled,
  type OpenSession,
  openSession,
  type PasswordUser,
  passwordUserNamed,
  recordFailedAttempt,
  recordLoginAttempt,
  throttleLogin,
} from './auth.service';
export { hashToken } from '../../lib/session/authenticate';
export { type ActingAs, endActing } from '../../lib/session/acting';
export { actAsState, endOtherSessions } from './session.service';
export { setSessionCookies } from '../../lib/session/session-cookie';
export { userColumns } from '../../lib/session/session.queries';
export type { SecondStep } from './auth.routes';
