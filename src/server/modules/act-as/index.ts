/** Act-as for support (issue 18): its routes. The session side lives in auth (resolveActing). */
export { actAsRoutes } from './act-as.routes';
