/** What other features and the app may use of auth: sign-in throttling and token checks. */
export { authRoutes, type SecondStep } from './auth.routes';
export {
  assertAddressNotThrottled,
  authenticate,
  hashToken,
  type OpenSession,
  openSession,
  type PasswordUser,
  passwordUserNamed,
  recordFailedAttempt,
  recordLoginAttempt,
  type SessionUser,
  throttleLogin,
} from './auth.service';
export { type ActingAs, endActing } from './acting';
export { actAsState, endOtherSessions } from './session.service';
export {
  assertSameSiteRequest,
  readCookie,
  setSessionCookies,
} from './session-cookie';
export { userColumns } from './auth.queries';
