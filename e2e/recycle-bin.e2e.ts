import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import { internalUsersApi } from '../src/shared/contract/internal-users';
import { rolesApi } from '../src/shared/contract/roles';
import { apiRoute, loginAs, RESULTS_DIR, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { fill } from './steps';
import { LANGUAGES } from './languages';

const WAIT = { timeout: 15_000 };

/** A catalog text with its {{placeholders}} filled in, as the page shows it. */

/** MM/DD/YYYY of today + `days` (a course of the current period, so the default list shows it). */
const usDate = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

describe.each(LANGUAGES)('Recycle bin (registrar), in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`recycle-bin-${lang}`, { locale });
  const texts = catalog.recycleBin;

  it('a removed course is listed in Recently removed, restored, and back in the course list', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/institution' }))!;
    await waitForShell(page);
    const orgId = Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));
    const name = `E2E bin ${lang} ${Date.now()}`;
    const created = await apiRoute(token, coursesApi.create, {
      body: {
        organizationId: orgId,
        courseName: name,
        startDate: usDate(-5),
        endDate: usDate(60),
        sectionCode: 'BIN-1',
      },
    });
    const sectionId = created.course.sectionId;

    // remove it from its page, as an administrator does
    await page.goto(`/institution/courseDetail/${sectionId}`);
    await waitForShell(page);
    await page.getByTestId('remove-section').click();
    await page.getByTestId('confirm-remove').click();
    await page.waitForURL((url) => url.pathname === '/institution');

    // the header link opens Recently removed: the course, who removed it, when
    await page.getByTestId('recycle-bin-link').click();
    await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
    const row = page.locator(`[data-testid="bin-row"][data-entity="${sectionId}"]`);
    await row.waitFor(WAIT);
    const cells = await row.getByRole('cell').allTextContents();
    const me = await apiRoute(token, authApi.session);
    expect(cells.slice(0, 4)).toEqual([texts.kinds.section, name, me.user.displayName, usDate(0)]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(RESULTS_DIR, `recycle-bin-${lang}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(RESULTS_DIR, `recycle-bin-${lang}-390.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Restore, behind a confirmation
    await row.getByTestId('restore').click();
    await page.getByText(fill(texts.confirm.title, { name })).waitFor();
    await page.getByText(texts.confirm.section).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('confirm-restore').click();
    await page.getByText(fill(texts.restored, { name })).first().waitFor(WAIT);
    await row.waitFor({ state: 'detached', ...WAIT });

    // back in the course list
    await page.goto('/institution');
    await waitForShell(page);
    await page.getByTestId('course-search').fill(name);
    await page.locator(`[data-testid="course-row"][data-section-id="${sectionId}"]`).waitFor(WAIT);
    const details = await apiRoute(token, coursesApi.details, { query: { sectionId } });
    expect(details.course.sectionId).toBe(sectionId);
  }, 180_000); // many page loads: room for a loaded shared machine
});

describe.each(LANGUAGES)(
  'Recycle bin (super admin, internal user role), in $lang',
  ({ lang, locale, catalog }) => {
    const b = useBrowser(`recycle-bin-member-${lang}`, { locale });
    const texts = catalog.recycleBin;

    it('a user whose internal user role was removed is listed as a role member and gets it back', async () => {
      const { page } = b;
      const token = (await loginAs(page, 'super', { path: '/institution' }))!;
      await waitForShell(page);
      const internal = await apiRoute(token, internalUsersApi.list);
      // a different internal user per language: both runs share one app
      const target = internal.users[lang === LANGUAGES[0].lang ? 0 : 1];
      await apiRoute(token, rolesApi.removeMember, {
        query: { groupId: internal.groupId, memberType: 'identity_id', memberId: target.piId },
      });

      await page.getByTestId('recycle-bin-link').click();
      await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
      await page.getByTestId('bin-kind').getByText(texts.kinds.membership).click();
      const row = page.locator(
        `[data-testid="bin-row"][data-kind="membership"][data-entity="${target.piId}"]`,
      );
      await row.waitFor(WAIT);
      const cells = await row.getByRole('cell').allTextContents();
      const me = await apiRoute(token, authApi.session);
      expect(cells[0]).toBe(texts.kinds.membership);
      expect(cells[1].startsWith(`${target.memberName} — `)).toBe(true);
      expect(cells.slice(2, 4)).toEqual([me.user.displayName, usDate(0)]);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: join(RESULTS_DIR, `recycle-bin-member-${lang}-1280.png`),
        fullPage: true,
      });

      await row.getByTestId('restore').click();
      await page.getByText(texts.confirm.membership).waitFor();
      await page.getByTestId('confirm-restore').click();
      await page
        .getByText(fill(texts.restored, { name: cells[1] }))
        .first()
        .waitFor(WAIT);
      await row.waitFor({ state: 'detached', ...WAIT });
      const after = await apiRoute(token, internalUsersApi.list);
      expect(after.users.some((u) => u.piId === target.piId)).toBe(true);
    }, 180_000);
  },
);
