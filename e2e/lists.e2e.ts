import { describe, expect, it } from 'vitest';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { loginAs, useBrowser, waitForShell } from './fixtures';

/** List pages: empty states, selection only with an action, the row menu reachable at 1280 and 390 px. */

describe.each([
  ['en', 'en-US', en],
  ['fr', 'fr-FR', fr],
] as const)('list pages (%s)', (lang, locale, texts) => {
  const b = useBrowser(`lists-${lang}`, { locale });

  it('EAD Admin: a search with no match shows an empty state', async () => {
    const { page } = b;
    await loginAs(page, 'super', { path: '/internalUser' });
    await waitForShell(page);
    await page.getByTestId('internal-users').waitFor();
    await page.getByLabel(texts.internalUsers.search).fill('zz-no-such-user-zz');
    await expect
      .poll(() => page.getByTestId('internal-empty').textContent())
      .toBe(texts.internalUsers.noMatch.replace('{{search}}', 'zz-no-such-user-zz'));
  });

  it('internal users see no row checkboxes on the course list (no bulk action for them)', async () => {
    const { page } = b;
    await loginAs(page, 'internal');
    await waitForShell(page);
    await page.getByTestId('course-row').first().waitFor();
    expect(await page.getByTestId('course-table').getByRole('checkbox').count()).toBe(0);
    expect(await page.getByTestId('selected-count').count()).toBe(0);
  });

  for (const width of [1280, 390]) {
    it(`the course list's row menu is reachable at ${width} px`, async () => {
      const { page } = b;
      await page.setViewportSize({ width, height: 800 });
      await loginAs(page, 'registrar');
      await waitForShell(page);
      const actions = page.getByTestId('course-row').first().getByTestId('row-actions');
      await actions.waitFor();
      // the page itself never scrolls sideways; the table does, with the actions column kept in view
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const box = await actions.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      await actions.click();
      await page.getByRole('menu').waitFor();
      await page.screenshot({ path: `/tmp/b13-courses-${lang}-${width}.png` });
    });
  }

  it("at 390 px the roles page shows a role's column and menu next to the permission names", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAs(page, 'registrar', { path: '/roles' });
    await waitForShell(page);
    const menu = page.locator('thead').getByRole('button').first();
    await menu.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await menu.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await menu.click();
    await page.getByRole('menuitem', { name: texts.roles.actions.members }).waitFor();
  });
});
