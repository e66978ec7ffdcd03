/** The environment a child process of an ops test starts from. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeTooOld } from '../scripts/node-version.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * This process's environment without npm's own variables (an `npm test` run sets npm_config_*,
 * npm_lifecycle_*…, which a fresh shell would not have), with this Node first on PATH: `npm`
 * and `node` in a child are then the ones an operator with this Node would run.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      /^npm_/i.test(k) ||
      k === 'NODE_ENV' ||
      k === 'DATABASE_URL' ||
      k === 'TEST_DATABASE_URL' ||
      k.startsWith('VITEST')
    )
      continue;
    env[k] = v;
  }
  env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
  delete env.NODE_OPTIONS;
  return { ...env, ...extra };
}

/** A Node older than package.json's engines, when this machine has one (the system node, often). */
export function oldNode(): string | undefined {
  for (const path of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(path)) continue;
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (nodeTooOld('>=22.12', version)) return path;
  }
  return undefined;
}
