import { describe, expect, it } from 'vitest';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { loginAs, useBrowser, waitForShell } from './fixtures';

/** Keyboard: a dialog opened from a course row's menu gives focus back to that row's "…" button. */

describe.each([
  ['en', 'en-US', en],
  ['fr', 'fr-FR', fr],
] as const)('row menu focus (%s)', (lang, locale, texts) => {
  const b = useBrowser(`row-menu-focus-${lang}`, { locale });

  it('closing Edit course information returns focus to the row menu button', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    const row = page.getByTestId('course-row').nth(1);
    const button = row.getByTestId('row-actions');
    await button.waitFor();
    await button.click();
    await page.getByRole('menuitem', { name: texts.institutions.rowMenu.edit }).click();
    await page.getByTestId('edit-course-form').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('edit-course-form').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? 'body'))
      .toBe(await button.getAttribute('aria-label'));
  });

  it("closing a role's Rename dialog returns focus to that role's menu button", async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/roles' });
    await waitForShell(page);
    const menu = page.locator('thead').getByRole('button').first();
    await menu.waitFor();
    await menu.click();
    await page.getByRole('menuitem', { name: texts.roles.actions.rename }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? 'body'))
      .toBe(await menu.getAttribute('aria-label'));
  });
});
