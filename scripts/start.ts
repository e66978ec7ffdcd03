/**
 * `npm start`: compiles the server into dist/server when it is missing or older than its sources,
 * builds the SPA when dist/web is (in parallel with migrations and seeding), then runs the compiled
 * server in this very process. Node runs this file itself (type stripping, no tsx loader), so no
 * wrapper process holds memory beside the server and signals reach it directly. Erasable
 * TypeScript only here, and no import of the sources: they reach this process as the bundle.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const webDir = join(root, 'dist/web');
const serverDir = join(root, 'dist/server');
const serverEntry = join(serverDir, 'main.mjs');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

const stale = (output: string, sources: string[]) =>
  !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map((p) => newest(join(root, p))));

/**
 * Writes a build beside `target` and swaps it in whole, so a second `npm start` never runs a
 * half-written folder. When another start swapped in its own build meanwhile, that one is kept.
 */
async function buildInto(target: string, build: (staging: string) => Promise<void>): Promise<void> {
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

async function buildServer(): Promise<void> {
  if (!stale(serverEntry, ['src/server', 'src/shared', 'package-lock.json', 'scripts/start.ts'])) return;
  console.log('compiling the server (esbuild)…');
  const esbuild = await import('esbuild');
  await buildInto(serverDir, async (staging) => {
    mkdirSync(staging, { recursive: true });
    await esbuild.build({
      entryPoints: [join(root, 'src/server/main.ts')],
      outfile: join(staging, 'main.mjs'),
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node22',
      sourcemap: true,
      logLevel: 'warning',
    });
  });
  await esbuild.stop();
}

function buildWeb(): Promise<void> {
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

process.setSourceMapsEnabled(true);
const role = process.env.ROLE ?? 'all';
const web = role === 'worker' ? undefined : buildWeb();
web?.catch(() => {}); // awaited by start(); this only keeps an early failure from being "unhandled"
await buildServer();
const { start } = await import(pathToFileURL(serverEntry).href);
await start({ beforeListen: web });
