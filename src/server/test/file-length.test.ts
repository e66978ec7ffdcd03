import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const MAX_LINES = 400;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // src/server/test holds test support (the harness, the matrix's data), held to the rules of tests
    if (entry.isDirectory()) return path.endsWith(join('src', 'server', 'test')) ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const lineCount = (path: string) => readFileSync(path, 'utf8').replace(/\n$/, '').split('\n').length;

describe(`source files under src/ (tests aside) stay within ${MAX_LINES} lines`, () => {
  const lengths = sources(join(repo, 'src')).map((path) => ({
    file: relative(repo, path),
    lines: lineCount(path),
  }));

  it('has no file over the limit', () => {
    const offenders = lengths
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines (split it along its seams)`);
    expect(offenders).toEqual([]);
  });
});
