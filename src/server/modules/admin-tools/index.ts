/** What the app uses of admin-tools: its routes. */
export { adminToolsRoutes } from './admin-tools.routes';
