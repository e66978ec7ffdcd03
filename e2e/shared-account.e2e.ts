import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { institutionsApi } from '../src/shared/contract/institutions';
import { rolesApi } from '../src/shared/contract/roles';
import type { RouteResponse } from '../src/shared/contract/route';
import { usersApi } from '../src/shared/contract/users';
import { apiLogin, apiRoute, loginAs, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { LANGUAGES } from './languages';

const run = Date.now().toString(36);
type Users = RouteResponse<typeof usersApi.search>['users'];

async function orgIdOf(page: Page): Promise<number> {
  return Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));
}

/**
 * An account of an institution the registrar does not administer, not yet in `orgId`: found by
 * the super admin (the registrar cannot list other institutions' users).
 */
async function outsiderFor(orgId: number): Promise<Users[number]> {
  const registrar = await apiLogin('registrar');
  const mine = await apiRoute(registrar, authApi.session);
  const own = new Set(mine.institutions.map((i) => i.orgId));
  const boss = await apiLogin('super');
  const everywhere = await apiRoute(boss, institutionsApi.list, { query: { limit: 100 } });
  const members = await apiRoute(boss, usersApi.search, {
    body: { organizationId: orgId, searchText: '', pageSize: 100 },
  });
  for (const inst of everywhere.organizations.filter((i) => !own.has(i.orgId))) {
    const theirs = await apiRoute(boss, usersApi.search, {
      body: { organizationId: inst.orgId, searchText: '', pageSize: 50 },
    });
    const found = theirs.users.find((u) => !u.flagged && !members.users.some((m) => m.id === u.id));
    if (found) return found;
  }
  throw new Error('no account of an institution the registrar does not administer');
}

describe.each(LANGUAGES)('a shared account (registrar), in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`shared-account-${lang}`, { locale });

  it("refuses changing the e-mail of another institution's account pulled into one's own, with the translated reason", async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    await page.getByTestId('users-table').waitFor();
    const orgId = await orgIdOf(page);
    const outsider = await outsiderFor(orgId);

    // adding an existing account to one's institution stays allowed (spec §7)
    const token = await apiLogin('registrar');
    const roles = await apiRoute(token, rolesApi.list, { query: { contextId: orgId } });
    const ta = roles.groups.find((g) => g.name === 'Teaching Assistant')!;
    await apiRoute(token, usersApi.addUser, {
      body: { userId: outsider.id, organizationId: orgId, groupId: ta.groupId },
    });

    await page.getByLabel(catalog.users.search.label).fill(outsider.username);
    const row = page.getByTestId('user-row').filter({ hasText: outsider.email });
    await row.waitFor();
    await row
      .getByRole('button', { name: catalog.users.actions.editUser.replace('{{name}}', outsider.displayName) })
      .click();
    const dialog = page.getByRole('dialog');
    const email = dialog.getByLabel(catalog.users.fields.email);
    await expect.poll(() => email.inputValue()).toBe(outsider.email);
    await email.fill(`taken.over.${lang}.${run}@example.edu`);
    await dialog.getByTestId('save-user').click();

    await page.getByText(catalog.error.sharedAccountFields).waitFor();
    // the message stays until closed; axe reads the page without the modal's overlay dimming it
    await dialog.getByRole('button', { name: catalog.users.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(catalog.error.sharedAccountFields).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // nothing changed
    const boss = await apiLogin('super');
    const after = await apiRoute(boss, usersApi.getPiUser, {
      params: { id: outsider.id },
      query: { organizationId: orgId },
    });
    expect(after.user.email).toBe(outsider.email);
  });
});
