import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRoute, baseURL, loginAs, useBrowser, waitForShell } from './fixtures';
import { fillPlain } from './steps';
import { type Catalog, LANGUAGES } from './languages';
import type { z } from 'zod';
import { type AlertsResponse, alertsApi } from '../src/shared/contract/alerts';
import type { CopyRefusal } from '../src/shared/contract/common';
import { courseCopyApi } from '../src/shared/contract/course-copy';
import type { RouteResponse } from '../src/shared/contract/route';
import { coursesApi } from '../src/shared/contract/courses';
import { formatUsDate } from '../src/shared/validation';

/**
 * Course copy from the course list, the bell that tells about it, copy refusals (spec §5, §8 codes
 * 101-107, 160+) in the user's language, and who may not copy.
 */

type Alerts = z.infer<typeof AlertsResponse>;
type Validations = RouteResponse<typeof courseCopyApi.validations>;

/** A catalog text with its {{placeholders}} filled in and its <tags> dropped, as the page shows it. */

/** The text of a copy validation code, as the dialog shows it: "<message> (<code>)". */
function refusalText(catalog: Catalog, code: number): string {
  type KnownCode = keyof Catalog['courseCopy']['validation'] & `${number}`;
  const known = (code in catalog.courseCopy.validation ? String(code) : '160') as KnownCode;
  return fillPlain(catalog.courseCopy.validation.withCode, {
    message: catalog.courseCopy.validation[known],
    code,
  });
}

/** The unread count the bell announces ("Alerts: 27 unread"), 0 when it shows none. */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('alerts-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? 0);
}

async function orgIdOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('institution-id').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

/** The current courses of the institution that pass every copy rule (spec §5 codes), with their preview. */
async function copyableCourses(token: string, orgId: number): Promise<Validations['validations']> {
  const list = await apiRoute(token, coursesApi.list, {
    query: { organizationId: orgId, coursePeriod: 'CURRENT', filterBy: 'STUDENTUSE', pageSize: 100 },
  });
  const ids = list.courses.map((c) => c.sectionId).join(',');
  const checks = await apiRoute(token, courseCopyApi.validations, {
    query: { organizationId: orgId, sectionIds: ids },
  });
  return checks.validations.filter((v) => v.valid);
}

/** Pairs of sections of one course (they share its name, their section codes differ). */
function sectionPairs(courses: Validations['validations']): [number, number][] {
  const byName = new Map<string, Validations['validations']>();
  for (const v of courses.filter((c) => c.preview.sectionCode)) {
    byName.set(v.preview.courseName, [...(byName.get(v.preview.courseName) ?? []), v]);
  }
  return [...byName.values()].flatMap((sections) =>
    Array.from({ length: Math.floor(sections.length / 2) }, (_, i): [number, number] => [
      sections[2 * i].sectionId,
      sections[2 * i + 1].sectionId,
    ]),
  );
}

/** A course on the page that the server refuses to copy, with its code. */
async function refusedCourse(page: Page, token: string): Promise<z.infer<typeof CopyRefusal>> {
  const ids = await page
    .getByTestId('course-row')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-section-id'))));
  const orgId = await orgIdOf(page);
  const checks = await apiRoute(token, courseCopyApi.validations, {
    query: { organizationId: orgId, sectionIds: ids.join(',') },
  });
  const refused = checks.validations.find((v) => !v.valid && v.code !== null);
  if (!refused) throw new Error(`no course on the page is refused for copying (${ids.length} checked)`);
  return { sectionId: refused.sectionId, code: refused.code as number };
}

async function openCopyDialog(page: Page, sectionId: number) {
  await page
    .locator(`[data-testid=course-row][data-section-id="${sectionId}"] [data-testid=row-actions]`)
    .click();
  await page.getByRole('menu').getByTestId('copy-course').click();
  await page.getByRole('dialog').waitFor();
}

