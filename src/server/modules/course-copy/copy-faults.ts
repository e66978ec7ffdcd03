import type { copyJobs } from '../../db/schema';

type Hook = (row: typeof copyJobs.$inferSelect) => void | Promise<void>;

/**
 * Fault-injection points of the copy job, for tests only: `beforeCopy` runs after the course is
 * claimed and before the copy transaction; `afterCommit` runs after the section is committed and
 * before the job is acknowledged (a crash there is the one exactly-once has to survive).
 */
export const copyFaults: { beforeCopy?: Hook; afterCommit?: Hook } = {};
