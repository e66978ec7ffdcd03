import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import zh from '../../i18n/zh.json';
import { ENTITY_KINDS } from './kinds';

const SERVER = join(import.meta.dirname, '../../../server');

/** Every `entityType: '…'` the server's code (not its tests) writes into the audit log. */
function kindsWritten(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : kindsWritten(path);
    if (!e.name.endsWith('.ts') || e.name.endsWith('.test.ts')) return [];
    return [...readFileSync(path, 'utf8').matchAll(/entityType: '([\w.]+)'/g)].map((m) => m[1]);
  });
}

describe('audit entity kinds in words', () => {
  it('names every kind the server writes', () => {
    const missing = [...new Set(kindsWritten(SERVER))].filter(
      (k) => !(ENTITY_KINDS as readonly string[]).includes(k),
    );
    expect(missing).toEqual([]);
  });

  it.each([
    ['en', en],
    ['fr', fr],
    ['zh', zh],
  ])('has a word for each kind in %s', (_lang, catalog) => {
    const words = catalog.audit.kinds as Record<string, string>;
    for (const k of ENTITY_KINDS) expect(words[k.replace('.', '_')], k).toBeTruthy();
  });
});
