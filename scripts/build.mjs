/**
 * The production build, used by `npm run build` (always builds) and by `npm start` (builds what is
 * missing or older than its sources): dist/server/main.mjs (the server), dist/server/migrate.mjs and
 * dist/server/admin-create.mjs (the CLIs), and the web app in dist/web. Runtime dependencies stay
 * external (node_modules); the demo seeder is reached only through import() and lands in a chunk of
 * its own, so the server never loads faker unless it seeds. Plain JavaScript (types in JSDoc).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const webDir = join(root, 'dist/web');
export const serverDir = join(root, 'dist/server');
export const serverEntry = join(serverDir, 'main.mjs');

/**
 * Packages compiled into the bundle instead of loaded from node_modules at start (docs/decisions/0007);
 * the rest stay external (native code, WebAssembly, files beside their modules).
 */
const BUNDLED_PACKAGES = new Set(['drizzle-orm']);

/** What each bundle is built from: a newer file here makes `npm start` build again. */
const SERVER_SOURCES = [
  'src/server',
  'src/shared',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/server-main.mjs',
  'scripts/node-version.mjs',
  'scripts/malloc-tunables.mjs',
];
const WEB_SOURCES = ['src/web', 'src/shared', 'index.html', 'vite.config.ts'];

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

/** @param {{ force?: boolean }} [opts] */
export async function buildServer({ force = false } = {}) {
  if (!force && !stale(serverEntry, SERVER_SOURCES)) return;
  /** @type {typeof import('esbuild')} */
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch (err) {
    // a production install (no dev dependencies) runs the dist/ it was given
    if (!force && existsSync(serverEntry)) return;
    throw err;
  }
  console.log('compiling the server (esbuild)…');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => !BUNDLED_PACKAGES.has(name))
    .flatMap((name) => [name, `${name}/*`]);
  await buildInto(serverDir, async (staging) => {
    mkdirSync(staging, { recursive: true });
    await esbuild.build({
      entryPoints: {
        main: join(root, 'scripts/server-main.mjs'),
        migrate: join(root, 'src/server/cli/migrate.ts'),
        'admin-create': join(root, 'src/server/cli/admin-create.ts'),
      },
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      // code reached only through import() (the server itself, the demo seeder and its faker) goes
      // to chunks/, loaded when first needed
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      bundle: true,
      external,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      sourcemap: true,
      // stack traces need the mappings only: the sources' text would triple the maps Node reads at each
      // start (docs/decisions/0007)
      sourcesContent: false,
      logLevel: 'warning',
    });
  });
  await esbuild.stop();
}

/** @param {{ force?: boolean }} [opts] @returns {Promise<void>} */
export function buildWeb({ force = false } = {}) {
  if (!force && !stale(join(webDir, 'index.html'), WEB_SOURCES)) return Promise.resolve();
  const vite = join(root, 'node_modules/.bin/vite');
  if (!existsSync(vite) || !existsSync(join(root, 'index.html'))) {
    if (force) return Promise.reject(new Error('web build: vite or index.html is missing'));
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

// `npm run build`: both, from scratch
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await Promise.all([buildWeb({ force: true }), buildServer({ force: true })]);
    console.log('built dist/server (main.mjs, migrate.mjs, admin-create.mjs) and dist/web');
  } catch (err) {
    console.error(`build failed: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
