import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cycleErrors, deepImportErrors, featureImports } from './feature-boundaries';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOTS = ['src/server/modules', 'src/web/features'];

describe.each(ROOTS)('feature boundaries in %s', (root) => {
  const imports = featureImports(repo, root);

  it('reaches another feature only through its index.ts', () => {
    expect(deepImportErrors(imports)).toEqual([]);
  });

  it('has no import cycle between features', () => {
    expect(cycleErrors(imports)).toEqual([]);
  });
});

describe('the boundary check itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cwa-boundaries-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, code: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  };
  write('f/a/index.ts', "export { x } from './x';");
  write('f/a/x.ts', "import type { Y } from '../b/y';\nexport const x = 1 as unknown as Y;");
  write('f/b/index.ts', "export type { Y } from './y';");
  write('f/b/y.ts', "import { x } from '../a';\nexport type Y = typeof x;");
  write('f/c/page.tsx', "export const P = () => import('../a/index');");
  const imports = featureImports(dir, 'f');

  it('names the file and import of a deep cross-feature import', () => {
    expect(deepImportErrors(imports)).toEqual([
      "f/a/x.ts imports '../b/y', a file inside feature 'b': export it from b/index.ts and import the feature folder instead",
    ]);
  });

  it('names each import of a cycle between features', () => {
    expect(cycleErrors(imports)).toEqual([
      "import cycle between features a → b → a (features in this circle: a, b): f/a/x.ts imports '../b/y'; f/b/y.ts imports '../a'",
    ]);
  });
});
