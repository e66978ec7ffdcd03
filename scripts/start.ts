/**
 * `npm start`: builds the SPA when dist/web is missing or older than its sources (in parallel with
 * migrations and seeding), then starts the server (src/server/main.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { start } from '../src/server/main';

const root = new URL('..', import.meta.url).pathname;
const webDir = join(root, 'dist/web');
const built = join(webDir, 'index.html');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

function buildWeb(): Promise<void> {
  const sources = Math.max(
    ...['src/web', 'src/shared', 'index.html', 'vite.config.ts'].map((p) => newest(join(root, p))),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return Promise.resolve();
  const vite = join(root, 'node_modules/.bin/vite');
  if (!existsSync(vite) || !existsSync(join(root, 'index.html'))) {
    console.warn('web build skipped: vite or index.html is missing; serving the API only');
    return Promise.resolve();
  }
  console.log('building the web app (vite build)…');
  // Built beside dist/web and swapped in whole, so a second `npm start` never serves a half-written folder.
  const staging = join(root, `dist/web-build-${process.pid}`);
  return new Promise((resolve, reject) => {
    const child = spawn(vite, ['build', '--logLevel', 'warn', '--outDir', staging], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('exit', (code) => {
      if (code !== 0) {
        rmSync(staging, { recursive: true, force: true });
        return reject(new Error(`vite build exited with ${code}`));
      }
      const old = join(root, `dist/web-old-${process.pid}`);
      if (existsSync(webDir)) renameSync(webDir, old);
      renameSync(staging, webDir);
      rmSync(old, { recursive: true, force: true });
      resolve();
    });
  });
}

const role = process.env.ROLE ?? 'all';
const build = role === 'worker' ? undefined : buildWeb();
build?.catch(() => {}); // awaited by start(); this only keeps an early failure from being "unhandled"
await start({ beforeListen: build });
