/** What the app uses of "explain access": its routes. */
export { accessExplainRoutes } from './access-explain.routes';
