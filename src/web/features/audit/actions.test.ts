import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import zh from '../../i18n/zh.json';
import { AUDIT_ACTIONS, actionKey } from './actions';

const SERVER = join(import.meta.dirname, '../../../server');

/** Every `action: '…'` (and `const action = … ? '…' : '…'`) the server's code (not its tests) writes. */
function actionsWritten(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : actionsWritten(path);
    if (!e.name.endsWith('.ts') || e.name.endsWith('.test.ts')) return [];
    const src = readFileSync(path, 'utf8');
    const direct = [...src.matchAll(/action: '([\w.]+)'/g)].map((m) => m[1]);
    const chosen = [...src.matchAll(/const action = [^;\n]*\? '([\w.]+)' : '([\w.]+)'/g)].flatMap((m) => [
      m[1],
      m[2],
    ]);
    // `action: late ? 'a' : 'b'`, `action: opts.auditAction ?? 'a'`, `auditAction: 'a'`
    const inline = [...src.matchAll(/action: [^'\n,]*\? '([\w.]+)' : '([\w.]+)'/g)].flatMap((m) => [
      m[1],
      m[2],
    ]);
    const fallback = [...src.matchAll(/(?:action: [\w.]+ \?\?|auditAction:) '([\w.]+)'/g)].map((m) => m[1]);
    return [...direct, ...chosen, ...inline, ...fallback];
  });
}

describe('audit actions in words', () => {
  it('names every action the server writes', () => {
    const missing = [...new Set(actionsWritten(SERVER))].filter(
      (a) => !(AUDIT_ACTIONS as readonly string[]).includes(a),
    );
    expect(missing).toEqual([]);
  });

  it.each([
    ['en', en],
    ['fr', fr],
    ['zh', zh],
  ])('has words for each action in %s', (_lang, catalog) => {
    const words = catalog.audit.actions as Record<string, string>;
    for (const a of AUDIT_ACTIONS) expect(words[actionKey(a)], a).toBeTruthy();
  });
});
