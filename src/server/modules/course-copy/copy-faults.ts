import type { copyJobs } from '../../db/schema';

type Hook = (row: typeof copyJobs.$inferSelect) => void | Promise<void>;

/**
 * Fault-injection points of the copy job, for tests only: `beforeCopy` runs after the course is
 * claimed and before the copy transaction; `afterCommit` runs after the section is committed and
 * before the job is acknowledged (a crash there is the one exactly-once has to survive);
 * `attemptEnded` runs when a claimed attempt is over, whatever its outcome, with the same row
 * object the other hooks got (so a test can wait for one particular attempt to finish).
 */
export const copyFaults: { beforeCopy?: Hook; afterCommit?: Hook; attemptEnded?: Hook } = {};
