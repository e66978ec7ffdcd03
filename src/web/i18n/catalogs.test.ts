import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, GENERIC_SERVER_ERROR } from '../../shared/errors';
import { TABS } from '../../shared/permissions';
import en from './en.json';
import fr from './fr.json';
import zh from './zh.json';

type Catalog = { [key: string]: string | Catalog };

/** Every leaf of a nested catalog as [dotted key, value]. */
function leaves(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

const catalogs = { en, fr, zh } as Record<string, Catalog>;
const keysOf = (c: Catalog) =>
  leaves(c)
    .map(([k]) => k)
    .sort();
const valueAt = (c: Catalog, key: string) => Object.fromEntries(leaves(c))[key];

describe('i18n catalogs', () => {
  it.each(['fr', 'zh'])('%s has exactly the keys of en', (lng) => {
    expect(keysOf(catalogs[lng])).toEqual(keysOf(en));
  });

  it.each(['fr', 'zh'])('%s has no empty value', (lng) => {
    const empty = leaves(catalogs[lng]).filter(([, v]) => v.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(['fr', 'zh'])('%s translates every sentence of en', (lng) => {
    // brand-free sentences (three words or more) must not be left in English
    const untranslated = leaves(en)
      .filter(([k, v]) => !k.startsWith('languages.') && v.split(/\s+/).length >= 3)
      .filter(([k, v]) => valueAt(catalogs[lng], k) === v)
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it('keeps the placeholders of en in fr and zh', () => {
    const placeholders = (v: string) => (v.match(/{{\w+}}/g) ?? []).sort();
    for (const lng of ['fr', 'zh']) {
      for (const [k, v] of leaves(en)) {
        expect(placeholders(valueAt(catalogs[lng], k)), `${lng}:${k}`).toEqual(placeholders(v));
      }
    }
  });

  it('has the spec wording for the tabs and the generic server error', () => {
    expect(TABS.map((t) => (en.tabs as Record<string, string>)[t.key])).toEqual([
      'Courses',
      'Users',
      'Roles',
      'Products',
      'Offers',
      'Inclusive Access',
      'LTI 1.3 Integrations',
      'EAD Admin',
    ]);
    expect(en.errors.generic).toBe(GENERIC_SERVER_ERROR);
    expect(en.error.server).toBe(GENERIC_SERVER_ERROR);
    expect(en.access.noPermission).toBe(
      'You do not have enough permissions to view {{institution}} details !',
    );
  });

  it('has a message for every server error code', () => {
    const keys = new Set(keysOf(en));
    const missing = Object.keys(ERROR_STATUS).filter((code) => !keys.has(code));
    expect(missing).toEqual([]);
  });
});
