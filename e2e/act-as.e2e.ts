import { describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { apiLogin, apiRoute, loginAs, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { fill, storeInstitution } from './steps';
import { LANGUAGES } from './languages';

/** A catalog text with its {{placeholders}} filled in, as the page shows it. */

describe.each(LANGUAGES)(
  'Act-as (support acting as the registrar), in $lang',
  ({ lang, locale, catalog }) => {
    const b = useBrowser(`act-as-${lang}`, { locale });
    const texts = catalog.actAs;

    it('starts read-only with a reason, shows the banner, refuses a write with its message, and stops', async () => {
      const { page } = b;
      const registrar = await apiRoute(await apiLogin('registrar'), authApi.session);
      const inst = registrar.institutions[0];
      const support = await apiRoute(await apiLogin('support'), authApi.session);

      // support works in the registrar's institution (what the header chooser stores)
      await loginAs(page, 'support', { path: '/healthz' });
      await storeInstitution(page, support.userId, inst);
      await page.goto('/institution');
      await waitForShell(page);

      // the dialog: a user of the institution and a required reason
      await page.getByTestId('act-as-open').click();
      const dialog = page.getByRole('dialog', { name: fill(texts.title, { institution: inst.displayName }) });
      await dialog.waitFor();
      expect(await dialog.getByTestId('act-as-allow-writes').count()).toBe(0); // super admins only
      await dialog.getByTestId('act-as-start').click();
      await dialog.getByText(texts.reasonRequired).waitFor();
      await dialog.getByText(texts.userRequired).waitFor();
      await dialog.getByTestId('act-as-user').fill('registrar');
      await page.getByRole('option', { name: `${registrar.user.displayName} (registrar)` }).click();
      await dialog.getByTestId('act-as-reason').fill(`E2E ticket ${lang}`);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByTestId('act-as-start').click();

      // the banner, on every page until stopped
      const banner = page.getByTestId('act-as-banner');
      await banner.waitFor();
      const expected = fill(texts.banner, {
        name: registrar.user.displayName,
        institution: inst.displayName,
      });
      expect(await banner.textContent()).toContain(expected);
      expect(await banner.textContent()).toContain(texts.readOnly);
      await page.screenshot({ path: `test-results/act-as-banner-${lang}-1280.png` });
      await page.setViewportSize({ width: 390, height: 800 });
      await banner.waitFor();
      await page.screenshot({ path: `test-results/act-as-banner-${lang}-390.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      await waitForShell(page);
      expect(await seriousViolations(page)).toEqual([]);

      // a write is refused with the read-only message
      await page.goto('/roles');
      await page.getByTestId('permission-matrix').waitFor();
      await banner.waitFor();
      await page.getByRole('button', { name: catalog.roles.create }).click();
      const prompt = page.getByRole('dialog');
      await prompt.getByLabel(catalog.roles.namePrompt).fill(`Act-as ${lang}`);
      await prompt.getByRole('button', { name: catalog.roles.createSubmit, exact: true }).click();
      await page.getByText(catalog.error.actAsReadOnly).first().waitFor();
      await page.keyboard.press('Escape');

      // stop: back to the support user, no banner
      await page.getByTestId('act-as-stop').click();
      await page.waitForURL((url) => url.pathname === '/institution');
      await waitForShell(page);
      await page.getByTestId('act-as-open').waitFor();
      expect(await banner.count()).toBe(0);
    }, 400_000);
  },
);
