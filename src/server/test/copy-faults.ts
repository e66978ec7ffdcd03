import type { JobTestHooks } from '../jobs/define';

/**
 * The copy job's fault-injection points for the copy tests (see JobTestHooks): a test sets a hook,
 * the app built with `testHooks: { copy: copyFaults }` calls it, `afterEach` clears it.
 */
export const copyFaults: NonNullable<JobTestHooks['copy']> = {};
