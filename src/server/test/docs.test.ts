import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../config';

const ROOT = resolve(import.meta.dirname, '../../..');
const README_MAX_LINES = 150;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const markdownFiles = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

/** Relative targets of `[text](target)` links, without their #anchor. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1].split('#')[0])
    .filter((target) => target && !/^[a-z]+:/i.test(target));
}

describe('the README and docs/', () => {
  it(`keep the README under ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('link only to files a clone has', () => {
    const broken = markdownFiles.flatMap((file) =>
      relativeLinks(read(file))
        .filter((target) => !existsSync(resolve(ROOT, dirname(file), target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('name in the README only docs files that exist', () => {
    const named = [...read('README.md').matchAll(/`(docs\/[^`\s]+)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('never send a reader outside the repository (../shared is not in a clone)', () => {
    expect(markdownFiles.filter((file) => read(file).includes('../shared'))).toEqual([]);
  });

  it('describe every variable config.ts reads in docs/configuration.md', () => {
    const documented = read('docs/configuration.md');
    const missing = Object.keys(EnvSchema.shape).filter((name) => !documented.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
