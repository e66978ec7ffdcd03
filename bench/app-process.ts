/**
 * The app as a user starts it: `npm start` itself (npm, then `exec node <flags> scripts/start.mjs`:
 * malloc settings, request logging at LOG_LEVEL info, the workers of ROLE all), in a process group of
 * its own, its output in a log file as a service manager would keep it. Used by the benches that
 * measure what users run (throughput, start, memory, copies); the load comes from the bench's process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/test/free-port';
import { authApi } from '../src/shared/contract/auth';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Resident memory of one process in bytes (Linux /proc VmRSS, or VmHWM: its high-water mark); 0 once gone. */
export function processRss(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** `pid` and every process below it (from each process's parent in /proc/<pid>/stat). */
export function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** RSS of the whole tree under `pid` (npm and the node server below it), in bytes. */
export function treeRss(pid: number): number {
  return processTree(pid).reduce((n, p) => n + processRss(p), 0);
}

/** CPU seconds (user + system) the tree has used, from /proc/<pid>/stat (100 ticks a second). */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

export interface AppProcess {
  child: ChildProcess;
  pid: number;
  base: string;
  /** ms from spawning `npm start` to the first 200 of /healthz */
  startMs: number;
  /** the start compiled the server or built the SPA (sources newer than dist/) */
  built: boolean;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Runs `npm start` (or `npm <npmArgs>`, e.g. `run start:prod`) with `env` added (PORT, HOST, LOG_LEVEL
 * info and LOG_FORMAT json unless given; DATABASE_URL only when `env` names it, else PGlite in
 * env.DATA_DIR) and waits for /healthz.
 */
export async function startWithNpm(
  env: Record<string, string>,
  { npmArgs = ['start'], timeoutMs = 900_000 }: { npmArgs?: string[]; timeoutMs?: number } = {},
): Promise<AppProcess> {
  const port = await freePort();
  const logDir = mkdtempSync(join(tmpdir(), 'cwa-bench-log-'));
  const logFile = join(logDir, 'server.log');
  const out = openSync(logFile, 'a');
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
  delete childEnv.DATABASE_URL;
  for (const key of Object.keys(childEnv))
    if (key === 'NODE_ENV' || key.startsWith('VITEST')) delete childEnv[key];
  Object.assign(childEnv, { PORT: String(port), HOST: '127.0.0.1' }, env);
  const started = performance.now();
  const child = spawn('npm', npmArgs, {
    cwd: ROOT,
    env: childEnv,
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      const kill = (signal: NodeJS.Signals) => {
        try {
          process.kill(-(child.pid as number), signal);
        } catch {
          // already gone
        }
      };
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 30_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(logDir, { recursive: true, force: true });
  };
  const log = () => readFileSync(logFile, 'utf8');
  for (;;) {
    if (child.exitCode !== null) {
      const tail = log().slice(-3000);
      await stop();
      throw new Error(`npm ${npmArgs.join(' ')} exited ${child.exitCode}: ${tail}`);
    }
    if (performance.now() - started > timeoutMs) {
      const tail = log().slice(-3000);
      await stop();
      throw new Error(`npm ${npmArgs.join(' ')} did not answer /healthz within ${timeoutMs} ms: ${tail}`);
    }
    const ok = await fetch(`${base}/healthz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) {
      const startMs = performance.now() - started;
      const built = /compiling the server|building the web app/.test(log());
      return { child, pid: child.pid as number, base, startMs, built, logFile, stop };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A fresh temporary directory for `run`, removed after it. */
export async function withTempDir<T>(prefix: string, run: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Signs in through the API; returns the bearer headers. */
export async function signIn(base: string, username: string, password = 'demo-pass-1') {
  const res = await fetch(`${base}${authApi.login.path}`, {
    method: authApi.login.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}
