import { BULK_HEADERS, BULK_LIMITS, BULK_MESSAGES } from '../../../shared/contract/bulk-accounts';
import { AppError, refusal } from '../../lib/app-error';

/** The spreadsheet refusals of a bulk upload, each with its own code (the description stays the spec text). */
export const bulkError = {
  onlyXlsx: () => new AppError('error.xlsxOnly', BULK_MESSAGES.onlyXlsx),
  empty: () => new AppError('error.bulkEmpty', BULK_MESSAGES.empty),
  tooManyRows: () =>
    refusal('error.bulkTooManyRows', BULK_MESSAGES.tooManyRows, { max: BULK_LIMITS.maxRows }),
  tooLarge: () => new AppError('error.bulkTooLarge', BULK_MESSAGES.tooLarge),
  bomb: () => new AppError('error.bulkBomb', BULK_MESSAGES.bomb),
  badHeader: () =>
    refusal('error.bulkBadHeader', BULK_MESSAGES.badHeader, { columns: BULK_HEADERS.join(', ') }),
};
