import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, apiRoute, loginAs, useBrowser, waitForShell } from './fixtures';
import { fill } from './steps';
import { type Catalog, LANGUAGES } from './languages';
import { rolesApi } from '../src/shared/contract/roles';
import { usersApi } from '../src/shared/contract/users';

const run = Date.now().toString(36);

/** A catalog text with its {{placeholders}} filled in, as the page shows it. */

const column = (page: Page, name: string) => page.getByTestId(`role-col-${name}`);

async function roleAction(
  page: Page,
  catalog: Catalog,
  role: string,
  action: keyof Catalog['roles']['actions'],
) {
  await page
    .getByRole('button', { name: fill(catalog.roles.matrix.actions, { name: role }), exact: true })
    .click();
  await page.getByRole('menuitem', { name: catalog.roles.actions[action] }).click();
}

async function nameRole(page: Page, catalog: Catalog, name: string, submit: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(catalog.roles.namePrompt).fill(name);
  await dialog.getByRole('button', { name: submit, exact: true }).click();
}

describe.each(LANGUAGES)('Roles page (registrar), in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`roles-${lang}`, { locale });
  const texts = catalog.roles;
  /** The check box of one permission in a role's column, named as the page names it. */
  const permission = (page: Page, role: string, key: keyof Catalog['permissionTypes']) =>
    page.getByRole('checkbox', { name: `${role}: ${catalog.permissionTypes[key].label}` });
  const saveRole = (page: Page, role: string) =>
    page.getByRole('button', { name: fill(texts.matrix.saveRole, { name: role }), exact: true }).click();

  it('creates, copies, renames and deletes a role, remapping its users', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/roles' });
    await waitForShell(page);
    await page.getByTestId('permission-matrix').waitFor();
    const name = `E2E Role ${lang} ${run}`;

    // create: blank and duplicate names are refused in the prompt
    await page.getByRole('button', { name: texts.create }).click();
    await nameRole(page, catalog, '   ', texts.createSubmit);
    await page.getByText(texts.nameBlank).waitFor();
    await nameRole(page, catalog, 'administrator', texts.createSubmit);
    await page.getByText(texts.nameTaken).waitFor();
    await nameRole(page, catalog, name, texts.createSubmit);
    await page.getByText(texts.created).first().waitFor();
    await column(page, name).waitFor();

    // edit its permissions in the matrix and save
    await permission(page, name, 'CAN_ENROLL_STUDENTS').check();
    await saveRole(page, name);
    await page.getByText(texts.updated).first().waitFor();

    // copy: the copy keeps the permissions
    await roleAction(page, catalog, name, 'copy');
    await nameRole(page, catalog, `${name} copy`, texts.copySubmit);
    await column(page, `${name} copy`).waitFor();
    expect(await permission(page, `${name} copy`, 'CAN_ENROLL_STUDENTS').isChecked()).toBe(true);

    // rename the copy
    await roleAction(page, catalog, `${name} copy`, 'rename');
    await nameRole(page, catalog, `${name} renamed`, texts.renameSubmit);
    await column(page, `${name} renamed`).waitFor();
    expect(await column(page, `${name} copy`).count()).toBe(0);

    // give the role a user (through the API), then delete it: the user must be remapped first
    const token = await apiLogin('registrar');
    const orgId = Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));
    const roles = await apiRoute(token, rolesApi.list, { query: { contextId: orgId } });
    const role = roles.groups.find((g) => g.name === name)!;
    const users = await apiRoute(token, usersApi.search, {
      body: { organizationId: orgId, searchText: '', pageSize: 50 },
    });
    const ta = users.users.find((u) => u.roles.some((r) => r.name === 'Teaching Assistant'))!;
    await apiRoute(token, rolesApi.addMembers, {
      body: { groupId: role.groupId, memberType: 'identity_id', memberIds: [ta.id] },
    });
    await page.reload();
    await column(page, name).waitFor();
    expect(await column(page, name).textContent()).toContain(fill(texts.matrix.users, { count: 1 }));

    await roleAction(page, catalog, name, 'delete');
    const dialog = page.getByRole('dialog');
    await dialog.getByText(fill(texts.delete.mapFirst, { count: 1 })).waitFor();
    expect(await dialog.getByTestId('confirm-delete-role').isDisabled()).toBe(true);
    await dialog.getByTestId('map-all').click();
    await page.getByRole('option', { name: 'Teaching Assistant' }).click();
    await dialog.getByTestId('confirm-delete-role').click();
    // the users move: a confirmation first, naming the role and how many users
    await page
      .getByTestId('delete-role-confirm-text')
      .getByText(fill(texts.delete.confirmMoveText, { name, total: 1 }))
      .waitFor();
    await page.getByTestId('confirm-move-delete').click();
    await page.getByText(texts.deleted).first().waitFor();
    await expect.poll(() => column(page, name).count()).toBe(0);
    const after = await apiRoute(token, rolesApi.byMember, {
      query: { memberId: ta.id, organizationIdForRole: orgId },
    });
    expect(after.groups.map((g) => g.name)).toEqual(['Teaching Assistant']);

    // the renamed copy has no users: it is deleted straight away
    await roleAction(page, catalog, `${name} renamed`, 'delete');
    await page.getByRole('dialog').getByText(texts.delete.noUsers).waitFor();
    await page.getByRole('dialog').getByTestId('confirm-delete-role').click();
    await expect.poll(() => column(page, `${name} renamed`).count()).toBe(0);
  });

  it('shows a role’s users and keeps unsaved changes when someone else saved first', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/roles' });
    await waitForShell(page);
    await page.getByTestId('permission-matrix').waitFor();
    const name = `E2E Shared ${lang} ${run}`;
    const token = await apiLogin('registrar');
    const orgId = Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));
    const created = await apiRoute(token, rolesApi.create, {
      body: { contextId: orgId, name, permissions: [] },
    });
    await page.reload();
    await column(page, name).waitFor();
    await permission(page, name, 'CAN_ENROLL_STUDENTS').check();
    // another admin saves the same role first
    await apiRoute(token, rolesApi.update, {
      query: { groupId: created.group.groupId },
      body: { permissions: ['CAN_DELETE_COURSES'], version: 1 },
    });
    await saveRole(page, name);
    await page.getByTestId('role-conflict').waitFor();
    expect(await page.getByTestId('role-conflict').textContent()).toContain(texts.conflict);
    expect(await page.getByTestId('role-conflict').textContent()).toContain(texts.conflictKept);
    await expect.poll(() => permission(page, name, 'CAN_DELETE_COURSES').isChecked()).toBe(true);
    expect(await permission(page, name, 'CAN_ENROLL_STUDENTS').isChecked()).toBe(true);
    await saveRole(page, name);
    await page.getByText(texts.updated).first().waitFor();
    const saved = await apiRoute(token, rolesApi.list, { query: { contextId: orgId } });
    expect(saved.groups.find((g) => g.name === name)?.permissions).toEqual([
      'CAN_ENROLL_STUDENTS',
      'CAN_DELETE_COURSES',
    ]);

    await roleAction(page, catalog, 'Instructor', 'members');
    const drawer = page.getByRole('dialog', { name: fill(texts.members.title, { name: 'Instructor' }) });
    await drawer.getByTestId('role-members').waitFor();
    expect(await drawer.getByRole('row').count()).toBeGreaterThan(2);
    const holders = (await drawer.getByRole('row').count()) - 1;

    // "Change all users" asks first, naming both roles and how many users; cancelling moves nobody
    await drawer.getByTestId('change-role-target').click();
    await page.getByRole('option', { name, exact: true }).click();
    await drawer.getByRole('button', { name: texts.members.changeAll }).click();
    const ask = page.getByRole('dialog', { name: texts.members.confirmAllTitle });
    await ask
      .getByText(fill(texts.members.confirmAllText, { from: 'Instructor', to: name, total: holders }))
      .waitFor();
    await ask.getByRole('button', { name: texts.cancel }).click();
    await ask.waitFor({ state: 'detached' });
    const after = await apiRoute(token, rolesApi.list, { query: { contextId: orgId } });
    expect(after.groups.find((g) => g.name === name)?.memberCount).toBe(0);
    await apiRoute(token, rolesApi.remove, { query: { groupId: created.group.groupId } });
  });
});
