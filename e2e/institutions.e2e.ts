import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiLogin, apiRoute, loginAs, useBrowser, waitForShell } from './fixtures';
import { LANGUAGES } from './languages';
import { openCourseWithOptedIn } from './steps';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import type { RouteResponse } from '../src/shared/contract/route';

type Row = RouteResponse<typeof coursesApi.list>['courses'][number];

const today = () => new Date().toISOString().slice(0, 10);

/** expect.poll waits 1 s by default; pages load lazily. */
const WAIT = { timeout: 15_000 };

const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

describe.each(LANGUAGES)('institution page (registrar), main path in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`institutions-${lang}`, { locale });

  it('chooses an institution by name and switches the period filter', async () => {
    const { page } = b;
    const token = await loginAs(page, 'registrar');
    await waitForShell(page);
    const session = await apiRoute(token!, authApi.session);
    const current = (await page.getByTestId('institution-id').textContent()) ?? '';
    const other = session.institutions.find((i) => !current.endsWith(` ${i.orgId}`))!;

    // institution search on the page
    await page.getByTestId('institution-search').click();
    await page.getByRole('option', { name: `${other.displayName} (${other.orgId})` }).click();
    await expect
      .poll(() => page.getByTestId('institution-id').textContent(), WAIT)
      .toBe(catalog.header.orgId.replace('{{id}}', String(other.orgId)));
    await expect
      .poll(() => page.getByTestId('course-table').locator('caption').textContent(), WAIT)
      .toContain(other.displayName.toUpperCase());

    // current by default; future shows other courses, all starting after today
    await page.getByTestId('course-row').first().waitFor();
    const currentTotal = await page.getByTestId('course-total').textContent();
    const currentFirst = await page.getByTestId('course-row').first().getAttribute('data-section-id');
    await page.getByTestId('period-filter').getByText(startsWith(catalog.status.period.future)).click();
    await page.waitForURL(/period=future/);
    await expect
      .poll(() => page.getByTestId('course-row').first().getAttribute('data-section-id'), WAIT)
      .not.toBe(currentFirst);
    expect(await page.getByTestId('course-total').textContent()).not.toBe(currentTotal);
    const list = await apiRoute(token!, coursesApi.list, {
      query: { organizationId: other.orgId, coursePeriod: 'FUTURE' },
    });
    expect(list.courses.every((c) => c.startDate > today())).toBe(true);
    const firstShown = Number(await page.getByTestId('course-row').first().getAttribute('data-section-id'));
    expect(list.courses.map((c) => c.sectionId)).toContain(firstShown);
    await page.getByTestId('period-filter').getByText(startsWith(catalog.status.period.past)).click();
    await page.waitForURL(/period=past/);
  });
});

describe('institution page (registrar)', () => {
  const b = useBrowser('institutions');

  it('searches inside the list and opens a course detail', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    const first = page.getByTestId('course-link').first();
    await first.waitFor();
    const name = (await first.textContent()) ?? '';
    await page.getByTestId('course-search').fill(name.slice(0, 8));
    await page.waitForURL(/q=/);
    await first.click();
    await page.waitForURL(/\/institution\/courseDetail\/\d+/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe(name);
    expect(await page.getByTestId('course-start').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await page.getByTestId('course-duration').textContent()).toMatch(/^\d+ days?$/);
    expect(await page.getByTestId('course-census').textContent()).toMatch(/^(\d{2}\/\d{2}\/\d{4}|not set)$/);
  });

  it('uploads an opt-out CSV, sees opt statuses change, deletes it and sees them restored', async () => {
    const { page } = b;
    const token = await loginAs(page, 'registrar');
    await waitForShell(page);
    const session = await apiRoute(token!, authApi.session);
    const orgId = session.institutions[0].orgId;
    const courses: Row[] = [];
    for (const period of ['CURRENT', 'FUTURE']) {
      const list = await apiRoute(token!, coursesApi.list, {
        query: {
          organizationId: orgId,
          coursePeriod: period,
          sort: 'enrollmentCount',
          order: 'desc',
          pageSize: 100,
        },
      });
      courses.push(...list.courses);
    }
    // a course before its census day (statuses still open) with two opted-in students
    const { course, students } = await openCourseWithOptedIn(token!, orgId, 2, 'desc');
    const dir = mkdtempSync(join(tmpdir(), 'cwa-optout-'));
    const file = join(dir, 'optout-e2e.csv');
    writeFileSync(
      file,
      [
        'Email,Section ID,Opt Status',
        ...students.map((s) => `${s.email},${course.sectionId},optout`),
        'nobody@example.edu,,optout',
      ].join('\r\n'),
    );

    await page.getByTestId('opt-out-open').click();
    await page.locator('[data-testid=opt-out-dropzone] input[type=file]').setInputFiles(file);
    const report = page.getByTestId('opt-out-report');
    await report.waitFor();
    expect(await report.locator('tr[data-outcome=applied]').count()).toBe(2);
    expect(await report.locator('tr[data-outcome=notFound]').count()).toBe(1);
    await page.getByText('Opt-out file uploaded successfully').first().waitFor();
    await page.keyboard.press('Escape');

    const roster = `/institution/courseDetail/${course.sectionId}?tab=roster`;
    const statusOf = async (email: string) => {
      const search = page.getByLabel('Search students');
      await search.fill(email);
      const row = page.getByTestId('roster-row').filter({ hasText: email });
      await expect.poll(() => page.getByTestId('roster-row').count(), WAIT).toBe(1);
      return row.locator('[data-opt]').getAttribute('data-opt');
    };
    await page.goto(roster);
    await page.getByTestId('roster').waitFor();
    for (const s of students) expect(await statusOf(s.email)).toBe('optout');

    await page.goto('/institution');
    await page.getByTestId('opt-out-open').click();
    const row = page.getByTestId('opt-out-files').locator('tr').filter({ hasText: 'optout-e2e.csv' }).first();
    await row.getByTestId('delete-opt-out-file').click();
    await page.getByTestId('confirm-delete-file').click();
    await page
      .getByText(/Opt-out file deleted successfully: 2 enrollments restored/)
      .first()
      .waitFor();
    await page.keyboard.press('Escape');

    await page.goto(roster);
    await page.getByTestId('roster').waitFor();
    for (const s of students) expect(await statusOf(s.email)).toBe('optin');
  });
});

describe('institution page (internal user)', () => {
  const b = useBrowser('institutions-internal');

  it('shows courses with no edit, remove or create actions', async () => {
    const { page } = b;
    await loginAs(page, 'internal');
    await waitForShell(page);
    await page.getByTestId('course-row').first().waitFor();
    expect(await page.getByTestId('create-course').count()).toBe(0);
    await page.getByTestId('row-actions').first().click();
    await page.getByRole('menuitem', { name: 'View course details' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Edit course information' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Edit instructor' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Remove section' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'View course details' }).click();
    await page.waitForURL(/courseDetail/);
    await page.getByTestId('read-only-course').waitFor();
    expect(await page.getByTestId('edit-course').count()).toBe(0);
    expect(await page.getByTestId('remove-section').count()).toBe(0);
    // and the server refuses anyway
    const token = await apiLogin('internal');
    const sectionId = Number(page.url().match(/courseDetail\/(\d+)/)?.[1]);
    await expect(apiRoute(token, coursesApi.remove, { query: { sectionId } })).rejects.toThrow(/: 403 /);
  });
});
