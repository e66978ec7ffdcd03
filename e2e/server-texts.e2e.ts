import { describe, expect, it } from 'vitest';
import fr from '../src/shared/i18n/fr.json';
import zh from '../src/shared/i18n/zh.json';
import frWeb from '../src/web/i18n/fr.json';
import zhWeb from '../src/web/i18n/zh.json';
import { loginAs, seriousViolations, useBrowser, waitForShell } from './fixtures';

// What the server writes for the page is in the page's language: a field message of a 422 from the
// contract, and an LTI launch's refusal reason (in words, never its code).
const LANGS = [
  { lang: 'fr', locale: 'fr-FR', server: fr, web: frWeb },
  { lang: 'zh', locale: 'zh-CN', server: zh, web: zhWeb },
] as const;

describe.each(LANGS)('Server texts in $lang', ({ lang, locale, server, web }) => {
  const b = useBrowser(`server-texts-${lang}`, { locale });

  it('a name the contract refuses: its field message is in the page’s language', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    await page.getByTestId('users-table').waitFor();
    await page.getByRole('button', { name: web.users.create.open }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: web.users.fields.firstName, exact: true }).fill('=Eve');
    await dialog.getByRole('textbox', { name: web.users.fields.lastName, exact: true }).fill('Stone');
    await dialog
      .getByRole('textbox', { name: web.users.fields.email, exact: true })
      .fill(`st.${lang}.${Date.now()}@example.edu`);
    await dialog.getByRole('combobox', { name: web.users.fields.role }).click();
    await page.getByRole('option', { name: 'Instructor' }).click();
    await dialog.getByTestId('save-user').click();
    const message = dialog.getByText(server.field.messages.nameStart, { exact: true });
    await message.waitFor();
    // shown as the first name's error, and nothing in English
    const firstName = dialog.getByRole('textbox', { name: web.users.fields.firstName, exact: true });
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.textContent()).not.toContain('A name may not start');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/server-texts-${lang}--field-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await message.waitFor();
    await page.screenshot({ path: `test-results/server-texts-${lang}--field-390.png`, fullPage: true });
  });

  it('a registration’s last refusal reads as words, without its code', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/ltiIntegrations' });
    await waitForShell(page);
    const reasons = page.getByTestId('lti-last-error').getByTestId('lti-reason');
    await reasons.first().waitFor();
    const texts = web.ltiTool.reasons as Record<string, string>;
    for (const reason of await reasons.all()) {
      const code = ((await reason.getAttribute('data-code')) as string).replace(/^lti\./, '');
      expect(await reason.textContent()).toBe(texts[code] ?? texts.unknown);
    }
    expect(await page.getByTestId('lti-registrations').textContent()).not.toMatch(/\blti\.[a-z]+[A-Z]\w*/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/server-texts-${lang}--lti-1280.png`, fullPage: true });
  });
});
