import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin, loginAs, useBrowser, waitForShell } from './fixtures';

const run = Date.now().toString(36);

const column = (page: Page, name: string) => page.getByTestId(`role-col-${name}`);

async function roleAction(
  page: Page,
  role: string,
  action: 'Rename' | 'Copy' | 'Delete' | 'Users of this role',
) {
  await page.getByRole('button', { name: `Actions for the role ${role}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function nameRole(page: Page, name: string, submit: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Enter the name for the new role.').fill(name);
  await dialog.getByRole('button', { name: submit }).click();
}

describe('Roles page (registrar)', () => {
  const b = useBrowser('roles');

  it('creates, copies, renames and deletes a role, remapping its users', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/roles' });
    await waitForShell(page);
    await page.getByTestId('permission-matrix').waitFor();
    const name = `E2E Role ${run}`;

    // create: blank and duplicate names are refused in the prompt
    await page.getByRole('button', { name: 'Create role' }).click();
    await nameRole(page, '   ', 'Create');
    await page.getByText('Role name should not be blank.').waitFor();
    await nameRole(page, 'administrator', 'Create');
    await page.getByText('A role with this name already exists.').waitFor();
    await nameRole(page, name, 'Create');
    await page.getByText('Role created successfully.').first().waitFor();
    await column(page, name).waitFor();

    // edit its permissions in the matrix and save
    await page.getByRole('checkbox', { name: `${name}: Can enroll students` }).check();
    await page.getByRole('button', { name: `Save the role ${name}`, exact: true }).click();
    await page.getByText('Role updated successfully.').first().waitFor();

    // copy: the copy keeps the permissions
    await roleAction(page, name, 'Copy');
    await nameRole(page, `${name} copy`, 'Copy');
    await column(page, `${name} copy`).waitFor();
    expect(await page.getByRole('checkbox', { name: `${name} copy: Can enroll students` }).isChecked()).toBe(
      true,
    );

    // rename the copy
    await roleAction(page, `${name} copy`, 'Rename');
    await nameRole(page, `${name} renamed`, 'Rename');
    await column(page, `${name} renamed`).waitFor();
    expect(await column(page, `${name} copy`).count()).toBe(0);

    // give the role a user (through the API), then delete it: the user must be remapped first
    const token = await apiLogin('registrar');
    const orgId = Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));
    const roles = await apiCall<{ groups: { groupId: number; name: string }[] }>(
      token,
      'GET',
      `/api/groupAuth/group?contextId=${orgId}`,
    );
    const role = roles.groups.find((g) => g.name === name)!;
    const users = await apiCall<{ users: { id: number; username: string; roles: { name: string }[] }[] }>(
      token,
      'POST',
      '/api/registrarUser/searchUser',
      { organizationId: orgId, searchText: '', pageSize: 50 },
    );
    const ta = users.users.find((u) => u.roles.some((r) => r.name === 'Teaching Assistant'))!;
    await apiCall(token, 'POST', '/api/groupAuth/groupMember', {
      groupId: role.groupId,
      memberType: 'identity_id',
      memberIds: [ta.id],
    });
    await page.reload();
    await column(page, name).waitFor();
    expect(await column(page, name).textContent()).toContain('Users: 1');

    await roleAction(page, name, 'Delete');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Users holding this role: 1/).waitFor();
    expect(await dialog.getByTestId('confirm-delete-role').isDisabled()).toBe(true);
    await dialog.getByTestId('map-all').click();
    await page.getByRole('option', { name: 'Teaching Assistant' }).click();
    await dialog.getByTestId('confirm-delete-role').click();
    await page.getByText('Role deleted successfully.').first().waitFor();
    await expect.poll(() => column(page, name).count()).toBe(0);
    const after = await apiCall<{ groups: { name: string }[] }>(
      token,
      'GET',
      `/api/groupAuth/groupsByMember?memberId=${ta.id}&organizationIdForRole=${orgId}`,
    );
    expect(after.groups.map((g) => g.name)).toEqual(['Teaching Assistant']);

    // the renamed copy has no users: it is deleted straight away
    await roleAction(page, `${name} renamed`, 'Delete');
    await page.getByRole('dialog').getByText('No user holds this role. It can be deleted.').waitFor();
    await page.getByRole('dialog').getByTestId('confirm-delete-role').click();
    await expect.poll(() => column(page, `${name} renamed`).count()).toBe(0);
  });

  it('shows a role’s users and keeps unsaved changes when someone else saved first', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/roles' });
    await waitForShell(page);
    await page.getByTestId('permission-matrix').waitFor();
    const name = `E2E Shared ${run}`;
    const token = await apiLogin('registrar');
    const orgId = Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));
    const created = await apiCall<{ group: { groupId: number } }>(token, 'POST', '/api/groupAuth/group', {
      contextId: orgId,
      name,
      permissions: [],
    });
    await page.reload();
    await column(page, name).waitFor();
    await page.getByRole('checkbox', { name: `${name}: Can enroll students` }).check();
    // another admin saves the same role first
    await apiCall(token, 'PUT', `/api/groupAuth/group?groupId=${created.group.groupId}`, {
      permissions: ['CAN_DELETE_COURSES'],
      version: 1,
    });
    await page.getByRole('button', { name: `Save the role ${name}`, exact: true }).click();
    await page.getByTestId('role-conflict').waitFor();
    expect(await page.getByTestId('role-conflict').textContent()).toContain('changed by someone else');
    await expect
      .poll(() => page.getByRole('checkbox', { name: `${name}: Can delete courses` }).isChecked())
      .toBe(true);
    expect(await page.getByRole('checkbox', { name: `${name}: Can enroll students` }).isChecked()).toBe(true);
    await page.getByRole('button', { name: `Save the role ${name}`, exact: true }).click();
    await page.getByText('Role updated successfully.').first().waitFor();
    const saved = await apiCall<{ groups: { name: string; permissions: string[] }[] }>(
      token,
      'GET',
      `/api/groupAuth/group?contextId=${orgId}`,
    );
    expect(saved.groups.find((g) => g.name === name)?.permissions).toEqual([
      'CAN_ENROLL_STUDENTS',
      'CAN_DELETE_COURSES',
    ]);

    await roleAction(page, 'Instructor', 'Users of this role');
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('role-members').waitFor();
    expect(await drawer.getByRole('row').count()).toBeGreaterThan(2);
    await apiCall(token, 'DELETE', `/api/groupAuth/group?groupId=${created.group.groupId}`);
  });
});