const sectionAlertsSince = (alerts: Alerts, since: number) =>
  [alerts.today, alerts.yesterday, alerts.older]
    .flatMap((b) => b.sections)
    .filter((s) => Date.parse(s.alertDate) > since).length;

describe.each(LANGUAGES)('course copy, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`course-copy-${lang}`, { locale });
  const texts = catalog.courseCopy;
  /** Each language copies its own two sections, so no run finds the other's copies or alerts. */
  const run = LANGUAGES.findIndex((l) => l.lang === lang);

  it('registrar copies two sections of one course, sees the success text, the bell count rise, and closes one alert', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/institution?size=100' })) as string;
    await waitForShell(page);
    await page.getByTestId('course-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    const orgId = await orgIdOf(page);
    const copyable = await copyableCourses(token, orgId);
    const pair = sectionPairs(copyable)[run];
    expect(pair).toBeDefined();
    const [first, second] = pair;
    const codeOf = (id: number) => copyable.find((v) => v.sectionId === id)?.preview.sectionCode as string;

    await expect.poll(() => page.getByTestId('alerts-bell').getAttribute('aria-label')).toBeTruthy();
    const before = await bellCount(page);
    for (const id of [first, second]) {
      await page.locator(`[data-testid=course-row][data-section-id="${id}"] input[type=checkbox]`).check();
    }
    await page.getByTestId('copy-selected').click();
    await expect.poll(() => page.getByTestId('copy-name').count()).toBe(2);
    const names = await page
      .getByTestId('copy-name')
      .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    const copySuffix = fillPlain(texts.copyName, { name: '' }).trim(); // "(Copy)", "(copie)"
    expect(names.every((n) => n.endsWith(copySuffix))).toBe(true);
    // two sections of one course: each default name carries its source section's code, so they differ
    const named = await page.getByTestId('copy-course').evaluateAll((els) =>
      els.map((el) => ({
        sectionId: Number(el.getAttribute('data-section-id')),
        name: el.querySelector<HTMLInputElement>('[data-testid=copy-name]')?.value ?? '',
      })),
    );
    expect(named.map((c) => c.sectionId).sort((x, y) => x - y)).toEqual(
      [first, second].sort((x, y) => x - y),
    );
    for (const c of named) expect(c.name, `section ${c.sectionId}`).toContain(codeOf(c.sectionId));
    expect(new Set(names).size).toBe(2);
    // each card tells its section apart: the section code and the source section's dates, as text
    for (const id of [first, second]) {
      const card = page.locator(`[data-testid=copy-course][data-section-id="${id}"]`);
      const p = copyable.find((v) => v.sectionId === id)?.preview;
      expect(await card.getByTestId('copy-section-code').textContent()).toBe(
        fillPlain(texts.dialog.section, { code: codeOf(id) }),
      );
      expect(await card.getByTestId('copy-source-dates').textContent()).toBe(
        fillPlain(texts.dialog.source, {
          start: formatUsDate(p?.sourceStartDate ?? ''),
          end: formatUsDate(p?.sourceEndDate ?? ''),
        }),
      );
    }
    const heading = (id: number) =>
      page
        .locator(`[data-testid=copy-course][data-section-id="${id}"]`)
        .getByTestId('copy-section-code')
        .textContent();
    expect(await heading(first)).not.toBe(await heading(second));
    await page.screenshot({ path: `test-results/course-copy-sections-${lang}-1280.png` });
    await page.getByTestId('copy-confirm').click();
    await page.getByText(texts.started_other).waitFor();

    // the copies finish in the background; the bell polls and counts them within seconds
    await expect
      .poll(() => bellCount(page), { timeout: 30_000, interval: 500 })
      .toBeGreaterThanOrEqual(before + 2);

    await page.getByTestId('alerts-bell').click();
    const popup = page.getByTestId('alerts-popup');
    await popup.waitFor();
    expect(await popup.getByRole('heading', { name: catalog.alerts.title }).count()).toBe(1);
    const entries = popup.getByTestId('alert-entry').filter({
      hasText: fillPlain(catalog.alerts.copySucceeded, { name: names[0] }),
    });
    await entries.first().waitFor();
    const shown = await entries.count();
    const counted = await bellCount(page);
    const closedAt = Date.now();
    await entries.first().getByTestId('alert-close').click();

    // the row slides out, then the acknowledgement goes; the count falls by one (plus any alert
    // the scheduled scan raised meanwhile)
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(shown - 1);
    await expect
      .poll(
        async () => {
          const alerts: Alerts = await apiRoute(token, alertsApi.list, { query: { organizationId: orgId } });
          return (await bellCount(page)) - sectionAlertsSince(alerts, closedAt);
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(counted - 1);
  });

  it('opens the copied course from its alert', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    await page.getByTestId('alerts-bell').click();
    const title = page.getByTestId('alerts-popup').getByTestId('alert-title').first();
    await title.waitFor();
    const name = (await title.textContent()) ?? '';
    await title.click();
    await page.waitForURL(/\/institution\/courseDetail\/\d+/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toContain(name.replace(/ \(.*$/, ''));
  });

  it('a course that cannot be copied shows its reason', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/institution?size=100' })) as string;
    await waitForShell(page);
    await page.getByTestId('course-row').first().waitFor();
    const refused = await refusedCourse(page, token);

    await openCopyDialog(page, refused.sectionId);
    const reason = page.getByTestId('copy-refused');
    await reason.waitFor();
    expect(await reason.textContent()).toBe(refusalText(catalog, refused.code));
  });

  it('a copy the server refuses on submit names the course and its code', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/institution?size=100' })) as string;
    await waitForShell(page);
    await page.getByTestId('course-row').first().waitFor();
    const refused = await refusedCourse(page, token);

    // the dialog's check says the course may be copied (as if it changed since): the server re-checks
    // on submit and answers 422 with `refused: [{ sectionId, code }]`
    await page.route(`**${courseCopyApi.validations.path}**`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Validations;
      const json = {
        validations: body.validations.map((v) => ({ ...v, valid: true, code: null, message: null })),
      };
      await route.fulfill({ response, json });
    });
    await openCopyDialog(page, refused.sectionId);
    const confirm = page.getByTestId('copy-confirm');
    await confirm.waitFor();
    const answer = page.waitForResponse(
      (res) =>
        res.url().includes(courseCopyApi.copy.path) && res.request().method() === courseCopyApi.copy.method,
    );
    await confirm.click();
    const res = await answer;
    expect(res.status()).toBe(422);
    expect((await res.json()).refused).toEqual([{ sectionId: refused.sectionId, code: refused.code }]);

    const reason = page.getByTestId('copy-refused');
    await reason.waitFor();
    expect(await reason.textContent()).toBe(refusalText(catalog, refused.code));
    await page.getByText(texts.failed_one).first().waitFor();
  });
});

/** Who may not copy: no text involved, so English only. */
describe('course copy, refused to internal users', () => {
  const b = useBrowser('course-copy');

  it('internal users find no copy action, and the server refuses them', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'internal')) as string;
    await waitForShell(page);
    await page.getByTestId('course-row').first().waitFor();
    expect(await page.getByTestId('copy-selected').count()).toBe(0);
    await page.getByTestId('row-actions').first().click();
    await page.getByRole('menu').waitFor();
    expect(await page.getByTestId('copy-course').count()).toBe(0);
    expect(await page.getByTestId('create-child-course').count()).toBe(0);

    const orgId = await orgIdOf(page);
    const sectionId = Number(await page.getByTestId('course-row').first().getAttribute('data-section-id'));
    const res = await fetch(`${baseURL()}${courseCopyApi.copy.path}`, {
      method: courseCopyApi.copy.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        organizationId: orgId,
        courses: [{ sectionId, courseName: 'Nope', startDate: '2030-01-07', endDate: '2030-05-03' }],
      }),
    });
    expect(res.status).toBe(403);
  });
});
