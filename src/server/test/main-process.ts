import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const NODE = join(ROOT, 'node_modules/.bin/node');
const MAIN = join(ROOT, 'src/server/main.ts');

/** A real `src/server/main.ts` process (its own process group), with what it printed so far. */
export interface MainProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves with the API port ('listening on …'), or 0 for a worker ('workers running'); rejects if it exits first. */
  up: Promise<number>;
}

/** Starts main.ts with exactly `env` (plus PATH), JSON logs on stdout. */
export function startMain(env: Record<string, string | undefined>): MainProcess {
  const child = spawn(NODE, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, LOG_FORMAT: 'json', LOG_LEVEL: 'info', PORT: '0', ...env },
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const up = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += d;
      const port = /listening on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve(Number(port));
      else if (out.includes('"workers running"')) resolve(0);
    });
    exited.then((code) => reject(new Error(`exited with ${code} before coming up: ${err.slice(-2000)}`)));
  });
  up.catch(() => {});
  child.stderr?.on('data', (d) => {
    err += d;
  });
  return { child, stdout: () => out, stderr: () => err, exited, up };
}

/** SIGKILL to the process's whole group; resolves once it is gone. */
export async function killMain(p: MainProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  try {
    process.kill(-p.child.pid!, signal);
  } catch {
    return;
  }
  await p.exited;
}
