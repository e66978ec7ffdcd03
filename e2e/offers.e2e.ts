import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { institutionsApi } from '../src/shared/contract/institutions';
import { offersApi } from '../src/shared/contract/offers';
import type { RouteResponse } from '../src/shared/contract/route';
import { apiLogin, apiRoute, loginAs, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { fill, chooseInstitution } from './steps';
import en from '../src/web/i18n/en.json';
import { LANGUAGES } from './languages';

type Offers = RouteResponse<typeof offersApi.list>;
const WAIT = { timeout: 15_000 };

/** The ids of the offers the page lists, in order. */
const shownIds = (page: Page) =>
  page
    .getByTestId('offer-row')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-offer-id'))));
const idsOf = (list: Offers) => list.offers.map((o) => o.offerId);

/** The chosen institution of the header, as the page reads it. */
async function currentOrgId(page: Page): Promise<number> {
  const text = (await page.getByTestId('institution-id').textContent()) ?? '';
  return Number(/(\d+)\s*$/.exec(text)?.[1]);
}

describe.each(LANGUAGES)('Offers (registrar), in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`offers-${lang}`, { locale });
  const texts = catalog.offers;

  it('lists the institution offers 10 a page, filters by status and marks the ones about to expire', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/offers' }))!;
    await waitForShell(page);
    await page.getByTestId('offer-row').first().waitFor();
    const orgId = await currentOrgId(page);
    const all = await apiRoute(token, offersApi.list, { query: { organizationId: orgId } });
    expect(all.total).toBeGreaterThan(10);
    expect(await page.getByTestId('offer-row').count()).toBe(10);
    expect(await page.getByTestId('offer-total').textContent()).toBe(
      fill(all.total === 1 ? texts.table.total_one : texts.table.total_other, { count: all.total }),
    );
    expect(await seriousViolations(page)).toEqual([]);

    // page 2 shows the next ten (each step waits for the page to list exactly what the API answers:
    // the list shown until the new answer arrives is the previous one)
    await page
      .getByTestId('offers-pager')
      .getByRole('button', { name: fill(catalog.common.pager.page, { page: 2 }) })
      .click();
    const page2 = await apiRoute(token, offersApi.list, { query: { organizationId: orgId, page: 2 } });
    await expect.poll(() => shownIds(page), WAIT).toEqual(idsOf(page2));

    // status filter: Expired only
    await page.getByTestId('offers-status').click();
    await page.getByRole('option', { name: catalog.status.offerStatus.expired, exact: true }).click();
    await page.waitForURL(/status=expired/);
    const expired = await apiRoute(token, offersApi.list, {
      query: { organizationId: orgId, status: 'expired' },
    });
    expect(expired.total).toBeGreaterThan(0);
    await expect.poll(() => shownIds(page), WAIT).toEqual(idsOf(expired));
    const badges = await page
      .locator('[data-testid=offer-row] [data-offer-status]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-offer-status')));
    expect(new Set(badges)).toEqual(new Set(['expired']));

    // about to expire: the chip filters them, each row carries the mark
    await page.getByTestId('offers-status').click();
    await page.getByRole('option', { name: texts.filters.allStatuses }).click();
    // the status filter must be gone before the chip is added: otherwise the page lists expired offers
    // that are about to expire (none), while the API call below asks for every status
    await page.waitForURL((url) => !url.searchParams.has('status'));
    const chip = await page.getByTestId('offers-expiring').getAttribute('id');
    await page.locator(`label[for="${chip}"]`).click();
    await page.waitForURL(
      (url) => url.searchParams.get('expiring') === '1' && !url.searchParams.has('status'),
    );
    const expiring = await apiRoute(token, offersApi.list, {
      query: { organizationId: orgId, expiring: 'true' },
    });
    // the demo world's offers about to expire stay the same ones for days after it was seeded
    // (src/server/db/seed/catalog.ts), so the page's answer and this one agree whatever the hour
    expect(expiring.total).toBeGreaterThan(0);
    expect(expiring.offers.every((o) => o.expiresSoon)).toBe(true);
    await expect.poll(() => shownIds(page), WAIT).toEqual(idsOf(expiring));
    expect(await page.locator('[data-testid=offer-row] [data-testid=expires-soon]').count()).toBe(
      expiring.offers.length,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('Offers', () => {
  const b = useBrowser('offers');
  const texts = en.offers;

  it('an institution without offers shows a calm empty state, no alert', async () => {
    const { page } = b;
    const token = await apiLogin('super');
    await chooseInstitution(page, token, 'Dunmore');
    await loginAs(page, 'super', { path: '/offers' });
    await waitForShell(page);
    await page.getByTestId('offers-empty').waitFor();
    expect(await page.getByTestId('offers-empty').textContent()).toContain(
      'No offers available for this Organization',
    );
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('offer-table').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens an offer: fields, product link, sections; an unknown id shows not found', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/offers?sort=endsOn' });
    await waitForShell(page);
    await page.getByTestId('offer-row').first().waitFor();
    const link = page.getByTestId('offer-link').first();
    const title = (await link.textContent()) ?? '';
    await link.click();
    await page.waitForURL(/\/offers\/\d+$/);
    await page.getByTestId('offer-fields').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    const href = await page.getByTestId('offer-product-link').getAttribute('href');
    expect(href).toMatch(/^\/institution\/productDetail\/urn%3Aproduct%3A\d{13}\/\d+$/);
    expect(await seriousViolations(page)).toEqual([]);
    // the link names the product at the offer's institution: a super admin (who may view every
    // product, whatever other tests did to the registrar's roles) opens it without an error
    const productName = ((await page.getByTestId('offer-product-link').textContent()) ?? '').trim();
    await loginAs(page, 'super', { path: href as string });
    await page.getByRole('heading', { level: 1, name: productName }).waitFor(WAIT);
    expect(await page.getByText(en.error.accessDenied).count()).toBe(0);
    expect(await page.getByText(en.error.institutionNotFound).count()).toBe(0);

    await page.goto('/offers/2000000000');
    await page.getByTestId('offer-not-found').waitFor();
    expect(await page.getByTestId('offer-not-found').textContent()).toContain(texts.detail.notFound);
    await page.goto('/offers/abc');
    await page.getByTestId('offer-not-found').waitFor();
  });

  it('shows the sections using an offer, each linking to its course', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/offers' }))!;
    await waitForShell(page);
    await page.getByTestId('offer-row').first().waitFor();
    const orgId = await currentOrgId(page);
    let used: Offers['offers'][number] | undefined;
    for (let p = 1; !used && p <= 5; p++) {
      const list = await apiRoute(token, offersApi.list, { query: { organizationId: orgId, page: p } });
      used = list.offers.find((o) => o.sectionCount > 0);
    }
    expect(used).toBeDefined();
    await page.goto(`/offers/${used!.offerId}`);
    await page.getByTestId('offer-sections').waitFor();
    expect(await page.getByTestId('offer-section').count()).toBe(Math.min(500, used!.sectionCount));
    expect(await page.getByTestId('offer-section').first().getByRole('link').getAttribute('href')).toMatch(
      /^\/institution\/courseDetail\/\d+$/,
    );
  });

  it('staff compare two institutions in one table with an institution column', async () => {
    const { page } = b;
    const token = await apiLogin('super');
    const first = await chooseInstitution(page, token, 'Abbott Valley');
    await loginAs(page, 'super', { path: '/offers?view=compare' });
    await waitForShell(page);
    const picker = page.getByTestId('compare-institutions');
    await picker.waitFor();
    await page.getByTestId('offer-row').first().waitFor();
    const input = (await picker.evaluate((el) => el.tagName)) === 'INPUT' ? picker : picker.locator('input');
    await input.fill('Brookfield');
    await page.getByRole('option', { name: /Brookfield Technical College/ }).click();
    await page.keyboard.press('Escape');
    const both = await apiRoute(token, offersApi.compare, {
      body: { organizationIds: [first.orgId, ...(await brookfieldId(token))] },
    });
    await expect.poll(() => page.getByTestId('offer-total').textContent(), WAIT).toBe(`${both.total} offers`);
    // sorted by title across both institutions; the institution column names each row's
    const names = await page.locator('[data-testid=offer-row] td:first-child').allTextContents();
    expect(names).toEqual(both.offers.map((o) => o.institutionName));

    // a title both institutions offer: searching it puts both institutions' rows on one page
    const ids = [first.orgId, ...(await brookfieldId(token))];
    let shared: { title: string; list: Offers } | undefined;
    for (let p = 1; !shared && p <= 5; p++) {
      const own = await apiRoute(token, offersApi.list, { query: { organizationId: first.orgId, page: p } });
      for (const title of new Set(own.offers.map((o) => o.title))) {
        const list = await apiRoute(token, offersApi.compare, {
          body: { organizationIds: ids, q: title },
        });
        if (new Set(list.offers.map((o) => o.organizationId)).size === 2) {
          shared = { title, list };
          break;
        }
      }
    }
    expect(shared, 'a title offered to both institutions').toBeDefined();
    await page.getByTestId('offers-search').fill(shared!.title);
    await expect
      .poll(() => page.getByTestId('offer-total').textContent(), WAIT)
      .toBe(`${shared!.list.total} offers`);
    const shown = await page.locator('[data-testid=offer-row] td:first-child').allTextContents();
    expect(shown).toEqual(shared!.list.offers.map((o) => o.institutionName));
    expect(new Set(shown)).toEqual(
      new Set([
        shared!.list.offers.find((o) => o.organizationId === first.orgId)!.institutionName,
        'Brookfield Technical College',
      ]),
    );
    await page.getByTestId('offers-search').fill('');
    await expect.poll(() => page.getByTestId('offer-total').textContent(), WAIT).toBe(`${both.total} offers`);

    await page.getByTestId('offers-status').click();
    await page.getByRole('option', { name: 'Pending', exact: true }).click();
    const pending = await apiRoute(token, offersApi.compare, {
      body: { organizationIds: [first.orgId, ...(await brookfieldId(token))], status: 'pending' },
    });
    await expect
      .poll(() => page.getByTestId('offer-total').textContent(), WAIT)
      .toBe(`${pending.total} offers`);
    const institutions = await page.locator('[data-testid=offer-row] td:first-child').allTextContents();
    expect(new Set(institutions).size).toBe(new Set(pending.offers.map((o) => o.institutionName)).size);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('exports the filtered list as CSV', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/offers?status=active' }))!;
    await waitForShell(page);
    await page.getByTestId('offer-row').first().waitFor();
    const orgId = await currentOrgId(page);
    const active = await apiRoute(token, offersApi.list, {
      query: { organizationId: orgId, status: 'active' },
    });
    const download = page.waitForEvent('download');
    await page.getByTestId('offers-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Offers.csv');
    const lines = readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Institution,ISBN,Title,Offer Type,Status,Start Date,End Date,Inclusive,Expires Within 30 Days,Sections,Paired LMS Courses',
    );
    expect(lines).toHaveLength(active.total + 1);
    expect(lines.slice(1).every((l) => l.includes(',Active,'))).toBe(true);
  });
});

async function brookfieldId(token: string): Promise<number[]> {
  const found = await apiRoute(token, institutionsApi.filterByName, { query: { name: 'Brookfield' } });
  return [found.organizations[0].orgId];
}

describe('Offers at 390 px', () => {
  const b = useBrowser('offers-390', { viewport: { width: 390, height: 844 } });

  it('lists the offers as cards that fit the screen, and the detail page opens from them', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/offers' });
    await waitForShell(page);
    await page.getByTestId('offer-card').first().waitFor();
    expect(await page.getByTestId('offer-card').count()).toBe(10);
    expect(await page.getByTestId('offer-table').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    // sorting without the table's headers
    const first = await page.getByTestId('offer-card').first().textContent();
    await page.getByTestId('offers-sort').click();
    await page.getByRole('option', { name: 'End date, descending' }).click();
    await page.waitForURL(/sort=endsOn&order=desc|order=desc&sort=endsOn/);
    await expect.poll(() => page.getByTestId('offer-card').first().textContent(), WAIT).not.toBe(first);
    await page.getByTestId('offer-card').first().getByRole('link').click();
    await page.getByTestId('offer-fields').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
