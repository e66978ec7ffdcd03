import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MALLOC_TUNABLES } from '../../scripts/malloc-tunables.mjs';
import { openDatabase } from './db/client';

const root = new URL('../..', import.meta.url).pathname;

/**
 * `npm start` on a new embedded database seeds the demo world in a short-lived process, so what
 * seeding allocates is not the server's memory. (ROLE=worker: the same start without the SPA build.)
 */
describe.skipIf(process.env.TEST_DATABASE_URL)('demo seed in its own process (npm start, PGlite)', () => {
  it('seeds from another process than the one that then runs, which finds the world there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cwa-seed-process-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      ROLE: 'worker',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    };
    delete env.DATABASE_URL;
    for (const key of Object.keys(env)) if (key === 'NODE_ENV' || key.startsWith('VITEST')) delete env[key];
    const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: 'pipe' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
    );
    const exitSignal = new Promise<string | null>((resolve) =>
      child.on('exit', (_c, signal) => resolve(signal)),
    );
    const lines: { pid?: number; msg?: string }[] = [];
    let rest = '';
    const running = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const text = rest + chunk.toString();
        const parts = text.split('\n');
        rest = parts.pop() ?? '';
        for (const part of parts) {
          if (!part.startsWith('{')) continue;
          const line = JSON.parse(part);
          lines.push(line);
          if (line.msg === 'workers running') resolve();
        }
      });
    });
    await Promise.race([running, exited.then((code) => Promise.reject(new Error(`exited ${code}`)))]);
    if (process.platform === 'linux' && env.GLIBC_TUNABLES === undefined) {
      // the start replaced itself (same pid) to run with glibc's fixed mmap threshold
      const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
      expect(environ).toContain(`GLIBC_TUNABLES=${MALLOC_TUNABLES}`);
    }
    child.kill('SIGTERM');
    expect({ code: await exited, signal: await exitSignal, stderr: stderr.slice(-2000) }).toEqual({
      code: 0,
      signal: null,
      stderr: expect.any(String),
    });

    const seeded = lines.find((l) => l.msg === 'demo world seeded');
    const worker = lines.find((l) => l.msg === 'workers running');
    expect(seeded?.pid).toBeTypeOf('number');
    expect(worker?.pid).toBe(child.pid);
    expect(seeded?.pid).not.toBe(child.pid);

    const database = openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    try {
      const { rows } = await database.sql.executeSql('select count(*)::int as n from institutions');
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 240_000);
});
