import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiLogin, apiRoute, loginAs, useBrowser, waitForShell } from './fixtures';
import { fill } from './steps';
import { LANGUAGES } from './languages';
import { authApi } from '../src/shared/contract/auth';
import { internalUsersApi } from '../src/shared/contract/internal-users';
import { usersApi } from '../src/shared/contract/users';

const HEADER =
  'IES ID,IES User Name,IES e-mail address,accessAllInstitutions,accessCoursesTab,accessCourseDetailsTab,accessOffersPage,accessProductsTab,Inclusive Access Tab,copyCoursesInCourseTab,editCourseInformationInCourseTab,editCourseInformationInCourseDetailsTab';

/** A catalog text with its {{placeholders}} filled in, as the page shows it. */

/** A provider account that is not internal yet, one per language so the two runs never share it. */
const TARGETS: Record<string, { username: string; email: string }> = {
  en: { username: 'noor.haddad', email: 'noor.haddad@courseware.example.com' },
  fr: { username: 'tomasz.kowalczyk', email: 'tomasz.kowalczyk@courseware.example.com' },
};

describe.each(LANGUAGES)('EAD Admin page, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`internal-users-${lang}`, { locale });
  const texts = catalog.internalUsers;

  it('super creates an internal user, finds them by part of the e-mail, exports the CSV and removes them', async () => {
    const { page } = b;
    const token = await apiLogin('super');
    // a staff account that is not internal yet (and is none of the demo personas)
    const session = await apiRoute(token, authApi.session);
    const internal = await apiRoute(token, internalUsersApi.list);
    const staff = await apiRoute(token, usersApi.search, {
      body: { organizationId: session.institutions[0].orgId, searchText: '', pageSize: 50 },
    });
    // an institution's account may not hold the internal-user role; a provider account may
    const college = staff.users.find(
      (u) => !internal.users.some((i) => i.userName === u.username) && !u.email.includes('courseware'),
    )!;
    const target = TARGETS[lang];
    expect(internal.users.map((u) => u.userName)).not.toContain(target.username);

    await loginAs(page, 'super', { path: '/internalUser' });
    await waitForShell(page);
    await page.getByTestId('internal-users').waitFor();
    expect(await page.getByTestId('internal-note').textContent()).toBe(texts.note);
    await page.getByTestId('internal-pager').waitFor(); // more than 20 internal users in the demo world

    // the lookup rules: an unknown user name, then saving without an e-mail
    await page.getByRole('button', { name: texts.create }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder(texts.usernamePlaceholder).fill('no-such-user-xyz');
    await dialog.getByPlaceholder(texts.emailPlaceholder).click(); // blur → lookup
    await dialog.getByText(texts.invalidUsername).waitFor();
    await dialog.getByTestId('internal-save').click();
    await dialog.getByText(texts.missing).waitFor();

    await dialog.getByPlaceholder(texts.usernamePlaceholder).fill(college.username);
    await dialog.getByPlaceholder(texts.emailPlaceholder).click();
    await expect.poll(() => dialog.getByTestId('internal-email').inputValue()).toBe(college.email);
    // the lookup made the fields valid: the "missing" error goes before anyone presses Save again
    expect(await dialog.getByTestId('internal-missing').count()).toBe(0);
    expect(await dialog.getByText(texts.missing).count()).toBe(0);
    await dialog.getByTestId('internal-save').click();
    await page
      .getByText(
        fill(catalog.error.notProviderAccount, { email: college.email, domains: 'courseware.example.com' }),
      )
      .waitFor();

    await dialog.getByPlaceholder(texts.usernamePlaceholder).fill(target.username);
    await dialog.getByPlaceholder(texts.emailPlaceholder).click();
    await expect.poll(() => dialog.getByTestId('internal-email').inputValue()).toBe(target.email);
    expect(await dialog.getByTestId('internal-email').getAttribute('readonly')).not.toBeNull();
    await dialog.getByTestId('internal-save').click();
    await page.getByText(texts.created).waitFor();

    // search: a case-insensitive part of the e-mail
    const part = target.email.slice(2, 9).toUpperCase();
    await page.getByLabel(texts.search).fill(part);
    const row = page.getByTestId('internal-users').getByRole('row', { name: new RegExp(target.username) });
    await row.waitFor();
    expect(await page.getByTestId('internal-pager').count()).toBe(0);

    // export
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.export }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('InternalUserList.csv');
    const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe(HEADER);
    expect(csv).toContain(`,${target.username},${target.email},true,`);

    // remove: confirm modal, then the list reloads on page 1 with the search cleared
    await row.getByRole('button', { name: `${texts.remove.title}: ${target.username}` }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(texts.remove.title).first().waitFor();
    await confirm.getByText(texts.remove.text).waitFor();
    await confirm.getByRole('button', { name: texts.remove.confirm }).click();
    await page.getByText(texts.removed).waitFor();
    await expect.poll(() => page.getByLabel(texts.search).inputValue()).toBe('');
    await page.getByTestId('internal-pager').waitFor();
    const after = await apiRoute(token, internalUsersApi.list);
    expect(after.users.map((u) => u.userName)).not.toContain(target.username);
  });

  it('associate sees EAD Admin without create or remove', async () => {
    const { page } = b;
    await loginAs(page, 'associate', { path: '/internalUser' });
    await waitForShell(page);
    await page.getByTestId('internal-users').waitFor();
    expect(await page.getByRole('button', { name: texts.create }).count()).toBe(0);
    expect(await page.getByRole('button', { name: new RegExp(texts.remove.title) }).count()).toBe(0);
    expect(await page.getByRole('button', { name: texts.export }).count()).toBe(1);
    expect(await page.getByText(texts.summary.allInstitutions, { exact: true }).count()).toBe(1);
  });
});
