/** Act-as for support: its routes. The session side lives in auth (resolveActing). */
export { actAsRoutes } from './act-as.routes';
