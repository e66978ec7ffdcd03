import { describe, expect, it } from 'vitest';
import { loginAs, PERSONAS, tabLabels, useBrowser, waitForShell } from './fixtures';
import { EXPECTED_TABS } from './personas';

describe('header tabs per persona (ARCHITECTURE §5)', () => {
  const b = useBrowser('tabs');

  for (const persona of PERSONAS.filter((p) => p !== 'instructor')) {
    it(`${persona} sees exactly ${EXPECTED_TABS[persona].join(', ')}`, async () => {
      await loginAs(b.page, persona);
      await waitForShell(b.page);
      expect(new URL(b.page.url()).pathname).toBe('/institution');
      expect(await tabLabels(b.page)).toEqual(EXPECTED_TABS[persona]);
      // the active tab follows the path
      await expect
        .poll(() => b.page.locator('[data-testid=tabs] a[aria-current=page]').textContent())
        .toBe('Courses');
      // institution name (uppercased) and organisation id on the right
      const name = (await b.page.getByTestId('institution-name').textContent())?.trim() ?? '';
      expect(name).toBe(name.toUpperCase());
      expect(await b.page.getByTestId('institution-id').textContent()).toMatch(/^Org ID: \d+$/);
    });
  }

  it('instructor (no dashboard access, one institution) ends on /unauthorizedUser without tabs', async () => {
    await loginAs(b.page, 'instructor');
    await b.page.waitForURL('**/unauthorizedUser');
    await b.page.getByTestId('unauthorized').waitFor();
    expect(await tabLabels(b.page)).toEqual([]);
    expect(await b.page.getByTestId('no-permission-notice').count()).toBe(0);
  });

  it('the active tab follows the path', async () => {
    await loginAs(b.page, 'super', { path: '/offers/42' });
    await waitForShell(b.page);
    await expect
      .poll(() => b.page.locator('[data-testid=tabs] a[aria-current=page]').textContent())
      .toBe('Offers');
    await b.page.getByRole('link', { name: 'Inclusive Access' }).click();
    await b.page.waitForURL('**/adminTools');
    await expect
      .poll(() => b.page.locator('[data-testid=tabs] a[aria-current=page]').textContent())
      .toBe('Inclusive Access');
    await expect.poll(() => b.page.getByRole('heading', { level: 1 }).textContent()).toBe('Inclusive Access');
  });
});
