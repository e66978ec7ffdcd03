/**
 * Error codes. Each code doubles as an i18n key (`error.*`) and maps to one HTTP status.
 * The server answers `{ status, message: code, description? }`.
 */
export const ERROR_STATUS = {
  'error.validation': 422,
  'error.unauthenticated': 401,
  'error.invalidCredentials': 401,
  'error.sessionExpired': 401,
  'error.tooManyAttempts': 429,
  'error.accessDenied': 403,
  'error.notFound': 404,
  /** An account-setup link that is unknown or already used. */
  'error.setupLinkInvalid': 404,
  /** An account-setup link past its expiry. */
  'error.setupLinkExpired': 410,
  'error.routeNotFound': 404,
  'error.conflict': 409,
  'error.versionConflict': 409,
  'error.payloadTooLarge': 413,
  'error.unsupportedMediaType': 415,
  'error.badRequest': 400,
  'error.server': 500,
  'error.unavailable': 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The body of every error answer. */
export interface ErrorBody {
  status: number;
  message: string;
  description?: string;
  /** Per-field messages for 422 answers: path → message. */
  fields?: Record<string, string>;
}

/** Spec §8: shown when a failure carries no description. Two spaces after "servers." are spec text. */
export const GENERIC_SERVER_ERROR = 'There seems to be a problem with the servers.  Please try again later.';
