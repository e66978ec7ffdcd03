/** A server process of a test: spawned, its output kept, its port read from its log, /readyz awaited. */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { waitFor } from '../src/server/test/wait-for';

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnServer(
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv },
): ServerProcess {
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

/** The port of the "listening on http://localhost:PORT" log line, once /readyz answers 200 there. */
export async function waitReady(server: ServerProcess, timeoutMs: number): Promise<number> {
  let gone = false;
  server.exited.then(() => {
    gone = true;
  });
  const port = await waitFor(
    async () => {
      if (gone) throw new Error(`the server stopped before listening:\n${server.output().slice(-3000)}`);
      return Number(/listening on http:\/\/localhost:(\d+)/.exec(server.output())?.[1] ?? 0);
    },
    timeoutMs,
    'the server to listen',
  );
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200,
    timeoutMs,
    '/readyz 200',
  );
  return port;
}

/** The pid the server's JSON log lines carry (the node process, whoever spawned it). */
export function serverPid(output: string): number | undefined {
  const m = /"pid":(\d+)/.exec(output);
  return m ? Number(m[1]) : undefined;
}

export const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Kills a pid if it still runs (a server a failing test left behind). */
export function killIfAlive(pid: number | undefined) {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
