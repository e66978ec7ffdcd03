import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessExplainApi } from '../src/shared/contract/access-explain';
import { apiLogin, apiRoute, loginAs, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { fill, pickInstitutionInHeader } from './steps';
import { LANGUAGES } from './languages';

const orgIdOf = async (page: Page) =>
  Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));

/** Picks an option of a Mantine select by its visible text. */
async function pick(page: Page, testId: string, search: string, option: string | RegExp) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

describe.each(LANGUAGES)('Explain access (registrar), in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`access-explain-${lang}`, { locale });
  const texts = catalog.accessExplain;

  it("from the roles page: the server's verdict with its reasons, for two actions", async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/roles' });
    await waitForShell(page);
    const orgId = await orgIdOf(page);
    const token = await apiLogin('registrar');
    const { users } = await apiRoute(token, accessExplainApi.users, {
      query: { organizationId: orgId, q: 'instructor' },
    });
    const someone = users[0];
    expect(someone).toBeDefined();

    await page.getByTestId('explain-access-open').click();
    await page.getByRole('dialog', { name: texts.title }).waitFor();
    await pick(page, 'explain-user', someone.username, new RegExp(someone.username));

    for (const rule of ['viewInstitution', 'deleteCourses'] as const) {
      const expected = await apiRoute(token, accessExplainApi.explain, {
        query: { organizationId: orgId, userId: someone.id, rule },
      });
      const label = texts.rules[rule].label;
      await pick(page, 'explain-rule', label.slice(0, 6), label);
      await page.getByTestId('explain-submit').click();
      const verdict = page.getByTestId('explain-verdict');
      await expect
        .poll(async () => (await page.getByTestId('explain-result').textContent()) ?? '')
        .toContain(texts.rules[rule].text);
      expect(await verdict.getAttribute('data-allowed')).toBe(String(expected.allowed));
      expect(await verdict.textContent()).toContain(
        fill(expected.allowed ? texts.allowedText : texts.deniedText, {
          user: expected.user.displayName,
          institution: expected.institution.name,
          action: label,
        }),
      );
      expect(await page.getByTestId('explain-reasons').getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('explain-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/access-explain-${lang}--roles-390.png`, fullPage: true });
  }, 240_000);

  it("from a user's page: the user is chosen, copying a course is explained", async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    await page.getByTestId('users-table').waitFor();
    const orgId = await orgIdOf(page);
    const row = page.getByTestId('user-row').first();
    const name = ((await row.locator('td').nth(1).textContent()) ?? '').trim();
    const username = ((await row.locator('td').nth(3).textContent()) ?? '').trim();
    await row.getByRole('button', { name: fill(catalog.users.actions.editUser, { name }) }).click();
    await page.getByTestId('explain-access-open').click();
    await page.getByRole('dialog', { name: texts.title }).waitFor();
    expect(await page.getByTestId('explain-user').inputValue()).toBe(name);

    const label = texts.rules.copyCourses.label;
    await pick(page, 'explain-rule', label.slice(0, 6), label);
    await page.getByTestId('explain-submit').click();
    await page.getByTestId('explain-verdict').waitFor();
    const token = await apiLogin('registrar');
    const { users } = await apiRoute(token, accessExplainApi.users, {
      query: { organizationId: orgId, q: username },
    });
    const expected = await apiRoute(token, accessExplainApi.explain, {
      query: {
        organizationId: orgId,
        userId: users.find((u) => u.username === username)!.id,
        rule: 'copyCourses',
      },
    });
    expect(await page.getByTestId('explain-verdict').getAttribute('data-allowed')).toBe(
      String(expected.allowed),
    );
    expect(await page.getByTestId('explain-verdict').textContent()).toContain(
      expected.allowed ? texts.allowed : texts.denied,
    );
    // the users table under the modal's overlay is not what this checks (its contrast is dimmed)
    expect((await seriousViolations(page)).filter((v) => !v.includes('user-row'))).toEqual([]);
  }, 240_000);
  it("the internal group's name in the groups table is in the app language", async () => {
    const { page } = b;
    await loginAs(page, 'super', { path: '/roles' });
    await waitForShell(page);
    await pickInstitutionInHeader(page, 'Willamette', /Willamette/);
    await page.getByTestId('explain-access-open').click();
    await page.getByRole('dialog', { name: texts.title }).waitFor();
    await pick(page, 'explain-user', 'internal', /\(internal\)|internal/);
    const label = texts.rules.viewInstitution.label;
    await pick(page, 'explain-rule', label.slice(0, 6), label);
    await page.getByTestId('explain-submit').click();
    const groups = page.getByTestId('explain-groups');
    await groups.waitFor();
    await groups.getByRole('cell', { name: texts.internalGroupName }).waitFor();
    if (lang !== 'en') expect(await groups.textContent()).not.toContain('Internal Users');
    expect(await seriousViolations(page)).toEqual([]);
  }, 240_000);
});
