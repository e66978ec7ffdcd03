/**
 * `npm start`'s node arguments, read from package.json's "start" script (`node <flags> scripts/start.ts`),
 * so a bench runs the server, in a child process or in its own, with the V8 settings it runs with.
 */
import { readFileSync } from 'node:fs';
import { withMallocTunables } from '../scripts/malloc-tunables';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const [node, ...args] = String(pkg.scripts.start).split(/\s+/);
if (node !== 'node') throw new Error(`package.json "start" should run node, not ${node}`);

/** The arguments after `node`: V8 flags, then scripts/start.ts (relative to the checkout). */
export const START_ARGS: string[] = args;

/** The V8 flags alone (`--max-old-space-size=…`), as node arguments of a bench that runs the app in its own process. */
export const SERVER_NODE_FLAGS: string[] = args.filter((a) => a.startsWith('--'));

/** The environment `npm start` gives the server (glibc's malloc settings, scripts/malloc-tunables.ts), for a bench's process. */
export const SERVER_ENV: NodeJS.ProcessEnv = withMallocTunables(process.env);
