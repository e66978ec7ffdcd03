import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RoleName } from '../../shared/contract/roles';
import { SERVER_CATALOGS } from '../../shared/i18n';
import { contractErrors, loadFieldTexts } from './form';

/** A form's validation from the contract schema, in the language shown, as the server's 422 says it. */
describe('contractErrors', () => {
  beforeAll(async () => {
    await Promise.all([loadFieldTexts('fr'), loadFieldTexts('zh')]);
  });
  const role = z.object({ name: RoleName });

  it('shows a contract message in en, fr and zh', () => {
    expect(contractErrors(role, { name: '  ' }, { locale: 'en' })).toEqual({
      name: 'Role name should not be blank.',
    });
    expect(contractErrors(role, { name: '' }, { locale: 'fr' })).toEqual({
      name: 'Le nom du rôle ne doit pas être vide.',
    });
    expect(contractErrors(role, { name: '' }, { locale: 'zh' })).toEqual({ name: '角色名称不能为空。' });
    expect(contractErrors(role, { name: 'Graders' }, { locale: 'fr' })).toEqual({});
  });

  it('translates a generic zod issue by its code, with its bounds', () => {
    const schema = z.object({ code: z.string().min(3), count: z.number().int().max(5) });
    const values = { code: 'ab', count: 9 };
    expect(contractErrors(schema, values, { locale: 'fr' })).toEqual({
      code: SERVER_CATALOGS.fr.field.tooShort.replace('{{minimum}}', '3'),
      count: SERVER_CATALOGS.fr.field.tooBig.replace('{{maximum}}', '5'),
    });
    // English keeps zod's own text, as the server does
    expect(contractErrors(schema, values, { locale: 'en' }).code).toBe(
      schema.safeParse(values).error?.issues[0].message,
    );
  });

  it('keys a nested field by its dotted path', () => {
    const schema = z.object({ items: z.array(z.object({ name: RoleName })) });
    expect(contractErrors(schema, { items: [{ name: 'a' }, { name: '' }] }, { locale: 'zh' })).toEqual({
      'items.1.name': '角色名称不能为空。',
    });
  });

  it('keeps a text the form names for a key, and adds the form’s own rules on top', () => {
    const texts = { 'messages.roleNameBlank': 'Name it' } as const;
    expect(contractErrors(role, { name: '' }, { locale: 'fr', texts })).toEqual({ name: 'Name it' });
    const extra = { name: 'Taken', other: null };
    expect(contractErrors(role, { name: 'A' }, { locale: 'en', extra })).toEqual({ name: 'Taken' });
    expect(contractErrors(role, { name: '' }, { locale: 'en', extra })).toEqual({
      name: 'Role name should not be blank.',
    });
  });

  it('gives a text function the contract’s English message of a rule it has no key for', () => {
    const body = z.object({ password: z.string() }).superRefine((_, ctx) => {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Too weak.' });
    });
    const texts = (_key: string, path: string, message: string) => `${path}: ${message} (own)`;
    expect(contractErrors(body, { password: 'x' }, { locale: 'fr', texts })).toEqual({
      password: 'password: Too weak. (own)',
    });
  });
});
