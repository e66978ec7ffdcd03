import { describe, expect, it } from 'vitest';
import { accessDisplay } from '../src/shared/status';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { apiRoute, loginAs, useBrowser, waitForShell } from './fixtures';
import { STORAGE_KEYS } from './steps';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import { institutionsApi } from '../src/shared/contract/institutions';
import { rostersApi } from '../src/shared/contract/rosters';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function firstInstitution(token: string) {
  const s = await apiRoute(token, authApi.session);
  return s.institutions[0].orgId;
}

/** A new standalone course made through the API, so tests that change courses leave the demo courses alone. */
async function newCourse(token: string, orgId: number, name: string) {
  const res = await apiRoute(token, coursesApi.create, {
    body: {
      organizationId: orgId,
      courseName: name,
      startDate: '01/05/2027',
      endDate: '04/30/2027',
      sectionCode: 'E2E-1',
    },
  });
  return res.course.sectionId;
}

/** expect.poll waits 1 s by default; pages load lazily. */
const WAIT = { timeout: 15_000 };

/** The main path (edit and save a course) in English and in French: same steps, each catalog's words. */
describe.each([
  { locale: 'en-US', catalog: en },
  { locale: 'fr-FR', catalog: fr },
])('course edit, in $locale', ({ locale, catalog }) => {
  const b = useBrowser(`courses-${locale}`, { locale });

  it('edits course information, sees the success message, and finds it stored after a reload', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    const orgId = await firstInstitution(token);
    const sectionId = await newCourse(token, orgId, `E2E edit ${Date.now()}`);
    await page.goto(`/institution/courseDetail/${sectionId}`);
    await waitForShell(page);
    await page.getByTestId('edit-course').click();
    const form = page.getByTestId('edit-course-form');
    const name = `E2E edited ${Date.now()}`;
    await form.getByTestId('course-name').fill(name);
    await form.getByTestId('end-date').fill('05/15/2027');
    await form.getByTestId('save-course').click();
    await page.getByText(catalog.courses.edit.updated).first().waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe(name);
    expect(await page.getByTestId('course-end').textContent()).toBe('05/15/2027');
    expect(await page.getByTestId('course-duration').textContent()).toBe(
      catalog.courses.detail.durationDays_other.replace('{{count}}', '131'),
    );
    // Stored, not only shown: the server has it, and a reload shows it again.
    const stored = await apiRoute(token, coursesApi.details, { query: { sectionId } });
    expect(stored.course).toMatchObject({ courseName: name, endDate: '2027-05-15' });
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), WAIT).toBe(name);
    expect(await page.getByTestId('course-end').textContent()).toBe('05/15/2027');
  });
});

