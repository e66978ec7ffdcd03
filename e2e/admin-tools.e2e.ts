import { describe, expect, it } from 'vitest';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { loginAs, useBrowser, waitForShell } from './fixtures';
import { LANGUAGES } from './languages';

/** expect.poll waits 1 s by default; pages load lazily. */
const WAIT = { timeout: 15_000 };

describe.each(LANGUAGES)('Inclusive Access page, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`admin-tools-${lang}`, { locale });

  it('super admin edits and saves institution settings', async () => {
    const { page } = b;
    await loginAs(page, 'super', { path: '/adminTools' });
    await waitForShell(page);
    const form = page.getByTestId('admin-tools-form');
    await form.waitFor();
    const id = `IA-E2E-${lang}-${Date.now() % 100000}`;
    await page.getByTestId('org-inclusive-id').fill(id);
    const census = page.getByTestId('census-duration');
    if (await census.isDisabled()) await page.getByTestId('census-enabled').click({ force: true });
    await census.fill('28');
    await page.getByTestId('save').click();
    await page.getByText(catalog.adminTools.saved).first().waitFor();
    await page.getByTestId('saved-flag').waitFor();
    expect(await page.getByTestId('save').isDisabled()).toBe(true);
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('org-inclusive-id').inputValue(), WAIT).toBe(id);
    expect(await page.getByTestId('census-duration').inputValue()).toBe('28');
  });

  it('warns about unsaved changes when leaving, and cancel restores the saved values', async () => {
    const { page } = b;
    await loginAs(page, 'super', { path: '/adminTools' });
    await waitForShell(page);
    const input = page.getByTestId('org-inclusive-id');
    await input.waitFor();
    const saved = await input.inputValue();
    await input.fill(`${saved}-draft`);
    await page.locator('[data-testid=tabs] a[data-tab=courses]').click();
    const text = page.getByTestId('unsaved-text');
    await text.waitFor();
    expect(await text.textContent()).toBe(catalog.adminTools.unsaved);
    await page.getByTestId('stay').click();
    expect(new URL(page.url()).pathname).toBe('/adminTools');
    await page.getByTestId('cancel').click();
    expect(await input.inputValue()).toBe(saved);
    // nothing unsaved now: leaving is not interrupted
    await page.locator('[data-testid=tabs] a[data-tab=courses]').click();
    await page.waitForURL((url) => url.pathname === '/institution');

    await page.goto('/adminTools');
    await input.fill(`${saved}-again`);
    await page.locator('[data-testid=tabs] a[data-tab=courses]').click();
    await page.getByTestId('leave-anyway').click();
    await page.waitForURL((url) => url.pathname === '/institution');
  });

  it('internal users view the settings without Save or Cancel', async () => {
    const { page } = b;
    await loginAs(page, 'internal', { path: '/adminTools' });
    await waitForShell(page);
    await page.getByTestId('read-only').waitFor();
    expect(await page.getByTestId('org-inclusive-id').isDisabled()).toBe(true);
    expect(await page.getByTestId('save').count()).toBe(0);
    expect(await page.getByTestId('cancel').count()).toBe(0);
  });
});

describe.each([
  ['en', 'en-US', en],
  ['fr', 'fr-FR', fr],
] as const)('census duration as typed (%s)', (_lang, locale, texts) => {
  const b = useBrowser(`admin-tools-census-${_lang}`, { locale });

  it('refuses 0, 366, 1.5 and "1 0" with the field message instead of clamping, and saves nothing', async () => {
    const { page } = b;
    await loginAs(page, 'super', { path: '/adminTools' });
    await waitForShell(page);
    const census = page.getByTestId('census-duration');
    await census.waitFor();
    if (await census.isDisabled()) await page.getByTestId('census-enabled').click({ force: true });
    const cases: [string, string][] = [
      ['0', texts.validation.durationRange],
      ['366', texts.validation.durationRange],
      ['1.5', texts.validation.durationNumber],
      ['1 0', texts.validation.durationNumber],
    ];
    for (const [typed, message] of cases) {
      await census.fill(typed);
      await census.blur();
      expect(await census.inputValue()).toBe(typed); // not clamped on leaving the field
      await page.getByTestId('save').click();
      await page.getByText(message).first().waitFor();
      expect(await census.getAttribute('aria-invalid')).toBe('true');
    }
    expect(await page.getByText(texts.adminTools.saved).count()).toBe(0);
  });
});
