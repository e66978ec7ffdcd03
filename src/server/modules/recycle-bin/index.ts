/** What the app and the features use of the recycle bin: its purge job, and defining a kind of removed thing. */
export { recycleBinPurgeJob } from './recycle-bin.job';
export {
  type BinEntryOf,
  type BinPut,
  defineBinKind,
  entryNotFound,
  INTERNAL_GROUP_BIN,
} from './recycle-bin.kinds';
