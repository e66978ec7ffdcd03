import type { z } from 'zod';
import type { ErrorResponse } from './contract/common';

/**
 * Why a provider sign-in came back to /login without a session: the `sso` query parameter of that
 * redirect, each the i18n key `error.<reason>`. Here, not in the contract: the login page reads it
 * without loading zod.
 */
export const SSO_FAILURES = [
  'ssoFailed',
  'ssoUnavailable',
  'ssoEmailUnverified',
  'ssoNoAccount',
  'ssoAccountDisabled',
  'ssoUnknownProvider',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

/**
 * Error codes. Each code doubles as an i18n key (`error.*`) and maps to one HTTP status.
 * The server answers `{ status, message: code, description? }`.
 */
export const ERROR_STATUS = {
  'error.validation': 422,
  /** An opt-out upload without a file part. */
  'error.optOutNoFile': 422,
  /** An opt-out CSV the parser cannot read; params reason (the parser's English words). */
  'error.optOutUnreadable': 422,
  /** An opt-out file with more than 10,000 rows. */
  'error.optOutTooManyRows': 422,
  /** An opt-out file without an email or username column. */
  'error.optOutNoStudentColumn': 422,
  /** An opt-out file without data rows. */
  'error.optOutEmpty': 422,
  /** A late opt override (after census) without a reason. */
  'error.optReasonRequired': 422,
  /** An opt action on an instructor or TA (never billed, no opt status). */
  'error.optStaffEnrollment': 422,
  /** An opt change in a course without an inclusive offer (opt model none). */
  'error.optNoModel': 422,
  /** Extending a trial that is not a running 14 day trial. */
  'error.notOnTrial': 422,
  /** A text field holding U+0000, which PostgreSQL cannot store; params field. */
  'error.nulCharacter': 422,
  /** A text field (or key) that is not well-formed Unicode: a lone UTF-16 surrogate; params field. */
  'error.malformedText': 422,
  /** A new password that is common, breached or otherwise guessable (zxcvbn score below 3); fields.password. */
  'error.weakPassword': 422,
  /** A new password holding the user name or the e-mail address (local part). */
  'error.passwordHasName': 422,
  /** A new password shorter than 12 characters (where no schema checked it first). */
  'error.passwordTooShort': 422,
  /** A new password longer than 500 characters (where no schema checked it first). */
  'error.passwordTooLong': 422,
  /** A password change whose current password is wrong; fields.currentPassword. */
  'error.currentPasswordWrong': 422,
  /** A copy request refused for its one course (spec §8 wording; `refused` names the code). */
  'error.copyRefusedOne': 422,
  /** A copy request refused for one of its courses (spec §8 wording). */
  'error.copyRefusedMany': 422,
  /** A child-course request refused (spec §8 wording). */
  'error.childCopyRefused': 422,
  /** A bulk upload whose spreadsheet has no account rows. */
  'error.bulkEmpty': 422,
  /** A bulk upload with more rows than allowed; params max. */
  'error.bulkTooManyRows': 422,
  /** A bulk upload that inflates past the allowed size (zip bomb). */
  'error.bulkBomb': 422,
  /** A bulk upload whose first row is not the expected header; params columns. */
  'error.bulkBadHeader': 422,
  /** A bulk import started while some rows have errors and invalid rows are not skipped. */
  'error.bulkInvalidRows': 422,
  /** A bulk import whose rows would change nothing in the chosen mode. */
  'error.bulkNothingToDo': 422,
  /** A bulk upload without a file. */
  'error.bulkNoFile': 422,
  /** Users named for a role change who are not members of the institution. */
  'error.usersNotMembers': 422,
  /** Users named for a move who do not hold the role they are moved from; params name. */
  'error.usersLackRole': 422,
  /** Mapping a deleted role's users to a role of another institution (or to itself). */
  'error.mapToSameInstitution': 422,
  /** Instructors or TAs named for a course who are not members of its institution; params ids. */
  'error.instructorsNotMembers': 422,
  /** A course created for a product the institution has no active offer for. */
  'error.noActiveOffer': 422,
  /** A call about another user without the institution it concerns; params field. */
  'error.institutionRequired': 422,
  'error.unauthenticated': 401,
  'error.invalidCredentials': 401,
  /** Password sign-in of an account AUTH_LOCAL does not name. */
  'error.localSignInDisabled': 403,
  /** A cookie-authenticated unsafe request whose Origin/Referer is not the app's own. */
  'error.crossSiteRequest': 403,
  /** A cookie-authenticated unsafe request without the session's X-CSRF-Token header. */
  'error.csrfTokenMissing': 403,
  /** A provider sign-in that did not complete (state, code, nonce or ID token refused). */
  'error.ssoFailed': 401,
  /** The provider could not be reached. */
  'error.ssoUnavailable': 503,
  /** The provider did not say the e-mail address is verified. */
  'error.ssoEmailUnverified': 403,
  /** No active account has the provider's e-mail and none may be created for its domain. */
  'error.ssoNoAccount': 403,
  /** The account linked to the provider's identity is disabled. */
  'error.ssoAccountDisabled': 403,
  /** A provider id that is not configured. */
  'error.ssoUnknownProvider': 404,
  /** A sign-in hand-off code that is unknown, used or expired. */
  'error.ssoCodeInvalid': 400,
  'error.sessionExpired': 401,
  'error.tooManyAttempts': 429,
  /** Sign-in refused: too many failures for this account from this address. */
  'error.tooManyAttemptsAccount': 429,
  /** Sign-in refused: too many failures from this address. */
  'error.tooManyAttemptsAddress': 429,
  /** Two-step sign-in: a wrong, old or already used authenticator code or recovery code. */
  'error.totpCodeWrong': 422,
  /** Two-step sign-in: the pending token of the password step is unknown, used or expired. */
  'error.totpPendingInvalid': 401,
  /** Setting up an authenticator while one is already on. */
  'error.totpAlreadyEnabled': 409,
  /** Turning off or resetting two-step sign-in of an account without it. */
  'error.totpNotEnabled': 409,
  /** Confirming an authenticator that was not set up first. */
  'error.totpSetupMissing': 409,
  /** Account-setup link refused: too many failures from this address. */
  'error.setupTooManyAttempts': 429,
  /** Password-reset requests over the limit of the address or of the user name / e-mail asked for. */
  'error.resetTooManyRequests': 429,
  'error.accessDenied': 403,
  /** An opt status change after census by someone without the late-override right. */
  'error.optLocked': 403,
  /** A change to a role holding permissions the caller lacks (ARCHITECTURE §4); params name, missing. */
  'error.aboveYourRightsRole': 403,
  /** A change to the roles of a user holding rights the caller lacks; params username, missing. */
  'error.aboveYourRightsUser': 403,
  /** Giving a role permissions the caller does not hold; params missing. */
  'error.cannotGrant': 403,
  /** Editing a user the caller may not edit (spec §5 wording). */
  'error.cannotEditUser': 403,
  /**
   * Changing the e-mail, names or user name of an account that also belongs to institutions the
   * caller does not administer (only their common administrators and provider staff may).
   */
  'error.sharedAccountFields': 403,
  /** Deactivating or reactivating an account that also belongs to institutions the caller does not administer. */
  'error.sharedAccountStatus': 403,
  /** A role change refused for several users holding rights the caller lacks; params users. */
  'error.aboveYourRightsUsers': 403,
  /** Setting the superAdmin, associateSuperAdmin or nasupport flags without being a super admin. */
  'error.flagsSuperAdminOnly': 403,
  /** A bulk import previewed for someone who has since lost the right to create users there. */
  'error.noLongerCreateUsers': 403,
  /** A write while acting as another user in read-only mode. */
  'error.actAsReadOnly': 403,
  /** Acting as a super admin, or as someone holding a staff flag the caller lacks; params username. */
  'error.actAsTargetRefused': 403,
  /** Starting act-as while acting as someone already. */
  'error.actAsNested': 409,
  /** Allowing writes during act-as without being a super admin. */
  'error.actAsWritesSuperOnly': 403,
  /** A call under act-as that touches another institution than the one acted in. */
  'error.actAsOtherInstitution': 403,
  /** Acting as a user who is not a member of the chosen institution, or as oneself; params username. */
  'error.actAsNotMember': 422,
  /** A change that would leave an institution without anyone holding CAN_CREATE_EDIT_ROLES. */
  'error.lastRoleEditor': 409,
  'error.notFound': 404,
  /** A recycle-bin entry that is unknown, purged, already restored or of another institution. */
  'error.recycleBinEntryNotFound': 404,
  /** One code per kind of thing a lookup can miss (see notFound() on the server). */
  'error.institutionNotFound': 404,
  'error.organizationNotFound': 404,
  'error.userNotFound': 404,
  'error.courseNotFound': 404,
  'error.childCourseNotFound': 404,
  'error.pairingNotFound': 404,
  'error.copyNotFound': 404,
  'error.importNotFound': 404,
  'error.roleNotFound': 404,
  'error.memberNotFound': 404,
  'error.internalUserNotFound': 404,
  'error.groupNotFound': 404,
  'error.optOutFileNotFound': 404,
  /** An enrollment that is not of the named course. */
  'error.enrollmentNotFound': 404,
  'error.alertNotFound': 404,
  'error.offerNotFound': 404,
  'error.ltiRegistrationNotFound': 404,
  /** An institution without offers (spec §7 wording; the UI shows no alert for it). */
  'error.noOffers': 404,
  /** A user-name lookup that found nobody (spec §5 "Invalid Username"). */
  'error.invalidUsername': 404,
  /** An account-setup link that is unknown or already used. */
  'error.setupLinkInvalid': 404,
  /** An account-setup link past its expiry. */
  'error.setupLinkExpired': 410,
  /** A password-reset link that is unknown or already used (or whose account can no longer sign in locally). */
  'error.resetLinkInvalid': 404,
  /** A password-reset link past its hour. */
  'error.resetLinkExpired': 410,
  'error.routeNotFound': 404,
  'error.conflict': 409,
  /** Deleting an opt-out file that is being deleted already. */
  'error.optOutDeleting': 409,
  /** Retrying a course copy that has not failed; params name, status. */
  'error.copyNotFailed': 409,
  /** A course copy whose status changed while it was being retried. */
  'error.copyStatusChanged': 409,
  /** Institution settings saved by someone else since the form was loaded. */
  'error.settingsVersionConflict': 409,
  /** A bulk import started a second time. */
  'error.bulkAlreadyStarted': 409,
  'error.versionConflict': 409,
  /** A course saved by someone else since the form was loaded. */
  'error.courseVersionConflict': 409,
  /** An LTI registration whose issuer and client id another registration has already. */
  'error.ltiRegistrationExists': 409,
  /** Deleting an LTI registration that courses are paired through; params count. */
  'error.ltiRegistrationHasPairings': 409,
  /** "Sync roster now" for an LMS course whose launches carry no NRPS claim. */
  'error.ltiRosterNotOffered': 409,
  /** Approving a registration that has no deployment mapped to an institution. */
  'error.ltiNoDeployment': 409,
  /** A custom course id another course of the institution already has for that LMS. */
  'error.customCourseIdTaken': 409,
  /** Removing a master course that still has child courses. */
  'error.masterHasChildren': 409,
  /** A role name already used in the institution (spec §5). */
  'error.roleNameTaken': 409,
  /** Restoring a removed role whose name another role of the institution has now; params name. */
  'error.restoreRoleNameTaken': 409,
  /** Restoring a child course whose master course is removed; params name. */
  'error.restoreMasterRemoved': 409,
  /** Restoring a course whose custom course id another live course has now; params id. */
  'error.restoreCustomIdTaken': 409,
  /** Restoring a user's removed role membership when their account no longer exists; params name. */
  'error.restoreUserGone': 409,
  /** Restoring a user's removed role membership when the role itself was removed since; params name. */
  'error.restoreGroupRemoved': 409,
  /** Restoring a user's removed role when they hold another role of the institution now; params user, name. */
  'error.restoreMemberHasOtherRole': 409,
  /** Deleting or changing the institution's only role (spec §5). */
  'error.onlyRole': 409,
  /** A role saved by someone else since the form was loaded. */
  'error.roleVersionConflict': 409,
  /** Deleting a role whose users are not all mapped to other roles; params unmapped. */
  'error.roleHasUsers': 409,
  /** A user name another account already has. */
  'error.usernameTaken': 409,
  /** An e-mail address another account already has. */
  'error.emailTaken': 409,
  /** A user saved by someone else since the form was loaded. */
  'error.userVersionConflict': 409,
  /** Adding users to an institution they already belong to with that role. */
  'error.alreadyMember': 409,
  /** Notifying a disabled account. */
  'error.accountDisabled': 409,
  /** Adding an internal user who already is one. */
  'error.alreadyInternal': 409,
  /** Giving the internal-user role to an account outside the provider's domains; params email, domains. */
  'error.notProviderAccount': 422,
  'error.payloadTooLarge': 413,
  /** An opt-out file over 1 MB. */
  'error.optOutTooLarge': 413,
  /** A bulk upload larger than 5 MB. */
  'error.bulkTooLarge': 413,
  'error.unsupportedMediaType': 415,
  /** An opt-out upload not sent as multipart/form-data. */
  'error.optOutNotMultipart': 415,
  /** An opt-out upload of a type other than text/csv or application/vnd.ms-excel (spec §5). */
  'error.optOutCsvOnly': 415,
  /** An opt-out upload whose bytes are not CSV text. */
  'error.optOutNotText': 415,
  /** A bulk upload not sent as multipart/form-data. */
  'error.bulkNotMultipart': 415,
  'error.badRequest': 400,
  /** An upload whose multipart/form-data body has no boundary, is cut short or cannot be parsed. */
  'error.malformedMultipart': 400,
  /** A bulk upload that is not an .xlsx workbook (spec §8 wording). */
  'error.xlsxOnly': 400,
  /** Products: a product id or ISBN that is not valid (spec §8 "Not Valid Product ID"). */
  'error.invalidProductId': 422,
  /** Products: a pairing whose integration or course is not the institution's (spec §8 wording). */
  'error.pairingFailed': 422,
  /** Products: no product with that id or ISBN (spec §8 "No Product Found"). */
  'error.productNotFound': 404,
  /** Products: an LMS course already paired at that institution and integration (spec §8). */
  'error.courseAlreadyPaired': 409,
  /** Products export: the organisation has no products (spec §8 wording). */
  'error.noProductsForOrganization': 404,
  /** Products export: no course rows to export (spec §8 "Courses Unavailable!"). */
  'error.coursesUnavailable': 404,
  /** Products export: over the 2-minute limit (spec §8, §9). */
  'error.exportTimeout': 504,
  'error.server': 500,
  'error.unavailable': 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every error answer: `ErrorResponse` of the contract. */
export type ErrorBody = z.infer<typeof ErrorResponse>;

/** Spec §8: shown when a failure carries no description. Two spaces after "servers." are spec text. */
export const GENERIC_SERVER_ERROR = 'There seems to be a problem with the servers.  Please try again later.';
