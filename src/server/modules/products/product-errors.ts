import { PRODUCT_MESSAGES } from '../../../shared/contract/products';
import { AppError, notFound } from '../../lib/app-error';

/** The answers of spec §8 the Products area gives. */
export const productNotFound = () => new AppError('error.productNotFound', PRODUCT_MESSAGES.notFound);
export const invalidProductId = () => new AppError('error.invalidProductId', PRODUCT_MESSAGES.invalidId);
export const pairingNotFound = () => notFound('Pairing');
export const pairingFailed = (fields?: Record<string, string>) =>
  new AppError('error.pairingFailed', PRODUCT_MESSAGES.pairingFailed, fields);
export const alreadyPaired = () => new AppError('error.courseAlreadyPaired', PRODUCT_MESSAGES.alreadyPaired);
