import { describe, expect, it } from 'vitest';
import { institutionsApi } from '../src/shared/contract/institutions';
import en from '../src/web/i18n/en.json';
import fr from '../src/web/i18n/fr.json';
import { apiRoute, loginAs, PERSONAS, tabLabels, useBrowser, waitForShell } from './fixtures';
import { EXPECTED_TABS } from './personas';

/** The main path in English and in French: same steps, labels from each catalog. */
const LANGUAGES = [
  { lang: 'en', locale: 'en-US', catalog: en },
  { lang: 'fr', locale: 'fr-FR', catalog: fr },
] as const;

/** An English tab label in the catalog's language. */
const tabIn = (catalog: typeof en, english: string) => {
  const key = (Object.keys(en.tabs) as (keyof typeof en.tabs)[]).find((k) => en.tabs[k] === english);
  if (!key) throw new Error(`no tab labelled ${english}`);
  return catalog.tabs[key];
};

describe.each(LANGUAGES)('header tabs per persona (ARCHITECTURE §5), in $lang', ({ locale, catalog }) => {
  const b = useBrowser(`tabs-${locale}`, { locale });

  for (const persona of PERSONAS.filter((p) => p !== 'instructor')) {
    it(`${persona} sees exactly ${EXPECTED_TABS[persona].join(', ')}`, async () => {
      const token = await loginAs(b.page, persona);
      await waitForShell(b.page);
      expect(new URL(b.page.url()).pathname).toBe('/institution');
      await expect
        .poll(() => tabLabels(b.page))
        .toEqual(EXPECTED_TABS[persona].map((t) => tabIn(catalog, t)));
      // the active tab follows the path
      await expect
        .poll(() => b.page.locator('[data-testid=tabs] a[aria-current=page]').textContent())
        .toBe(catalog.tabs.courses);
      // institution name (uppercased) and organisation id on the right: the seeded institution's
      const orgText = (await b.page.getByTestId('institution-id').textContent()) ?? '';
      const orgId = Number(orgText.replace(/\D/g, ''));
      expect(orgText).toBe(catalog.header.orgId.replace('{{id}}', String(orgId)));
      const seeded = await apiRoute(token!, institutionsApi.details, { params: { organizationId: orgId } });
      expect(seeded.displayName.length).toBeGreaterThan(0);
      expect((await b.page.getByTestId('institution-name').textContent())?.trim()).toBe(
        seeded.displayName.toUpperCase(),
      );
    });
  }

  it('instructor (no dashboard access, one institution) ends on /unauthorizedUser without tabs', async () => {
    await loginAs(b.page, 'instructor');
    await b.page.waitForURL('**/unauthorizedUser');
    await b.page.getByTestId('unauthorized').waitFor();
    expect(await tabLabels(b.page)).toEqual([]);
    expect(await b.page.getByTestId('no-permission-notice').count()).toBe(0);
  });

  it('the active tab follows the path', async () => {
    await loginAs(b.page, 'super', { path: '/offers/42' });
    await waitForShell(b.page);
    await expect
      .poll(() => b.page.locator('[data-testid=tabs] a[aria-current=page]').textContent())
      .toBe(catalog.tabs.offers);
    await b.page.getByRole('link', { name: catalog.tabs.inclusiveAccess }).click();
    await b.page.waitForURL('**/adminTools');
    await expect
      .poll(() => b.page.locator('[data-testid=tabs] a[aria-current=page]').textContent())
      .toBe(catalog.tabs.inclusiveAccess);
    await expect
      .poll(() => b.page.getByRole('heading', { level: 1 }).textContent())
      .toBe(catalog.pages.adminTools.title);
  });
});
