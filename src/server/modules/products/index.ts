/**
 * What the app uses of products: its routes, the readiness rule of a pairing, and the one pairing
 * rule (an LTI launch pairs a course through it).
 */
export { productsRoutes } from './products.routes';
export { createPairing, readinessOf } from './products.service';
