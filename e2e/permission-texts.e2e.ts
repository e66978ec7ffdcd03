import { describe, expect, it } from 'vitest';
import { alertsApi } from '../src/shared/contract/alerts';
import { authApi } from '../src/shared/contract/auth';
import { institutionsApi } from '../src/shared/contract/institutions';
import { rolesApi } from '../src/shared/contract/roles';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { apiLogin, apiRoute, baseURL, loginAs, routeUrl, useBrowser, waitForShell } from './fixtures';
import { pickInstitutionInHeader } from './steps';

const WAIT = { timeout: 15_000 };

/** Spec texts of §5 and §6 shown in the browser, on demo data that reaches them. */
describe.each([
  { locale: 'en-US', catalog: en },
  { locale: 'fr-FR', catalog: fr },
])('permission and rule texts, in $locale', ({ locale, catalog }) => {
  const b = useBrowser(`permission-texts-${locale}`, { locale });

  it('"You do not have enough permissions to view {institution} details !" where the groups lack the dashboard right; the bell hidden at 0 where they have it', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'adjunct'))!;
    await waitForShell(page);
    const session = await apiRoute(token, authApi.session);
    expect(session.institutions).toHaveLength(2);
    const [teaches, administers] = session.institutions;
    await expect
      .poll(() => page.getByTestId('no-permission-notice').textContent(), WAIT)
      .toBe(catalog.access.noPermission.replace('{{institution}}', teaches.displayName.toUpperCase()));
    expect(new URL(page.url()).pathname).toBe('/institution');

    // where the adjunct administers: no notice; with every alert acknowledged the bell shows no count
    const alerts = await apiRoute(token, alertsApi.list, { query: { organizationId: administers.orgId } });
    const buckets = [alerts.today, alerts.yesterday, alerts.older];
    const ids = buckets.flatMap((k) => k.courseCopyStatuses.map((c) => c.id));
    const sectionIds = buckets.flatMap((k) => k.sections.map((s) => s.id));
    if (ids.length + sectionIds.length > 0)
      await apiRoute(token, alertsApi.acknowledge, {
        query: { organizationId: administers.orgId },
        body: { ids, sectionIds },
      });
    await page.getByTestId('institution-chooser').click();
    await page.getByRole('option', { name: `${administers.displayName} (${administers.orgId})` }).click();
    await page.getByTestId('no-permission-notice').waitFor({ state: 'detached' });
    const bell = page.getByTestId('alerts-bell');
    await expect.poll(() => bell.getAttribute('aria-label'), WAIT).toBe(catalog.header.alerts);
    expect(await page.getByTestId('alerts-count').locator('.mantine-Indicator-indicator').count()).toBe(0);
  });

  it('editing a user one may not edit says "Sorry, you do not have permission to edit the user\'s information"', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    await page.getByLabel(catalog.users.search.label).fill('jordan.pike');
    const edit = page.getByRole('button', {
      name: catalog.users.actions.editUser.replace('{{name}}', 'Jordan Pike'),
    });
    await edit.click();
    await page.getByTestId('save-user').click();
    await page.getByText(catalog.error.cannotEditUser).first().waitFor();
  });

  it('the only role cannot be deleted or changed', async () => {
    const { page } = b;
    const token = await apiLogin('super');
    // seed: the last institution keeps one role (its users all moved to it)
    const all = await apiRoute(token, institutionsApi.filterByName, {
      query: { name: 'Willamette', limit: 5 },
    });
    const inst = all.organizations[0];
    const roles = () => apiRoute(token, rolesApi.list, { query: { contextId: inst.orgId } });
    const keep = (await roles()).groups.find((g) => g.name === 'Administrator')!;
    for (const g of (await roles()).groups.filter((r) => r.groupId !== keep.groupId))
      await apiRoute(token, rolesApi.remove, {
        query: { groupId: g.groupId },
        body: { reassignAllTo: keep.groupId },
      });
    expect((await roles()).groups).toHaveLength(1);
    const refused = await fetch(
      `${baseURL()}${routeUrl(rolesApi.remove, { query: { groupId: keep.groupId } })}`,
      {
        method: rolesApi.remove.method,
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(refused.status).toBe(409);

    await loginAs(page, 'super', { path: '/roles' });
    await waitForShell(page);
    await pickInstitutionInHeader(page, 'Willamette', `${inst.displayName} (${inst.orgId})`);
    await page.getByText(catalog.roles.onlyRole).first().waitFor();
  });

  it('an empty institution cannot be updated (no institution to choose yet)', async () => {
    const { page } = b;
    // a world without institutions: the internal user (no institution of their own) finds none
    await page.route(`**${institutionsApi.filterByName.path}?*`, (route) =>
      route.fulfill({ status: 200, json: { organizations: [] } }),
    );
    await loginAs(page, 'internal', { path: '/adminTools' });
    await page.getByTestId('empty-institution').waitFor();
    expect(await page.getByTestId('empty-institution').textContent()).toBe(
      catalog.adminTools.emptyInstitution,
    );
  });
});
