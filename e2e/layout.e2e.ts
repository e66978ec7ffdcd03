/**
 * Layout and accessibility across the app: no page wider than a 390 px screen in any language, no
 * serious or critical axe violation on the 390 px layouts and in the dialogs, the course table's
 * columns readable in French at 1280 px, act-as reachable from the small-screen menu.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import zh from '../src/web/i18n/zh.json';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import { apiRoute, loginAs, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { LANGUAGES } from './languages';

const ALL_LANGUAGES = [...LANGUAGES, { lang: 'zh', locale: 'zh-CN', catalog: zh as typeof en }];
const SMALL = { width: 390, height: 844 };

/** Every signed-in route a super admin opens (a course, its roster, an offer of the demo world). */
const ROUTES = [
  '/institution',
  '/institution/courseDetail/1001',
  '/institution/courseDetail/1001?tab=roster',
  '/createCourse',
  '/users',
  '/roles',
  '/products',
  '/products/pair',
  '/offers',
  '/offers/12',
  '/adminTools',
  '/ltiIntegrations',
  '/internalUser',
  '/auditLog',
  '/recentlyRemoved',
];

/** Opens `path` and waits until its content has arrived. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForShell(page);
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByTestId('global-loader').count()).toBe(0);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Badges whose text is cut (shown with an ellipsis): their label is wider than the badge shows. */
const truncatedBadges = (page: Page) =>
  page
    .locator('[role=dialog] .mantine-Badge-label')
    .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));

describe.each(ALL_LANGUAGES)('at 390 px, in $lang', ({ lang, locale }) => {
  const b = useBrowser(`layout-390-${lang}`, { locale, viewport: SMALL });

  it('no page is wider than the screen', async () => {
    const { page } = b;
    await loginAs(page, 'super');
    await waitForShell(page);
    const wide: string[] = [];
    for (const path of ROUTES) {
      await open(page, path);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe(lang);
      const width = await pageWidth(page);
      if (width > SMALL.width) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });
});

describe('390 px layouts (axe)', () => {
  const b = useBrowser('layout-390-axe', { viewport: SMALL });

  it.each(ROUTES)('%s has no serious or critical violation', async (path) => {
    const { page } = b;
    await loginAs(page, 'super', { path });
    await open(page, path);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("a roster with students: Paid badges readable, the table's scroll area reachable by keyboard", async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar')) as string;
    await waitForShell(page);
    const session = await apiRoute(token, authApi.session);
    const list = await apiRoute(token, coursesApi.list, {
      query: { organizationId: session.institutions[0].orgId, sort: 'enrollmentCount', order: 'desc' },
    });
    await open(page, `/institution/courseDetail/${list.courses[0].sectionId}?tab=roster`);
    await page.getByTestId('roster-row').first().waitFor();
    expect(await page.locator('[data-testid=roster] [data-access]').count()).toBeGreaterThan(0);
    const viewport = page.getByTestId('roster').locator('.mantine-ScrollArea-viewport').first();
    // wider than the screen, so it scrolls; the keyboard can focus it and scroll it
    expect(await viewport.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await viewport.focus();
    expect(await viewport.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(SMALL.width);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('act-as opens from the small-screen menu', async () => {
    const { page } = b;
    await loginAs(page, 'super');
    await waitForShell(page);
    expect(await page.getByTestId('act-as-open').isVisible()).toBe(false);
    await page.getByRole('button', { name: en.header.openMenu }).click();
    await page.getByTestId('menu-act-as').click();
    const dialog = page.getByRole('dialog').filter({ hasText: en.actAs.explain });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: en.common.close }).count()).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(SMALL.width);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe.each(ALL_LANGUAGES)('dialogs, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`layout-dialogs-${lang}`, { locale });
  const closeName = { name: catalog.common.close, exact: true };

  it('opt-out files: named close button, whole badges in the report, no serious violation', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    await page.getByTestId('opt-out-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('button', closeName).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // a file whose rows match nobody: a report with badges, and no enrollment changes
    const file = join(mkdtempSync(join(tmpdir(), 'cwa-layout-')), `layout-${lang}.csv`);
    writeFileSync(
      file,
      [
        'Email,Section ID,Opt Status',
        `nobody-${lang}@example.edu,,optout`,
        `nobody-${lang}@example.edu,,optin`,
      ].join('\r\n'),
    );
    await page.locator('[data-testid=opt-out-dropzone] input[type=file]').setInputFiles(file);
    const report = page.getByTestId('opt-out-report');
    await report.waitFor();
    await expect.poll(() => report.locator('.mantine-Badge-root').count()).toBeGreaterThanOrEqual(4);
    expect(await truncatedBadges(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('create internal user: named close button, no serious violation', async () => {
    const { page } = b;
    await loginAs(page, 'super', { path: '/internalUser' });
    await waitForShell(page);
    await page.getByTestId('internal-users').waitFor();
    await page.getByRole('button', { name: catalog.internalUsers.create }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('button', closeName).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('copy course: named close button, no serious violation', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    await page.getByTestId('row-actions').first().click();
    await page.getByRole('menu').getByTestId('copy-course').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByTestId('copy-course').first().waitFor();
    expect(await dialog.getByRole('button', closeName).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('course table in French at 1280 px', () => {
  const b = useBrowser('layout-course-table-fr', { locale: 'fr-FR' });

  it('shows every column beside the sticky actions column, none hidden behind it', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    await page.getByTestId('course-row').first().waitFor();
    const table = page.getByTestId('course-table');
    const heads = table.locator('thead th');
    const access = heads.filter({ hasText: fr.institutions.table.accessType });
    const actions = heads.last();
    const a = (await access.boundingBox())!;
    const s = (await actions.boundingBox())!;
    expect(a.x + a.width).toBeLessThanOrEqual(s.x + 1);
    // the table needs no sideways scrolling at this width
    expect(
      await table.evaluate((el) => {
        const viewport = el.closest(
          '[data-scrollarea-viewport], .mantine-ScrollArea-viewport',
        ) as HTMLElement;
        return viewport.scrollWidth - viewport.clientWidth;
      }),
    ).toBeLessThanOrEqual(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
