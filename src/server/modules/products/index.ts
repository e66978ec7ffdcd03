/** What the app uses of products: its routes, and the readiness rule of a pairing. */
export { productsRoutes } from './products.routes';
export { readinessOf } from './products.service';
