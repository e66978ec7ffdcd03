/**
 * A fixed mmap threshold, so glibc gives large freed blocks back to the system instead of keeping them
 * resident (docs/decisions/0005). glibc reads it when a process starts; other C libraries ignore it.
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
