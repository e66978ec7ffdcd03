import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

describe('JSON log lines', () => {
  it('are written before the next statement runs, so a process killed at once keeps them', () => {
    // the child logs three lines and kills itself with SIGKILL: nothing runs after that, no exit hook
    const script = `
      import { pino } from 'pino';
      import { logDestination } from './src/server/logger.ts';
      const log = pino({ level: 'info' }, logDestination({ logFormat: 'json' }));
      for (const n of [1, 2, 3]) log.info({ n }, 'request completed');
      process.kill(process.pid, 'SIGKILL');
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(child.signal).toBe('SIGKILL');
    const lines = child.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { n: number; msg: string });
    expect(lines.map((l) => l.n)).toEqual([1, 2, 3]);
    expect(lines.every((l) => l.msg === 'request completed')).toBe(true);
  });
});
