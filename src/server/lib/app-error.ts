import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';

/** A failure the client should see: code (an i18n key) → HTTP status, optional description. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly description?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(description ?? code);
    this.status = ERROR_STATUS[code];
  }
}

export const accessDenied = (description?: string) => new AppError('error.accessDenied', description);
export const notFound = (what: string) => new AppError('error.notFound', `${what} not found.`);
