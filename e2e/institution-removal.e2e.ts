import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { rolesApi } from '../src/shared/contract/roles';
import { usersApi } from '../src/shared/contract/users';
import { apiRoute, loginAs, RESULTS_DIR, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { fill } from './steps';
import { LANGUAGES } from './languages';

/** Removing a departed instructor from the institution from the Users page, after confirming. */

const run = Date.now().toString(36);

/** A catalog text with its {{placeholders}} filled in, as the page shows it. */

describe.each(LANGUAGES)('remove a user from the institution, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`institution-removal-${lang}`, { locale });

  it('registrar removes a departed instructor after confirming; the row leaves the list', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/users' })) as string;
    await waitForShell(page);
    const session = await apiRoute(token, authApi.session);
    const orgId = session.institutions[0].orgId;
    const { groups } = await apiRoute(token, rolesApi.list, { query: { contextId: orgId } });
    const role = groups.find((g) => g.name === 'Instructor') ?? groups[0];
    const email = `departed.${lang}.${run}@example.edu`;
    await apiRoute(token, usersApi.createPiUser, {
      params: { id: orgId },
      body: { firstName: 'Dana', lastName: `Departed ${lang}`, email, groupId: role.groupId },
    });
    const name = `Dana Departed ${lang}`;
    await page.reload();
    await page.getByLabel(catalog.users.search.label).fill(email);
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor();
    await row.getByTestId('institution-removal').click();
    const ask = page.getByRole('dialog', { name: fill(catalog.users.removal.confirmTitle, { name }) });
    await ask.waitFor();
    expect((await seriousViolations(page)).join('\n')).toBe('');
    await page.screenshot({ path: join(RESULTS_DIR, `institution-removal-${lang}-1280.png`) });
    await ask.getByTestId('confirm-institution-removal').click();
    await page.getByText(fill(catalog.users.removal.removed, { name })).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(RESULTS_DIR, `institution-removal-${lang}-390.png`), fullPage: true });
  });
});
