/** What other features may use of users: account rows, memberships and account e-mails. */
export { type AccountMailInput, sendAccountMail, sendAccountMails } from './users.mail';
export {
  addMembership,
  institutionName,
  insertUser,
  isInstitutionUser,
  textMatch as userTextMatch,
  updateUser,
} from './users.queries';
export { accountsNotAdministered, SHARED_ACCOUNT_MESSAGE } from './shared-account';
