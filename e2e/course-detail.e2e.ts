import { describe, expect, it } from 'vitest';
import { currentAccessKey, PROVIDER_NAME } from '../src/shared/status';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import { rostersApi } from '../src/shared/contract/rosters';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { apiRoute, loginAs, useBrowser, waitForShell } from './fixtures';

/** Course detail: master-child view, a malformed id, the roster's current-access labels. */
describe.each([
  { locale: 'en-US', catalog: en },
  { locale: 'fr-FR', catalog: fr },
])('course detail, in $locale', ({ locale, catalog }) => {
  const b = useBrowser(`course-detail-${locale}`, { locale });

  it('shows a child that has children of its own in the master-child view, with its master and its children', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    const session = await apiRoute(token, authApi.session);
    const orgId = session.institutions[0].orgId;
    const labs = await apiRoute(token, coursesApi.search, {
      query: { organizationId: orgId, coursePeriod: 'all', queryString: 'Lab 1' },
    });
    const lab = labs.courses.find((c) => c.courseName.endsWith(' Lab 1'))!;
    const labDetail = await apiRoute(token, coursesApi.details, { query: { sectionId: lab.sectionId } });
    const middle = labDetail.master!;
    await page.goto(`/institution/courseDetail/${middle.sectionId}`);
    await waitForShell(page);
    await page.getByText(catalog.courses.detail.view.masterChild, { exact: true }).waitFor();
    expect(await page.getByTestId('master-course').textContent()).not.toBe('');
    await page.getByRole('tab', { name: new RegExp(catalog.courses.detail.tabs.children) }).click();
    await page.getByRole('link', { name: lab.courseName }).waitFor();
  });

  it('a malformed course id shows the not-found alert and goes back', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    await page.goto('/institution/courseDetail/abc');
    await page.getByText(catalog.error.courseNotFound).first().waitFor();
    await page.waitForURL((url) => url.pathname === '/institution');
    expect(await page.getByText(catalog.errors.generic).count()).toBe(0);
  });

  it('shows the current access as labels: Not paid, Institution paid, the provider-paid label and NA', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    const session = await apiRoute(token, authApi.session);
    const orgId = session.institutions[0].orgId;
    const list = await apiRoute(token, coursesApi.list, {
      query: { organizationId: orgId, coursePeriod: 'CURRENT', pageSize: 100 },
    });
    let found: { sectionId: number; values: Set<string> } | null = null;
    for (const c of list.courses.filter((r) => r.enrollmentCount > 5)) {
      const roster = await apiRoute(token, rostersApi.roster, {
        query: { sectionId: c.sectionId, pageSize: 25 },
      });
      const values = new Set(roster.students.map((s) => s.currentAccess ?? ''));
      if (!found || values.size > found.values.size) found = { sectionId: c.sectionId, values };
      if (values.size >= 3) break;
    }
    expect(found!.values.size).toBeGreaterThanOrEqual(2);
    await page.goto(`/institution/courseDetail/${found!.sectionId}?tab=roster`);
    await page.getByTestId('roster-row').first().waitFor();
    const labels = catalog.status.currentAccess as Record<string, string>;
    for (const value of found!.values) {
      const cell = page.locator(`[data-testid=roster] [data-current-access="${value}"]`).first();
      const key = currentAccessKey(value)!;
      expect(await cell.textContent()).toBe(labels[key].replace('{{provider}}', PROVIDER_NAME));
    }
    const texts = await page.locator('[data-testid=roster] [data-current-access]').allTextContents();
    for (const raw of ['Not_Paid', 'Institution_Paid', 'Provider_Paid']) expect(texts).not.toContain(raw);
  });
});
