import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cycleErrors, featureImports } from './feature-boundaries';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

describe.each(['src/server/modules', 'src/web/features'])('features in %s', (root) => {
  it('import each other in no circle (the one boundary Biome cannot see)', () => {
    expect(cycleErrors(featureImports(repo, root))).toEqual([]);
  });
});

/** Files planted in a copy of the tree layout, each with the Biome message it must draw (null: none). */
const PLANTED: [path: string, code: string, message: string | null][] = [
  ['src/server/plugins/p.ts', "import { x } from '../modules/users';", 'plugins, lib and db sit below'],
  [
    'src/server/lib/l.ts',
    "import { x } from '../modules/users/users.queries';",
    'plugins, lib and db sit below',
  ],
  ['src/server/db/d.ts', "export { x } from '../modules/auth';", 'plugins, lib and db sit below'],
  ['src/server/modules/a/deep.ts', "import { x } from '../b/b.service';", 'Another feature'],
  ['src/server/modules/a/sub/deep.ts', "import { x } from '../../b/b.queries';", 'Another feature'],
  [
    'src/server/modules/a/web.ts',
    "import en from '../../../web/i18n/en.json';",
    'The server never imports src/web',
  ],
  ['src/web/features/a/pages/P.tsx', "import { x } from '../../../app/AppLayout';", 'never import the shell'],
  ['src/web/features/a/pages/Q.tsx', "import { x } from '../../b/api';", 'Another web feature'],
  ['src/web/features/a/c/d/R.tsx', "const x = () => import('../../../b/pages/Page');", 'Another web feature'],
  ['src/web/components/C.tsx', "import { x } from '../features/b';", 'sit below the features and the shell'],
  ['src/web/lib/l.ts', "import { x } from '../app/session';", 'sit below the features and the shell'],
  [
    'src/web/app/header/H.tsx',
    "import { x } from '../../features/b/components/B';",
    'The shell reaches a feature only through its index.ts',
  ],
  ['src/shared/s.ts', "import { x } from '../server/config';", 'never import src/server'],
  [
    'src/server/lib/cycle-a.ts',
    "import { b } from './cycle-b';\nexport const a = () => b;",
    'part of a cycle',
  ],
  [
    'src/server/lib/cycle-b.ts',
    "import { a } from './cycle-a';\nexport const b = () => a;",
    'part of a cycle',
  ],
  // allowed: another feature's index, lib, the feature's own files, the session and shared UI
  [
    'src/server/modules/a/ok.ts',
    "import { x } from '../b';\nimport { y } from '../../lib/csv';\nimport { z } from './sub/deep';",
    null,
  ],
  [
    'src/web/features/a/pages/Ok.tsx',
    "import { x } from '../../b';\nimport { y } from '../../../session';\nimport { P } from '../../../components/Page';",
    null,
  ],
  ['src/web/app/Ok.tsx', "import { x } from '../features/b';", null],
];

describe('the boundary rules in biome.jsonc', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cwa-boundaries-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(join(repo, 'biome.jsonc'), join(dir, 'biome.jsonc'));
  for (const [path, code] of PLANTED) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${code}\n`);
  }
  const run = () => {
    try {
      return execFileSync(
        join(repo, 'node_modules/.bin/biome'),
        [
          'lint',
          '--reporter=json',
          '--only=style/noRestrictedImports',
          '--only=suspicious/noImportCycles',
          'src',
        ],
        { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
    } catch (err) {
      return (err as { stdout: string }).stdout; // Biome exits 1 when it finds errors
    }
  };
  const found = (JSON.parse(run()) as { diagnostics: { message: string; location: { path: string } }[] })
    .diagnostics;

  it.each(PLANTED)('%s: %j draws %j', (path, _code, message) => {
    const messages = found.filter((d) => d.location.path === path).map((d) => d.message);
    if (message === null) expect(messages).toEqual([]);
    else expect(messages.some((m) => m.includes(message))).toBe(true);
  });

  it('names a circle between features that Biome cannot see', () => {
    const imports = [
      { file: 'f/a/x.ts', specifier: '../b', from: 'a', to: 'b' },
      { file: 'f/b/y.ts', specifier: '../a', from: 'b', to: 'a' },
    ];
    expect(cycleErrors(imports)).toEqual([
      "import cycle between features a → b → a: f/a/x.ts imports '../b'; f/b/y.ts imports '../a'",
    ]);
  });
});
