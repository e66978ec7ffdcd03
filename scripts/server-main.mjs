/**
 * dist/server/main.mjs once built (scripts/build.mjs): the production entry, `node dist/server/main.mjs`.
 * Checks the Node version first, sets the process up as `npm start` does (malloc settings, V8's
 * compile cache, source maps), then loads the server, which is a chunk of its own so that nothing
 * older than the check can fail before it. scripts/start.mjs imports this file and calls run().
 */
import module from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withMallocTunables } from './malloc-tunables.mjs';
import { requireSupportedNode } from './node-version.mjs';

// dist/server/main.mjs → the package.json two folders up (the same one PROJECT_ROOT finds)
requireSupportedNode(new URL('../../package.json', import.meta.url));

// The malloc settings are read when a process starts: this one replaces itself once with them
// (execve: same pid, no wrapper process, signals still reach the server).
const tuned = withMallocTunables(process.env);
if (tuned !== process.env && process.execve) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], tuned);
}

// V8's compiled code of the bundle and of the packages it loads, kept on disk (the OS temporary
// folder, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a later start reads it
// back instead of compiling again. Node checks each entry against its source, so a new build or an
// updated package is compiled afresh.
module.enableCompileCache();

// Stack traces point into src/ (the bundle's source map). Packages' own maps are left unread: Node
// would otherwise parse the map of every package module that names one, a cost paid at each start.
if (module.setSourceMapsSupport) module.setSourceMapsSupport(true, { nodeModules: false });
else process.setSourceMapsEnabled(true);

/**
 * Starts the server (src/server/main.ts's start). An error that carries its own one-line message
 * (`exitLine`) ends the process with that line, anything else with its stack.
 * @param {import('../src/server/main.ts').StartOptions} [options]
 */
export async function run(options) {
  try {
    const { start } = await import('../src/server/main.ts');
    return await start(options);
  } catch (err) {
    if (err instanceof Error && 'exitLine' in err) console.error(err.message);
    else console.error(err);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
