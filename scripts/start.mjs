/**
 * `npm start`: builds what is missing or older than its sources (scripts/build.mjs: the server
 * bundle in dist/server, the SPA in dist/web, in parallel with migrations and seeding), then runs
 * the compiled server (dist/server/main.mjs) in this very process. package.json's script `exec`s
 * node, so no shell or wrapper process stands between npm and the server: a stop signal sent to npm
 * is passed to the server. Plain JavaScript (types in JSDoc, checked by tsc), so Node loads no TypeScript stripper
 * into the server (docs/decisions/0007). No import of the sources: they reach this process as
 * the bundle.
 */
import { pathToFileURL } from 'node:url';
import { withMallocTunables } from './malloc-tunables.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode(new URL('../package.json', import.meta.url));

// The malloc settings are read when a process starts: this one replaces itself once with them
// (execve: same pid, no wrapper process, signals still reach the server).
const tuned = withMallocTunables(process.env);
if (tuned !== process.env && process.execve) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], tuned);
}

const { buildServer, buildWeb, serverEntry } = await import('./build.mjs');
const role = process.env.ROLE ?? 'all';
// the demo seed's short-lived process (this script again, with --seed-only) builds nothing
const seedOnly = process.argv.includes('--seed-only');
const web = role === 'worker' || role === 'migrate' || seedOnly ? undefined : buildWeb();
web?.catch(() => {}); // awaited by start(); this only keeps an early failure from being "unhandled"
if (!seedOnly) await buildServer();
const { run } = await import(pathToFileURL(serverEntry).href);
await run({
  beforeListen: web,
  seedCommand: [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
});
