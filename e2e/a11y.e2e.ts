import { describe, expect, it } from 'vitest';
import { loginAs, seriousViolations, useBrowser, waitForShell } from './fixtures';

/** axe over the full /institution page is the heaviest step of the suite: on a busy 2-core machine it can take over a minute. */
const AXE_PAGE_TIMEOUT = 180_000;

describe('accessibility', () => {
  const b = useBrowser('a11y');

  it('the login page has no serious or critical axe violation', async () => {
    await b.page.goto('/login');
    await b.page.getByLabel('Username').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
  });

  it('the account setup page with an unusable link has no serious or critical axe violation', async () => {
    await b.page.goto('/account/setup?token=not-a-real-token');
    await b.page.getByTestId('setup-link-problem').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
    // the heading has focus on arrival; the way on is the next keyboard stop
    await b.page.keyboard.press('Tab');
    expect(await b.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Go to sign in');
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL('**/login');
  });

  it(
    '/institution has no serious or critical axe violation',
    async () => {
      await loginAs(b.page, 'super');
      await waitForShell(b.page);
      await b.page.waitForLoadState('networkidle');
      expect(await seriousViolations(b.page)).toEqual([]);
    },
    AXE_PAGE_TIMEOUT,
  );

  it(
    '/institution with the language and institution menus open has no serious or critical violation',
    async () => {
      await loginAs(b.page, 'registrar');
      await waitForShell(b.page);
      await b.page.getByTestId('language-menu').click();
      await b.page.getByRole('menu').waitFor();
      expect(await seriousViolations(b.page)).toEqual([]);
      await b.page.keyboard.press('Escape');
      await b.page.getByTestId('institution-chooser').click();
      await b.page.getByRole('dialog').waitFor();
      expect(await seriousViolations(b.page)).toEqual([]);
    },
    AXE_PAGE_TIMEOUT,
  );

  it('has landmarks and a lang attribute', async () => {
    await loginAs(b.page, 'super');
    await waitForShell(b.page);
    expect(await b.page.locator('header').count()).toBeGreaterThan(0);
    expect(await b.page.locator('main').count()).toBe(1);
    expect(await b.page.locator('footer').count()).toBe(1);
    expect(await b.page.getByRole('navigation').count()).toBe(1);
    expect(await b.page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('login and the header work from the keyboard alone', async () => {
    const { page } = b;
    await page.goto('/login');
    await page.getByLabel('Username').waitFor();
    // the username field has focus on arrival
    await page.keyboard.type('registrar');
    await page.keyboard.press('Tab');
    await page.keyboard.type('demo-pass-1');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/institution');
    await waitForShell(page);

    // skip link first, then the header controls, then the tabs
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    const reached: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(
          () =>
            document.activeElement?.getAttribute('aria-label') ??
            document.activeElement?.textContent?.trim() ??
            '',
        ),
      );
    }
    for (const name of ['Change institution', 'Alerts', 'Help', 'Account', 'Logout', 'Users', 'Roles']) {
      expect(reached.some((r) => r.includes(name))).toBe(true);
    }
    // a tab opens with Enter
    await page.getByRole('link', { name: 'Roles' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/roles');

    // the language menu: open with Enter, move with the arrows, choose with Enter
    await page.getByTestId('language-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    for (let i = 0; i < 3 && (await focused()) !== 'Français'; i++) await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Français');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
  });
});
