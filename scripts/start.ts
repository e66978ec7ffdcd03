/**
 * `npm start`: builds the SPA when dist/web is missing or older than its sources (in parallel with
 * migrations and seeding), then starts the server (src/server/main.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { start } from '../src/server/main';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/web/index.html');

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
  return new Promise((resolve, reject) => {
    const child = spawn(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

const role = process.env.ROLE ?? 'all';
const build = role === 'worker' ? undefined : buildWeb();
build?.catch(() => {}); // awaited by start(); this only keeps an early failure from being "unhandled"
await start({ beforeListen: build });
