/**
 * The pages changed for issue 37, in Chinese, as the persona who uses each, at 1280 and 390 px:
 * a screenshot of each (test-results/zh--*.png, looked at by a person), and no page wider than the
 * screen. Audit log, users and bulk accounts, offers, products, course detail, alerts, people.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import zh from '../src/web/i18n/zh.json';
import { loginAs, type Persona, RESULTS_DIR, useBrowser, waitForShell } from './fixtures';

const WIDTHS = [1280, 390] as const;

/** What to show: a path, then an optional step on the page (a tab, a popup). */
const SHOTS: [Persona, string, string, ((page: Page) => Promise<void>)?][] = [
  ['registrar', 'audit', '/auditLog'],
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
      await page.getByTestId('alerts-bell').first().click();
      await page.getByTestId('alerts-popup').waitFor();
    },
  ],
  ['support', 'people', '/people'],
  ['adjunct', 'courses', '/institution'],
];

describe('issue 37 pages in Chinese', () => {
  const b = useBrowser('screens-zh', { locale: 'zh-CN' });

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
