/** What the app uses of the recycle bin: its purge job. Removals write entries through src/server/lib/recycle-bin.ts. */
export { recycleBinPurgeJob } from './recycle-bin.job';
