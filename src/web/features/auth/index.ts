/**
 * What the shell, the session and other web features may use from auth: the session and
 * capability queries, the public layout with its footer, and the header's change-password entry.
 * The router loads its pages.
 */
export { ChangePasswordButton, ChangePasswordDialog } from './components/ChangePassword';
export { AppFooter } from './components/AppFooter';
export { PublicLayout } from './components/PublicLayout';
export { passwordRuleTexts } from './password-texts';
export {
  authKeys,
  refreshSession,
  type Session,
  useAppConfig,
  useCapabilities,
  useLogout,
  useSession,
} from './api';
