import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '../../shared/errors';

/**
 * A failure the client should see: code (an i18n key) → HTTP status, plus the English description
 * (spec wording) that the code's en catalog text repeats. Each distinct failure has its own code, so
 * the web shows it in the user's language; `params` carries what the description interpolates.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly description?: string,
    readonly fields?: Record<string, string>,
    /** A refused course copy: each refused section with its copy validation code. */
    readonly refused?: NonNullable<ErrorBody['refused']>,
    /** Values of the description that the code's catalog text interpolates, e.g. `{ name }`. */
    readonly params?: NonNullable<ErrorBody['params']>,
  ) {
    super(description ?? code);
    this.status = ERROR_STATUS[code];
  }
}

export const accessDenied = (description?: string) => new AppError('error.accessDenied', description);
/** The things a lookup can miss, each with its own code (its catalog text names it in every language). */
const NOT_FOUND = {
  Institution: 'error.institutionNotFound',
  Organization: 'error.organizationNotFound',
  User: 'error.userNotFound',
  Course: 'error.courseNotFound',
  'Child course': 'error.childCourseNotFound',
  Pairing: 'error.pairingNotFound',
  Copy: 'error.copyNotFound',
  Import: 'error.importNotFound',
  Role: 'error.roleNotFound',
  Member: 'error.memberNotFound',
  'Internal user': 'error.internalUserNotFound',
  Group: 'error.groupNotFound',
  'Opt-out file': 'error.optOutFileNotFound',
  Enrollment: 'error.enrollmentNotFound',
  Alert: 'error.alertNotFound',
  Offer: 'error.offerNotFound',
  'LTI registration': 'error.ltiRegistrationNotFound',
} as const satisfies Record<string, ErrorCode>;
export type NotFoundEntity = keyof typeof NOT_FOUND;

export const notFound = (what: NotFoundEntity) => new AppError(NOT_FOUND[what], `${what} not found.`);

/** A failure with its own code whose description interpolates `params` (its catalog text does the same). */
export const refusal = (code: ErrorCode, description: string, params?: NonNullable<ErrorBody['params']>) =>
  new AppError(code, description, undefined, undefined, params);
