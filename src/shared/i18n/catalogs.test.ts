import { describe, expect, it } from 'vitest';
import { MALFORMED_TEXT_MESSAGE, NUL_MESSAGE } from '../contract/common';
import { PLATFORM_URL_MESSAGE } from '../contract/lti';
import { VALIDATION_TEXT } from '../validation';
import { SERVER_CATALOGS } from '.';

type Catalog = { [key: string]: string | Catalog };
const leaves = (c: Catalog, prefix = ''): [string, string][] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
const catalogs = SERVER_CATALOGS as unknown as Record<'en' | 'fr' | 'zh', Catalog>;
const en = leaves(catalogs.en);

describe('server catalogs (e-mails, field messages, per-row reasons)', () => {
  it.each(['fr', 'zh'] as const)('%s has exactly the keys of en, every sentence translated', (lng) => {
    const other = new Map(leaves(catalogs[lng]));
    expect([...other.keys()].sort()).toEqual(en.map(([k]) => k).sort());
    const untranslated = en
      .filter(([k, v]) => v.split(/\s+/).length >= 3 && other.get(k) === v && !k.endsWith('signature'))
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
    for (const [k, v] of en) {
      const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
      expect(placeholders(other.get(k) ?? ''), `${lng}:${k}`).toEqual(placeholders(v));
    }
  });

  it.each(['en', 'fr', 'zh'] as const)('%s names no spec section', (lng) => {
    expect(leaves(catalogs[lng]).filter(([, v]) => /§|\bspec\b|spécification|规范/i.test(v))).toEqual([]);
  });

  it('French says "courriel", never "e-mail"', () => {
    expect(leaves(catalogs.fr).filter(([, v]) => /(?<![\w-])e-?mails?(?![\w-])/i.test(v))).toEqual([]);
  });

  it('knows the contract’s own field messages in English exactly as the contract writes them', () => {
    const own = new Set(Object.values(SERVER_CATALOGS.en.field.messages));
    const contract = [
      NUL_MESSAGE,
      MALFORMED_TEXT_MESSAGE,
      PLATFORM_URL_MESSAGE,
      ...Object.values(VALIDATION_TEXT),
    ];
    expect(contract.filter((m) => !own.has(m))).toEqual([]);
  });
});
