/** What other web features may use from auth: the header's change-password entry; the router loads its pages. */
export { ChangePasswordButton, ChangePasswordDialog } from './components/ChangePassword';
