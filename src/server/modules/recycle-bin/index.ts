/** What the app uses of the recycle bin: its routes and its purge job. Removals write entries through src/server/lib/recycle-bin.ts. */
export { recycleBinPurgeJob } from './recycle-bin.job';
export { recycleBinRoutes } from './recycle-bin.routes';
