/** What the app uses of files: its routes. */
export { fileRoutes } from './files.routes';
