/**
 * glibc's malloc, left to itself, raises its mmap threshold each time a large block is freed, so that
 * later large blocks come from its heaps, where memory freed by V8's compiler threads and by the
 * bulk import's buffers stays resident for good. A fixed 128 KB threshold gives every larger block
 * back to the system when it is freed: measured with PGlite, RSS idle 324 → 237 MB and 10,000-row
 * import peak 455 → 345 MB at the same throughput (README, Configuration). glibc reads it when a
 * process starts; other C libraries and systems ignore it.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072';

/**
 * `env` with GLIBC_TUNABLES set to MALLOC_TUNABLES on Linux, unless it already holds a value of its own.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function withMallocTunables(env) {
  if (process.platform !== 'linux' || env.GLIBC_TUNABLES !== undefined) return env;
  return { ...env, GLIBC_TUNABLES: MALLOC_TUNABLES };
}
