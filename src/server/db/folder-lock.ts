import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StartupError } from './startup-error';

/**
 * The embedded database folder is one process's at a time (PGlite has no shared memory or locks of
 * its own: a second process on the same files serves stale data and may corrupt them). The holder
 * writes its pid to `<folder>.lock`, created exclusively, and removes it at exit. A lock whose pid
 * is no longer alive (a killed process) is taken over; the demo seed's child process works under its
 * parent's lock.
 */
const held = new Map<string, number>(); // lock file → how many opens in this process hold it
let exitHook = false;

const lockPath = (folder: string) => `${resolve(folder)}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // gone meanwhile, or half written
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Removes a lock left by a dead process. A directory beside it serialises the takeover, so two
 * processes that both found it stale cannot both remove it and each make its own lock.
 */
function takeOverStale(file: string, stalePid: number | undefined) {
  const guard = `${file}.takeover`;
  try {
    mkdirSync(guard);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // another process is taking over; one that died doing so left the guard behind
    const since = statSync(guard, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > 10_000) rmdirSync(guard);
    return;
  }
  try {
    if (readPid(file) === stalePid) unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  } finally {
    rmdirSync(guard);
  }
}

function removeOwn() {
  for (const file of held.keys()) {
    if (readPid(file) === process.pid) unlinkSync(file);
  }
  held.clear();
}

/** Locks `folder` for this process; returns the release. Throws StartupError (one line) when another process holds it. */
export function lockFolder(folder: string): () => void {
  const file = lockPath(folder);
  const count = held.get(file);
  if (count) {
    held.set(file, count + 1);
    return once(() => release(file));
  }
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(file)) {
      held.set(file, 1);
      if (!exitHook) {
        exitHook = true;
        process.once('exit', removeOwn);
      }
      return once(() => release(file));
    }
    const pid = readPid(file);
    if (pid !== undefined && pid === process.ppid) return () => {}; // the parent's lock (demo seed process)
    // its own pid in a lock it does not hold: left by an earlier life (a container's PID 1, say)
    if (pid !== undefined && pid !== process.pid && alive(pid)) {
      throw new StartupError(
        `DATA_DIR: the embedded database folder ${resolve(folder)} is in use by process ${pid} (lock file ${file}); stop that process or use another DATA_DIR`,
      );
    }
    if (pid === undefined && Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 2000) {
      // just created, pid not written yet
    } else {
      takeOverStale(file, pid);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  throw new StartupError(
    `DATA_DIR: could not lock the embedded database folder ${resolve(folder)} (${file})`,
  );
}

function release(file: string) {
  const count = held.get(file) ?? 0;
  if (count > 1) {
    held.set(file, count - 1);
    return;
  }
  held.delete(file);
  if (readPid(file) === process.pid) unlinkSync(file);
}

function once(fn: () => void) {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}
