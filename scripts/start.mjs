/**
 * `npm start`: compiles the server into dist/server when it is missing or older than its sources,
 * builds the SPA when dist/web is (in parallel with migrations and seeding), then runs the compiled
 * server in this very process. Node runs this file itself (no tsx loader), so no wrapper process
 * holds memory beside the server and signals reach it directly. Plain JavaScript (types in JSDoc,
 * checked by tsc): a .ts file here would make Node load its TypeScript stripper, a WebAssembly module,
 * into the server's process (about 0.1 s of every start and 5-10 MB of RSS for good). No import of
 * the sources: they reach this process as the bundle.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withMallocTunables } from './malloc-tunables.mjs';

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

const root = new URL('..', import.meta.url).pathname;
const webDir = join(root, 'dist/web');
const serverDir = join(root, 'dist/server');
const serverEntry = join(serverDir, 'main.mjs');

/**
 * Packages compiled into the bundle instead of loaded from node_modules at start. drizzle-orm: Node
 * reads its 180 KB package.json again for each of the ~110 modules it loads, about a second of every
 * start; it is plain JavaScript with no files of its own at run time. Every other package stays
 * external (native code, WebAssembly and files beside their modules: PGlite, argon2, swagger-ui).
 */
const BUNDLED_PACKAGES = new Set(['drizzle-orm']);

/** @param {string} path @returns {number} */
function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/** @param {string} output @param {string[]} sources */
const stale = (output, sources) =>
  !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map((p) => newest(join(root, p))));

/**
 * Writes a build beside `target` and swaps it in whole, so a second `npm start` never runs a
 * half-written folder. When another start swapped in its own build meanwhile, that one is kept.
 * @param {string} target
 * @param {(staging: string) => Promise<void>} build
 */
async function buildInto(target, build) {
  const staging = `${target}-build-${process.pid}`;
  try {
    await build(staging);
    const old = `${target}-old-${process.pid}`;
    if (existsSync(target)) renameSync(target, old);
    try {
      renameSync(staging, target);
    } catch (err) {
      if (!existsSync(target)) throw err;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function buildServer() {
  if (!stale(serverEntry, ['src/server', 'src/shared', 'package-lock.json', 'scripts/start.mjs'])) return;
  console.log('compiling the server (esbuild)…');
  const esbuild = await import('esbuild');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => !BUNDLED_PACKAGES.has(name))
    .flatMap((name) => [name, `${name}/*`]);
  await buildInto(serverDir, async (staging) => {
    mkdirSync(staging, { recursive: true });
    await esbuild.build({
      entryPoints: { main: join(root, 'src/server/main.ts') },
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      // code reached only through import() (the demo seeder and its faker) goes to chunks/, loaded
      // when first needed
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      bundle: true,
      external,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      sourcemap: true,
      logLevel: 'warning',
    });
  });
  await esbuild.stop();
}

/** @returns {Promise<void>} */
function buildWeb() {
  if (!stale(join(webDir, 'index.html'), ['src/web', 'src/shared', 'index.html', 'vite.config.ts']))
    return Promise.resolve();
  const vite = join(root, 'node_modules/.bin/vite');
  if (!existsSync(vite) || !existsSync(join(root, 'index.html'))) {
    console.warn('web build skipped: vite or index.html is missing; serving the API only');
    return Promise.resolve();
  }
  console.log('building the web app (vite build)…');
  return buildInto(
    webDir,
    (staging) =>
      new Promise((resolve, reject) => {
        const child = spawn(vite, ['build', '--logLevel', 'warn', '--outDir', staging], {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, NODE_ENV: 'production' },
        });
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
        );
      }),
  );
}

// Stack traces point into src/ (the bundle's source map). Packages' own maps are left unread: Node
// would otherwise parse the map of every package module that names one, a cost paid at each start.
if (module.setSourceMapsSupport) module.setSourceMapsSupport(true, { nodeModules: false });
else process.setSourceMapsEnabled(true);
const role = process.env.ROLE ?? 'all';
// the demo seed's short-lived process (this script again, with --seed-only) builds nothing
const seedOnly = process.argv.includes('--seed-only');
const web = role === 'worker' || seedOnly ? undefined : buildWeb();
web?.catch(() => {}); // awaited by start(); this only keeps an early failure from being "unhandled"
if (!seedOnly) await buildServer();
const { start } = await import(pathToFileURL(serverEntry).href);
await start({
  beforeListen: web,
  seedCommand: [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
});
