import { describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { coursesApi } from '../src/shared/contract/courses';
import { rostersApi } from '../src/shared/contract/rosters';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { apiRoute, loginAs, seriousViolations, useBrowser } from './fixtures';
import { LANGUAGES } from './languages';

/** A current (or future) course of the registrar's institution whose roster has an opted-in student, open or locked. */
async function findCourse(token: string, locked: boolean, skip: Set<number>) {
  const session = await apiRoute(token, authApi.session);
  const orgId = session.institutions[0].orgId;
  const courses = [];
  for (const period of locked ? ['CURRENT'] : ['CURRENT', 'FUTURE']) {
    const list = await apiRoute(token, coursesApi.list, {
      query: { organizationId: orgId, coursePeriod: period, pageSize: 100 },
    });
    courses.push(...list.courses);
  }
  for (const c of courses.filter((r) => r.enrollmentCount > 0 && !skip.has(r.sectionId))) {
    const roster = await apiRoute(token, rostersApi.roster, {
      query: { sectionId: c.sectionId, pageSize: 200 },
    });
    const w = roster.window;
    if (w.optModel !== 'optOut' || w.locked !== locked || (!locked && (w.daysLeft ?? 0) < 1)) continue;
    const student = roster.students.find(
      (s) => s.courseRole === 'student' && s.optStatus === 'optin' && !s.droppedAt,
    );
    if (student) {
      skip.add(c.sectionId);
      return { sectionId: c.sectionId, student };
    }
  }
  throw new Error(`no ${locked ? 'locked' : 'open'} course found`);
}

/** Serious axe findings inside the open dialog (the dimmed page behind it is checked before it opens). */
async function dialogViolations(page: Page) {
  const r = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

async function pageViolations(page: Page) {
  const r = await new AxeBuilder({ page })
    .exclude('[data-access]')
    .exclude('[data-opt]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe.each(LANGUAGES)('inclusive access on the roster, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`inclusive-access-${lang}`, { locale });
  const ia = catalog.inclusiveAccess;
  const used = new Set<number>();

  it('before census: the window is open with days left; staff opt a student out from the row menu', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    const { sectionId, student } = await findCourse(token, false, used);
    await page.goto(`/institution/courseDetail/${sectionId}?tab=roster`);
    const bar = page.getByTestId('opt-window');
    await bar.waitFor();
    expect(await bar.getAttribute('data-locked')).toBe('false');
    await bar.getByText(ia.window.open).waitFor();
    await page.getByTestId('roster').getByRole('textbox').fill(student.email);
    const row = page.getByTestId('roster-row').filter({ hasText: student.email });
    await page.getByTestId('roster-row').nth(1).waitFor({ state: 'detached' });
    // the access and opt badges (courses feature) are under 4.5:1, reported apart
    expect(await pageViolations(page)).toEqual([]);
    await row
      .getByRole('button', {
        name: ia.actions.menu.replace('{{name}}', `${student.firstName} ${student.lastName}`),
      })
      .click();
    await page.getByRole('menuitem', { name: ia.actions.optOut, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('opt-confirm').waitFor();
    expect(await dialog.getByTestId('opt-reason').count()).toBe(0);
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.getByTestId('opt-confirm').click();
    await row.getByText(catalog.status.opt.optout, { exact: true }).waitFor();
    await row.getByText(ia.reason.optedOut).waitFor();
    expect(await pageViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/inclusive-access-${lang}-roster-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `test-results/inclusive-access-${lang}-roster-390.png`, fullPage: true });
  });

  it('after census: locked; a late override needs a reason, then is applied', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar'))!;
    const { sectionId, student } = await findCourse(token, true, used);
    await page.goto(`/institution/courseDetail/${sectionId}?tab=roster`);
    const bar = page.getByTestId('opt-window');
    await bar.getByText(ia.window.locked).waitFor();
    await page.getByTestId('roster').getByRole('textbox').fill(student.email);
    const row = page.getByTestId('roster-row').filter({ hasText: student.email });
    await row
      .getByRole('button', {
        name: ia.actions.menu.replace('{{name}}', `${student.firstName} ${student.lastName}`),
      })
      .click();
    await page.getByRole('menuitem', { name: `${ia.actions.optOut} (${ia.actions.late})` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('late-override-note').waitFor();
    expect(await dialog.getByTestId('opt-confirm').isDisabled()).toBe(true);
    await dialog.getByTestId('opt-reason').fill('Registrar confirmed withdrawal in week one');
    expect(await dialogViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/inclusive-access-${lang}-late-override-1280.png` });
    await dialog.getByTestId('opt-confirm').click();
    await row.getByText(ia.reason.optedOut).waitFor();
    const after = await apiRoute(token, rostersApi.roster, { query: { sectionId, pageSize: 200 } });
    expect(after.students.find((s) => s.enrollmentId === student.enrollmentId)?.optStatus).toBe('optout');
  });

  it('the overview: charts with their data tables, reached from the courses page', async () => {
    const { page } = b;
    await loginAs(page, 'registrar');
    await page.goto('/institution');
    await page.getByTestId('overview-link').click();
    await page.getByRole('heading', { level: 1, name: ia.dashboard.title }).waitFor();
    const periods = page.getByTestId('dash-periods');
    await periods.getByRole('table', { name: ia.dashboard.periods }).waitFor();
    await periods.getByRole('cell', { name: ia.dashboard.periodName.current, exact: true }).waitFor();
    await page.getByTestId('dash-pairing').getByText(ia.dashboard.paired).waitFor();
    await page.getByTestId('dash-low').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: `test-results/inclusive-access-${lang}-overview-1280.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/inclusive-access-${lang}-overview-390.png`, fullPage: true });
  });
});
