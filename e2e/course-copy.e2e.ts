import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, loginAs, useBrowser, waitForShell } from './fixtures';

/** Course copy from the course list, the bell that tells about it, and who may not copy. */

interface Alerts {
  today: {
    courseCopyStatuses: { id: number; courseName: string }[];
    sections: { id: number; alertDate: string }[];
  };
  yesterday: Alerts['today'];
  older: Alerts['today'];
}

async function apiGet<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
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

/** Two current courses of the institution that pass every copy rule (spec §5 codes). */
async function copyableCourses(token: string, orgId: number): Promise<number[]> {
  const list = await apiGet<{ courses: { sectionId: number }[] }>(
    token,
    `/api/institution/institutionData?organizationId=${orgId}&coursePeriod=CURRENT&filterBy=STUDENTUSE&pageSize=100`,
  );
  const ids = list.courses.map((c) => c.sectionId).join(',');
  const checks = await apiGet<{ validations: { sectionId: number; valid: boolean }[] }>(
    token,
    `/api/courses/copyCourseValidations?organizationId=${orgId}&sectionIds=${ids}`,
  );
  return checks.validations.filter((v) => v.valid).map((v) => v.sectionId);
}

const sectionAlertsSince = (alerts: Alerts, since: number) =>
  [alerts.today, alerts.yesterday, alerts.older]
    .flatMap((b) => b.sections)
    .filter((s) => Date.parse(s.alertDate) > since).length;

describe('course copy', () => {
  const b = useBrowser('course-copy');

  it('registrar copies two courses, sees the success text, the bell count rise, and closes one alert', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/institution?size=100' })) as string;
    await waitForShell(page);
    await page.getByTestId('course-row').first().waitFor();
    const orgId = await orgIdOf(page);
    const [first, second] = await copyableCourses(token, orgId);
    expect(second).toBeDefined();

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
    expect(names.every((n) => n.endsWith('(Copy)'))).toBe(true);
    await page.getByTestId('copy-confirm').click();
    await page
      .getByText(
        "Your courses are being copied and may take up to 24 hours to create. You'll receive an alert when they are ready.",
      )
      .waitFor();

    // the copies finish in the background; the bell polls and counts them within seconds
    await expect
      .poll(() => bellCount(page), { timeout: 30_000, interval: 500 })
      .toBeGreaterThanOrEqual(before + 2);

    await page.getByTestId('alerts-bell').click();
    const popup = page.getByTestId('alerts-popup');
    await popup.waitFor();
    expect(await popup.getByRole('heading', { name: 'Alerts' }).count()).toBe(1);
    // the two copies may share a name (two sections of one course)
    const entries = popup.getByTestId('alert-entry').filter({
      hasText: `Your course ${names[0]} was successfully created.`,
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
          const alerts = await apiGet<Alerts>(token, `/api/alert/alerts?organizationId=${orgId}`);
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
    const res = await fetch(`${baseURL()}/api/courses/copy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        organizationId: orgId,
        courses: [{ sectionId, courseName: 'Nope', startDate: '2030-01-07', endDate: '2030-05-03' }],
      }),
    });
    expect(res.status).toBe(403);
  });
});
