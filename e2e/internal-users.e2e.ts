import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, loginAs, useBrowser, waitForShell } from './fixtures';

const HEADER =
  'IES ID,IES User Name,IES e-mail address,accessAllInstitutions,accessCoursesTab,accessCourseDetailsTab,accessOffersPage,accessProductsTab,Inclusive Access Tab,copyCoursesInCourseTab,editCourseInformationInCourseTab,editCourseInformationInCourseDetailsTab';

describe('EAD Admin page', () => {
  const b = useBrowser('internal-users');

  it('super creates an internal user, finds them by part of the e-mail, exports the CSV and removes them', async () => {
    const { page } = b;
    const token = await apiLogin('super');
    // a staff account that is not internal yet (and is none of the demo personas)
    const session = await apiCall<{ institutions: { orgId: number }[] }>(token, 'GET', '/api/auth/session');
    const internal = await apiCall<{ users: { userName: string }[] }>(
      token,
      'GET',
      '/api/groupAuth/userGroupDetails',
    );
    const staff = await apiCall<{ users: { username: string; email: string }[] }>(
      token,
      'POST',
      '/api/registrarUser/searchUser',
      {
        organizationId: session.institutions[0].orgId,
        searchText: '',
        pageSize: 50,
      },
    );
    const target = staff.users.find(
      (u) => !internal.users.some((i) => i.userName === u.username) && !u.email.includes('demo.courseware'),
    )!;

    await loginAs(page, 'super', { path: '/internalUser' });
    await waitForShell(page);
    await page.getByTestId('internal-users').waitFor();
    expect(await page.getByTestId('internal-note').textContent()).toContain(
      "Only the provider's Super Admins",
    );
    await page.getByTestId('internal-pager').waitFor(); // more than 20 internal users in the demo world

    // the lookup rules: an unknown user name, then saving without an e-mail
    await page.getByRole('button', { name: 'Create Internal User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('Enter the user name').fill('no-such-user-xyz');
    await dialog.getByPlaceholder('Enter the email').click(); // blur → lookup
    await dialog.getByText('Invalid Username').waitFor();
    await dialog.getByTestId('internal-save').click();
    await dialog.getByText('User name or Email Missing').waitFor();

    await dialog.getByPlaceholder('Enter the user name').fill(target.username);
    await dialog.getByPlaceholder('Enter the email').click();
    await expect.poll(() => dialog.getByTestId('internal-email').inputValue()).toBe(target.email);
    expect(await dialog.getByTestId('internal-email').getAttribute('readonly')).not.toBeNull();
    await dialog.getByTestId('internal-save').click();
    await page.getByText('Internal User Role has been added successfully.').waitFor();

    // search: a case-insensitive part of the e-mail
    const part = target.email.slice(2, 9).toUpperCase();
    await page.getByLabel('Search internal users').fill(part);
    const row = page.getByTestId('internal-users').getByRole('row', { name: new RegExp(target.username) });
    await row.waitFor();
    expect(await page.getByTestId('internal-pager').count()).toBe(0);

    // export
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Internal Users' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('InternalUserList.csv');
    const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe(HEADER);
    expect(csv).toContain(`,${target.username},${target.email},true,`);

    // remove: confirm modal, then the list reloads on page 1 with the search cleared
    await row.getByRole('button', { name: /Remove Internal User Role/ }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Remove Internal User Role').first().waitFor();
    await confirm.getByText('Internal User Role for this user will be removed').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Internal User Role has been removed successfully.').waitFor();
    await expect.poll(() => page.getByLabel('Search internal users').inputValue()).toBe('');
    await page.getByTestId('internal-pager').waitFor();
    const after = await apiCall<{ users: { userName: string }[] }>(
      token,
      'GET',
      '/api/groupAuth/userGroupDetails',
    );
    expect(after.users.map((u) => u.userName)).not.toContain(target.username);
  });

  it('associate sees EAD Admin without create or remove', async () => {
    const { page } = b;
    await loginAs(page, 'associate', { path: '/internalUser' });
    await waitForShell(page);
    await page.getByTestId('internal-users').waitFor();
    expect(await page.getByRole('button', { name: 'Create Internal User' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Remove Internal User Role/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export Internal Users' }).count()).toBe(1);
    expect(await page.getByText('Access to all institutions', { exact: true }).count()).toBe(1);
  });
});
