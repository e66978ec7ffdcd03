import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { productsApi } from '../src/shared/contract/products';
import en from '../src/web/i18n/en.json';
import { apiLogin, apiRoute, loginAs, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { fill } from './steps';
import { LANGUAGES } from './languages';

/** A catalog text with its {{placeholders}} filled in, as the page shows it. */

/** The organisation the persona's chosen institution belongs to, and that institution. */
async function home(token: string) {
  const session = await apiRoute(token, authApi.session);
  const orgs = await apiRoute(token, productsApi.organizations);
  return { orgs: orgs.organizations, institutions: session.institutions };
}

describe('Products area, in en', () => {
  const b = useBrowser('products');

  it('filters by product and keeps the view in the URL; axe clean', async () => {
    const { page } = b;
    const token = await apiLogin('internal');
    const { orgs } = await home(token);
    const org = orgs.find((o) => o.institutions > 1)!;
    const list = await apiRoute(token, productsApi.list, { params: { id: org.id } });
    expect(list.total).toBeGreaterThan(1);
    const target = list.productViews[1];

    await loginAs(page, 'internal', { path: `/products?org=${org.id}` });
    await waitForShell(page);
    await page.getByTestId('products-table').waitFor();
    expect(await page.getByTestId('product-row').count()).toBe(Math.min(10, list.total));
    await expect
      .poll(() => page.getByTestId('products-count').textContent())
      .toBe(fill(en.products.countProducts, { count: list.total }));
    // internal users read, they do not export or pair from the list
    expect(await page.getByTestId('export-organization').count()).toBe(0);

    await page.getByTestId('product-select').click();
    await page.getByRole('option', { name: `${target.productName} (${target.isbn})` }).click();
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    expect(await page.getByTestId('product-row').textContent()).toContain(target.productName);
    expect(new URL(page.url()).searchParams.get('product')).toBe(String(target.productId));

    // the saved view opens again from its URL, in the institution view
    await page.goto(`/products?org=${org.id}&product=${target.productId}&view=institution`);
    await page.getByTestId('institution-row').first().waitFor();
    expect(await page.getByTestId('product-row').first().textContent()).toContain(target.productName);
    expect((await seriousViolations(page)).join('\n')).toBe('');
  });

  it('pairs a course by ISBN-10, refuses a bad duration, edits it, then removes the pairing', async () => {
    const { page } = b;
    const token = await apiLogin('support');
    const { institutions } = await home(token);
    const inst = institutions[0];
    const lms = await apiRoute(token, productsApi.lmsList, { query: { organizationId: inst.orgId } });
    const integration = lms.integrationKeyStoreDTOList.find((i) => i.enabled)!;
    const course = lms.courses[0];
    const products = await apiRoute(token, productsApi.search, { params: { x: 'a' } });
    const product = products.products.find((p) => p.isbn.startsWith('978'))!;
    const { parse } = await import('isbn3');
    const isbn10 = parse(product.isbn)!.isbn10h!;

    await loginAs(page, 'support', { path: '/products/pair' });
    await page.getByTestId('pair-form').waitFor();
    await page.getByTestId('integration-select').click();
    await page.getByRole('option', { name: integration.name, exact: true }).click();
    await page.getByTestId('course-select').click();
    await page.getByRole('option').filter({ hasText: course.courseName }).first().click();
    const lmsCourseId = `e2e-${Date.now()}`;
    await page.getByTestId('lms-course-id').fill(lmsCourseId);
    // a wrong check digit is refused before any call
    await page.getByTestId('isbn-input').fill(`${isbn10.slice(0, -1)}${isbn10.endsWith('1') ? '2' : '1'}`);
    await page.getByTestId('find-isbn').click();
    await page.getByText(en.error.invalidProductId).waitFor();
    await page.getByTestId('isbn-input').fill(isbn10);
    await page.getByTestId('find-isbn').click();
    await page.getByTestId('chosen-product').getByText(product.productName, { exact: false }).waitFor();
    await page.getByTestId('pair-census').fill('30');
    await page.getByTestId('pair-free').fill('7');
    await page.getByTestId('submit-pairing').click();
    await page.getByText(en.products.messages.paired).waitFor();
    // the list then adds its default organisation to the address (?orgs=…)
    await page.waitForURL(/\/products(\?|$)/);

    // find the new pairing and open it
    const orgs = await apiRoute(token, productsApi.organizations);
    const org = orgs.organizations.find((o) => o.institutionIds.includes(inst.orgId))!;
    const withPairings = await apiRoute(token, productsApi.list, {
      params: { id: org.id },
      query: { pairing: 'true', isbn: product.isbn, pageSize: 1 },
    });
    expect(withPairings.productViews[0].pairingCount).toBeGreaterThan(0);
    const detail = await apiRoute(token, productsApi.detail, {
      params: { id: inst.orgId },
      query: { urn: `urn:product:${product.isbn}` },
    });
    const pairing = detail.pairings.find((p) => p.lmsCourseId === lmsCourseId)!;
    await page.goto(`/products/pairing/${pairing.pairingId}`);
    await page.getByTestId('durations-form').waitFor();

    // refused value: decimals, field by field, nothing sent
    await page.getByTestId('census-input').fill('1.5');
    await page.getByTestId('save-durations').click();
    await page.getByText(en.validation.durationNumber).waitFor();
    await page.getByTestId('census-input').fill('5');
    await page.getByTestId('free-input').fill('9');
    await page.getByText(en.validation.freeAboveCensus).waitFor();
    await page.getByTestId('census-input').fill('45');
    await page.getByTestId('free-input').fill('10');
    await page.getByTestId('save-durations').click();
    await page.getByText(en.products.messages.updated).waitFor();
    expect(await page.getByTestId('computed-dates').textContent()).toContain(
      fill(en.products.dates.census, { date: '' }).trim(),
    );
    expect((await seriousViolations(page)).join('\n')).toBe('');

    await page.getByTestId('remove-pairing').click();
    await page.getByText(en.products.remove.loss).waitFor();
    await page.getByTestId('confirm-remove-pairing').click();
    await page.getByText(en.products.messages.deleted).waitFor();
    // the list then adds its default organisation to the address (?orgs=…)
    await page.waitForURL(/\/products(\?|$)/);
    const after = await fetch(
      `${new URL(page.url()).origin}${productsApi.pairing.path}?pairingId=${pairing.pairingId}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(after.status).toBe(404);
  });

  // the longest path of the file (pairing view, inline edit, a real export download): room on a busy machine
  it('pairing view with the census column editable inline; export downloads the CSV', async () => {
    const { page } = b;
    const token = await apiLogin('super');
    const { orgs } = await home(token);
    // an organisation with pairings on its first page
    let orgId = 0;
    for (const o of orgs) {
      const l = await apiRoute(token, productsApi.list, { params: { id: o.id }, query: { pairing: 'true' } });
      if (l.productViews.some((p) => p.pairings.length)) {
        orgId = o.id;
        break;
      }
    }
    expect(orgId).toBeGreaterThan(0);
    await loginAs(page, 'super', { path: `/products?org=${orgId}&pairing=1` });
    await page.getByTestId('pairing-row').first().waitFor();
    expect(await page.getByTestId('readiness').count()).toBeGreaterThan(0);
    // census view: census editable; a refused value shows its message
    const inline = page.getByTestId('inline-census').first();
    await inline.fill('366');
    await page.getByText(en.validation.durationRange).first().waitFor();
    await page.getByTestId('mode-switch').getByText(en.products.mode.freeAccess).click();
    await page.getByTestId('inline-freeAccess').first().waitFor();
    expect(await page.getByTestId('inline-census').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('mode')).toBe('freeAccess');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-organization').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Courses_.+_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(
      /^Institution ID,Institution,Product ID,ISBN/,
    );
    expect(text.split('\r\n').length).toBeGreaterThan(2);
    await expect.poll(() => page.getByTestId('export-organization').getAttribute('data-loading')).toBeNull();
    expect((await seriousViolations(page)).join('\n')).toBe('');
  }, 120_000);

  it('registrars have no Products tab and are sent back to /institution', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/products' });
    await page.waitForURL('**/institution');
    expect(await page.locator('[data-testid=tabs] a', { hasText: en.tabs.products }).count()).toBe(0);
  });
});

describe.each(LANGUAGES.filter((l) => l.lang === 'fr'))('Products area, in $lang', ({ locale, catalog }) => {
  const b = useBrowser('products-fr', { locale });

  it('shows the product detail in French with its offers, pairings and sections', async () => {
    const { page } = b;
    const token = await apiLogin('support');
    const { institutions } = await home(token);
    const inst = institutions[0];
    const orgs = await apiRoute(token, productsApi.organizations);
    const org = orgs.organizations.find((o) => o.institutionIds.includes(inst.orgId))!;
    const list = await apiRoute(token, productsApi.list, {
      params: { id: org.id },
      query: { view: 'institution', pageSize: 50 },
    });
    const row = list.institutionViews.find((i) => i.institutionId === inst.orgId)!.products[0];
    await loginAs(page, 'support', {
      path: `/institution/productDetail/${encodeURIComponent(row.urn)}/${inst.orgId}`,
    });
    await page.getByTestId('product-fields').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(row.productName);
    await page.getByText(catalog.products.detail.offers).waitFor();
    await page.getByText(catalog.products.detail.sections).waitFor();
    expect((await seriousViolations(page)).join('\n')).toBe('');
  });
});
