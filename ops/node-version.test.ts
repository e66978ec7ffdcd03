import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nodeTooOld } from '../scripts/node-version.mjs';
import { oldNode, ROOT } from './env';

describe('the supported Node version', () => {
  it('compares versions with the engines range', () => {
    expect(nodeTooOld('>=22.12', 'v20.20.2', '/usr/bin/node')).toBe(
      'courseware-admin needs Node.js >=22.12; this is Node.js v20.20.2 (/usr/bin/node). Install a newer Node.js and start again.',
    );
    expect(nodeTooOld('>=22.12', 'v22.11.9')).not.toBeNull();
    expect(nodeTooOld('>=22.12', 'v22.12.0')).toBeNull();
    expect(nodeTooOld('>=22.12', 'v24.1.0')).toBeNull();
    expect(nodeTooOld('>=22.12', 'v23.0.0')).toBeNull();
  });

  it.runIf(oldNode())("npm start's script on an older Node stops with one line, exit code 1", () => {
    const node = oldNode()!;
    const r = spawnSync(node, ['scripts/start.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
    expect(r.stderr).toMatch(
      /^courseware-admin needs Node\.js >=22\.12; this is Node\.js v\d+\.\d+\.\d+ \(.+\)\. Install a newer Node\.js and start again\.\n$/,
    );
    expect(r.stdout).toBe('');
    expect(r.status).toBe(1);
  });
});
