import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coursesApi } from '../src/shared/contract/courses';
import { offersApi } from '../src/shared/contract/offers';
import { apiRoute, loginAs, seriousViolations, tabLabels, useBrowser, waitForShell } from './fixtures';
import { LANGUAGES } from './languages';

const WAIT = { timeout: 20_000 };
const US_DATE = /\b\d{2}\/\d{2}\/\d{4}\b/;
/** Dates written any other way: ISO days, or "Nov 26, 2026" / "26 nov. 2026" / "2026年11月26日". */
const OTHER_DATES = [
  /\b\d{4}-\d{2}-\d{2}\b/,
  /\b[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}\b/,
  /\b\d{1,2} [a-zéû]{3,9}\.? \d{4}\b/,
  /\d{4}年\d{1,2}月\d{1,2}日/,
];

/** Every date the main area shows is MM/DD/YYYY: at least one is, none is written otherwise. */
async function expectOnlyUsDates(page: Page, where: string) {
  const text = await page.locator('main').innerText();
  expect(text, `${where} shows a MM/DD/YYYY date`).toMatch(US_DATE);
  for (const other of OTHER_DATES) expect(text.match(other)?.[0] ?? null, `${where}: ${other}`).toBeNull();
}

async function currentOrgId(page: Page): Promise<number> {
  const text = (await page.getByTestId('institution-id').textContent()) ?? '';
  return Number(/(\d+)\s*$/.exec(text)?.[1]);
}

describe.each(LANGUAGES)('dates, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`dates-${lang}`, { locale });

  it('reads every date on courses, course detail, offers and products as MM/DD/YYYY', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'super'))!;
    await waitForShell(page);
    await page.getByTestId('course-total').waitFor(WAIT);
    await expectOnlyUsDates(page, 'courses');

    await page.locator('main table a[href*="/institution/courseDetail/"]').first().click();
    await page.getByTestId('course-view').waitFor(WAIT);
    await page.getByTestId('course-end').waitFor(WAIT);
    await expectOnlyUsDates(page, 'course detail');

    const orgId = await currentOrgId(page);
    const offers = await apiRoute(token, offersApi.list, { query: { organizationId: orgId } }).catch(
      () => null,
    );
    await page.goto('/offers');
    if (offers && offers.total > 0) {
      await page.getByTestId('offer-row').first().waitFor(WAIT);
      await expectOnlyUsDates(page, 'offers');
      await page.getByTestId('offer-link').first().click();
      await page.getByTestId('offer-fields').waitFor(WAIT);
      await expectOnlyUsDates(page, 'offer detail');
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters products by course dates typed or picked, both kept, the calendar in the app language', async () => {
    const { page } = b;
    await loginAs(page, 'super', { path: '/products' });
    await waitForShell(page);
    await page.getByTestId('date-flag').click();
    const from = page.getByTestId('date-from');
    await from.waitFor(WAIT);
    const to = page.getByTestId('date-to');
    // typed digit by digit, both quickly: neither is rewritten nor dropped
    await from.pressSequentially('03152026');
    await to.pressSequentially('09/16/2026');
    await expect.poll(() => new URL(page.url()).searchParams.get('from'), WAIT).toBe('2026-03-15');
    await expect.poll(() => new URL(page.url()).searchParams.get('to'), WAIT).toBe('2026-09-16');
    await to.blur();
    await expect.poll(() => from.inputValue(), WAIT).toBe('03/15/2026');
    expect(await to.inputValue()).toBe('09/16/2026');
    // more than six months: the spec's message
    await page.getByText(catalog.validation.dateRangeSixMonths).waitFor(WAIT);

    // the calendar speaks the app language
    await to.fill('');
    await to.pressSequentially('08/31/2026');
    await to.click();
    const month = lang === 'fr' ? 'août 2026' : 'August 2026';
    await page.getByRole('button', { name: month, exact: true }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('to'), WAIT).toBe('2026-08-31');
    await page.getByText(catalog.validation.dateRangeSixMonths).waitFor({ state: 'detached', ...WAIT });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the adjunct at Abbott Valley: the Courses tab and the blue notice alone, no error, no pager', async () => {
    const { page } = b;
    await loginAs(page, 'adjunct');
    await waitForShell(page);
    await page.getByTestId('no-permission-notice').waitFor(WAIT);
    expect(await tabLabels(page)).toContain(catalog.tabs.courses);
    expect(await page.getByText(catalog.error.accessDenied).count()).toBe(0);
    expect(await page.locator('main .mantine-Pagination-root').count()).toBe(0);
    expect(await page.getByTestId('course-total').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("reaches the master-child view from a master's children", async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    await waitForShell(page);
    const orgId = await currentOrgId(page);
    const list = await apiRoute(token, coursesApi.masterChildList, {
      query: { organizationId: orgId, coursePeriod: 'CURRENT' },
    });
    const master = list.masters.find((m) => m.children.length > 0);
    expect(master).toBeDefined();
    await page.goto(`/institution/courseDetail/${master!.sectionId}?tab=children`);
    await page.getByTestId('child-course-link').first().click();
    await expect
      .poll(() => page.getByTestId('course-view').textContent(), WAIT)
      .toBe(catalog.courses.detail.view.masterChild);
    await page.getByTestId('master-course').getByText(master!.courseName).waitFor(WAIT);
    await expectOnlyUsDates(page, 'master-child view');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('dates on narrow and wide screens', () => {
  const b = useBrowser('dates-screens');

  it('the Inclusive Access time zone and the products date filter at 1280 and 390 px', async () => {
    const { page } = b;
    await loginAs(page, 'super', { path: '/adminTools' });
    await waitForShell(page);
    const zone = page.getByTestId('time-zone');
    await zone.waitFor(WAIT);
    expect(await zone.inputValue()).toMatch(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
    await page.screenshot({ path: 'test-results/dates-admin-tools-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/dates-admin-tools-390.png', fullPage: true });
    await page.goto('/products?dates=1&from=2026-03-15&to=2026-08-31');
    await page.getByTestId('date-from').waitFor(WAIT);
    expect(await page.getByTestId('date-from').inputValue()).toBe('03/15/2026');
    await page.screenshot({ path: 'test-results/dates-products-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('date-to').click();
    await page.screenshot({ path: 'test-results/dates-products-1280.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