describe('course detail, edit, instructors, removal (registrar)', () => {
  const b = useBrowser('courses');

  it('refuses an end date before the start date in the form', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    const sectionId = await newCourse(token, await firstInstitution(token), `E2E dates ${Date.now()}`);
    await page.goto(`/institution/courseDetail/${sectionId}`);
    await waitForShell(page);
    await page.getByTestId('edit-course').click();
    await page.getByTestId('end-date').fill('01/01/2027');
    await page.getByTestId('save-course').click();
    await page.getByText('End date must be greater than start date.').waitFor();
  });

  it('changes an instructor, adding a teaching assistant', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    const orgId = await firstInstitution(token);
    const sectionId = await newCourse(token, orgId, `E2E staff ${Date.now()}`);
    const people = await apiRoute(token, institutionsApi.instructors, {
      params: { organizationId: orgId },
      query: { limit: 2 },
    });
    const [lead, assistant] = people.instructors;
    await page.goto(`/institution/courseDetail/${sectionId}`);
    await waitForShell(page);
    await page.getByTestId('edit-instructor').click();
    const dialog = page.getByTestId('edit-instructors');
    await dialog.getByTestId('instructor-user').first().click();
    await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(lead.displayName)} \\(`) }).click();
    await dialog.getByRole('button', { name: 'Add instructor' }).click();
    await dialog.getByTestId('instructor-user').nth(1).click();
    await page
      .getByRole('option', { name: new RegExp(`^${escapeRegExp(assistant.displayName)} \\(`) })
      .click();
    await dialog.getByTestId('instructor-role').nth(1).click();
    await page.getByRole('option', { name: 'Teaching assistant (ta)' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Instructor information updated successfully').first().waitFor();
    await expect
      .poll(() => page.getByTestId('course-instructors').textContent(), WAIT)
      .toContain(`${assistant.displayName} · Teaching assistant (ta)`);
    expect(await page.getByTestId('course-instructors').textContent()).toContain(
      `${lead.displayName} · Instructor`,
    );
  });

  it('removes a section after confirming', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    const name = `E2E remove ${Date.now()}`;
    const sectionId = await newCourse(token, await firstInstitution(token), name);
    await page.goto(`/institution/courseDetail/${sectionId}`);
    await waitForShell(page);
    await page.getByTestId('remove-section').click();
    await page
      .getByText(
        `The section "${name}" (E2E-1, 01/05/2027 – 04/30/2027) will be removed from the course list.`,
      )
      .waitFor();
    await page.getByTestId('confirm-remove').click();
    await page.getByText('Course successfully deleted').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/institution');
    await expect(apiRoute(token, coursesApi.details, { query: { sectionId } })).rejects.toThrow(/: 404 /);
    // the page it left does not reload the removed course and report it missing
    expect(await page.getByText('Course not found.').count()).toBe(0);
  });

  it('opens a roster showing Paid, 14 day trial and Expired', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    await waitForShell(page);
    const orgId = await firstInstitution(token);
    let found: number | null = null;
    for (const period of ['FUTURE', 'CURRENT']) {
      const list = await apiRoute(token, coursesApi.list, {
        query: { organizationId: orgId, coursePeriod: period, pageSize: 100 },
      });
      for (const c of list.courses.filter((r) => r.enrollmentCount > 2)) {
        const roster = await apiRoute(token, rostersApi.roster, {
          query: { sectionId: c.sectionId, pageSize: 25 },
        });
        const shown = new Set(roster.students.map((s) => accessDisplay(s.access)));
        if (shown.has('paid') && shown.has('trial') && shown.has('expired')) {
          found = c.sectionId;
          break;
        }
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    await page.goto(`/institution/courseDetail/${found}`);
    await page.getByTestId('roster-tab').click();
    await page.getByTestId('roster-row').first().waitFor();
    for (const [key, text] of [
      ['paid', 'Paid'],
      ['trial', '14 day trial'],
      ['expired', 'Expired'],
    ]) {
      const badge = page.locator(`[data-testid=roster] [data-access=${key}]`).first();
      await badge.waitFor();
      expect(await badge.textContent()).toBe(text);
    }
    expect(await page.locator('[data-testid=roster] [data-opt]').count()).toBeGreaterThan(0);
  });

  it('shows the error alert and goes back when a course cannot be loaded', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await waitForShell(page);
    await page.getByTestId('course-row').first().waitFor();
    await page.evaluate(() => window.history.pushState(window.history.state, '', window.location.href));
    await page.goto('/institution/courseDetail/99999999');
    await page.getByText('Course not found.').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/institution');
  });

  it('shows the date messages in French on the create-course form', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/healthz' });
    await page.evaluate((key) => localStorage.setItem(key, 'fr'), STORAGE_KEYS.locale);
    await page.goto('/createCourse');
    await waitForShell(page);
    await page.getByTestId('start-date').fill('02/01/2027');
    await page.getByTestId('end-date').fill('01/01/2027');
    await page.getByTestId('create-submit').click();
    await page.getByText('La date de fin doit être postérieure à la date de début.').waitFor();
    await page.getByText('Saisissez le nom du cours').first().waitFor();
    await page.getByTestId('start-date').fill('');
    await page.getByTestId('create-submit').click();
    await page.getByText('La date de début est obligatoire.').waitFor();
  });
});
