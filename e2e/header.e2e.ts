import { describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { apiRoute, loginAs, useBrowser, waitForShell } from './fixtures';

/** The shell: the institution name, the institution search, 390 px. */
describe.each([
  { locale: 'en-US', catalog: en },
  { locale: 'fr-FR', catalog: fr },
])('header at 1280 px, in $locale', ({ locale, catalog }) => {
  const b = useBrowser(`header-1280-${locale}`, { locale });

  it('shows the whole institution name when it fits, with the full name in a tooltip', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    const name = page.getByTestId('institution-name');
    await name.waitFor();
    const fits = await name.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    const text = (await name.textContent()) ?? '';
    expect(text).toBe(text.toUpperCase());
    await name.hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: new RegExp(`^${text}$`, 'i') })
      .waitFor();
  });

  it('the institution search shows the current institution as its value, and searches from it', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    await waitForShell(page);
    const session = await apiRoute(token, authApi.session);
    const orgId = Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));
    const current = session.institutions.find((i) => i.orgId === orgId)!;
    const other = session.institutions.find((i) => i.orgId !== orgId)!;
    const box = page.getByTestId('institution-search');
    await expect.poll(() => box.inputValue()).toBe(`${current.displayName} (${current.orgId})`);
    expect(await box.getAttribute('placeholder')).not.toBe(`${current.displayName} (${current.orgId})`);
    await box.fill(other.displayName.slice(0, 5));
    await page.getByRole('option', { name: `${other.displayName} (${other.orgId})` }).click();
    await expect
      .poll(() => page.getByTestId('institution-id').textContent())
      .toBe(catalog.header.orgId.replace('{{id}}', String(other.orgId)));
    await expect.poll(() => box.inputValue()).toBe(`${other.displayName} (${other.orgId})`);

    // the header's chooser too
    await page.getByTestId('institution-chooser').click();
    const picker = page.getByTestId('institution-select');
    await expect.poll(() => picker.inputValue()).toBe(`${other.displayName} (${other.orgId})`);
  });
});

describe.each([
  { locale: 'en-US', catalog: en },
  { locale: 'fr-FR', catalog: fr },
])('shell at 390 px, in $locale', ({ locale, catalog }) => {
  const b = useBrowser(`header-390-${locale}`, { locale, viewport: { width: 390, height: 844 } });

  it('fits the screen: tabs in a burger menu, the bell and the institution choice work', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    // the page is laid out at the screen's width (no 1,024 px minimum), the header's controls on screen
    expect(await page.evaluate(() => document.body.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
    for (const id of ['menu-burger', 'institution-chooser', 'alerts-bell', 'institution-name']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    expect(await page.getByTestId('tabs').isVisible()).toBe(false);
    expect(await page.getByTestId('logout').isVisible()).toBe(false);

    // tabs as a menu
    await page.getByTestId('menu-burger').click();
    const drawer = page.getByRole('dialog', { name: catalog.header.menu });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: catalog.tabs.users }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await drawer.waitFor({ state: 'hidden' });

    // the bell
    await page.getByTestId('alerts-bell').click();
    await page.getByRole('dialog').getByRole('heading', { name: catalog.alerts.title }).waitFor();
    await page.keyboard.press('Escape');

    // the institution choice
    const before = (await page.getByTestId('institution-id').textContent()) ?? '';
    await page.getByTestId('institution-chooser').click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    const other = options.filter({ hasNotText: `(${before.replace(/\D/g, '')})` }).first();
    await other.click();
    await expect.poll(() => page.getByTestId('institution-id').textContent()).not.toBe(before);

    // logout from the menu
    await page.getByTestId('menu-burger').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/institution',
    );
  });
});
