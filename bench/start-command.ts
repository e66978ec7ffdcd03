/**
 * `npm start`'s node arguments, read from package.json's "start" script (`exec node <flags> scripts/start.mjs`),
 * so a bench runs the server, in a child process or in its own, with the V8 settings it runs with.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { withMallocTunables } from '../scripts/malloc-tunables.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// `exec node …`: the shell npm runs the script in replaces itself with node
const [node, ...args] = String(pkg.scripts.start)
  .replace(/^exec\s+/, '')
  .split(/\s+/);
if (node !== 'node') throw new Error(`package.json "start" should run node, not ${node}`);

/** The V8 flags alone (`--max-old-space-size=…`), as node arguments of a bench that runs the app in its own process. */
export const SERVER_NODE_FLAGS: string[] = args.filter((a) => a.startsWith('--'));

/**
 * Runs a bench file (TypeScript, through tsx) in a process of its own set up as `npm start` sets up
 * the server: its V8 flags as node arguments (`--min-semi-space-size` is refused in NODE_OPTIONS)
 * and its malloc settings (scripts/malloc-tunables.mjs). `env` is added to this process's environment.
 */
export function runAsServer(
  file: string,
  opts: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): SpawnSyncReturns<Buffer> {
  return spawnSync(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...(opts.nodeArgs ?? []), '--import', 'tsx', file],
    {
      cwd: opts.cwd,
      env: withMallocTunables({ ...process.env, ...opts.env }),
      stdio: 'inherit',
    },
  );
}
