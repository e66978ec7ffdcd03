/**
 * What the app uses of products: the readiness rule of a pairing, and the one pairing
 * rule (an LTI launch pairs a course through it).
 */
export { createPairing, readinessOf } from './pairings.service';
