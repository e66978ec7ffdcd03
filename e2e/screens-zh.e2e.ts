/**
 * The pages an administrator uses most, in Chinese, as the persona who uses each, at 1280 and 390 px:
 * a screenshot of each (test-results/zh--*.png, looked at by a person), and no page wider than the
 * screen. Audit log, users and bulk accounts, offers, products, course detail, alerts, people.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { rolesApi } from '../src/shared/contract/roles';
import zh from '../src/web/i18n/zh.json';
import { apiLogin, apiRoute, loginAs, type Persona, RESULTS_DIR, useBrowser, waitForShell } from './fixtures';

const WIDTHS = [1280, 390] as const;

/** What to show: a path, then an optional step on the page (a tab, a popup). */
const SHOTS: [Persona, string, string, ((page: Page) => Promise<void>)?][] = [
  [
    'registrar',
    'audit',
    '/auditLog',
    async (page) => {
      await page.getByTestId('audit-row').first().waitFor();
      await page.getByTestId('audit-expand').first().click();
    },
  ],
  ['registrar', 'users', '/users'],
  [
    'registrar',
    'bulk',
    '/users',
    async (page) => {
      await page.getByRole('tab', { name: zh.users.tabs.bulk }).click();
      await page.getByTestId('bulk-dropzone').waitFor();
    },
  ],
  ['registrar', 'offers', '/offers'],
  ['super', 'products', '/products'],
  ['super', 'course-detail', '/institution/courseDetail/1001'],
  [
    'super',
    'alerts',
    '/institution',
    async (page) => {
      // The bell toggles the popup: click it only while the popup is not shown (the Escape of the
      // previous width may still be closing it), until it is.
      const popup = page.getByTestId('alerts-popup');
      await expect
        .poll(
          async () => {
            if (await popup.isVisible()) return true;
            await page.locator('[data-testid=alerts-bell]:visible').first().click();
            return false;
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(true);
    },
  ],
  [
    'support',
    'people',
    '/people',
    async (page) => {
      await page.getByLabel(zh.people.search).fill('registrar');
      await page.getByTestId('person-row').first().waitFor();
    },
  ],
  ['adjunct', 'courses', '/institution'],
];

describe('issue 37 pages in Chinese', () => {
  const b = useBrowser('screens-zh', { locale: 'zh-CN' });

  beforeAll(async () => {
    // an audited change with its summary in the sentence: a role created and renamed
    const token = await apiLogin('registrar');
    const session = await apiRoute(token, authApi.session);
    for (const { orgId } of session.institutions) {
      const stamp = `${orgId}-${Date.now()}`;
      const made = await apiRoute(token, rolesApi.create, {
        body: { contextId: orgId, name: `审计 ${stamp}`, permissions: ['CAN_ACCESS_ADMIN_DASHBOARD'] },
      });
      await apiRoute(token, rolesApi.update, {
        query: { groupId: made.group.groupId },
        body: { name: `已审计 ${stamp}`, version: made.group.version },
      });
    }
  });

  it.each(SHOTS)('%s: %s', async (persona, name, path, step) => {
    const { page } = b;
    await loginAs(page, persona, { path });
    await waitForShell(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      if (step) await step(page);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(RESULTS_DIR, `zh--${name}-${width}.png`), fullPage: true });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(width);
      if (step) await page.keyboard.press('Escape');
    }
  });
});
