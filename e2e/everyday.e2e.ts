import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type AlertsResponse, alertsApi } from '../src/shared/contract/alerts';
import { authApi } from '../src/shared/contract/auth';
import { institutionsApi } from '../src/shared/contract/institutions';
import { productsApi } from '../src/shared/contract/products';
import { usersApi } from '../src/shared/contract/users';
import en from '../src/web/i18n/en.json';
import {
  apiLogin,
  apiRoute,
  loginAs,
  RESULTS_DIR,
  seriousViolations,
  useBrowser,
  waitForShell,
} from './fixtures';
import { fillPlain } from './steps';
import { LANGUAGES } from './languages';

/**
 * The everyday actions and safer defaults: the alerts popup's type filter and "Mark all read", the
 * bulk upload's "Create only" default, copy buttons when the clipboard is refused, the ISBN search's
 * field error, product codes as words, an institution search that lists only matches, and the EAD
 * create dialog without a stale error.
 */

type Alerts = z.infer<typeof AlertsResponse>;

/** A catalog text with its {{placeholders}} filled in and its <tags> dropped, as the page shows it. */

async function orgIdOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('institution-id').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

const lowEnrollmentCount = (a: Alerts) =>
  [a.today, a.yesterday, a.older].flatMap((b) => b.sections).filter((s) => s.alertType === 'low_enrollment')
    .length;

describe.each(LANGUAGES)('alerts popup filter and Mark all read, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`everyday-alerts-${lang}`, { locale });
  // each language its own user: acknowledging is per user, so the runs never share their alerts
  const persona = lang === 'en' ? 'associate' : 'support';

  it('shows only low-enrollment alerts, marks them all read, and keeps the others', async () => {
    const { page } = b;
    const token = (await loginAs(page, persona)) as string;
    await waitForShell(page);
    const orgId = await orgIdOf(page);
    const alerts = (): Promise<Alerts> =>
      apiRoute(token, alertsApi.list, { query: { organizationId: orgId } });
    const before = await alerts();
    expect(lowEnrollmentCount(before)).toBeGreaterThan(0);

    await page.getByTestId('alerts-bell').click();
    const popup = page.getByTestId('alerts-popup');
    await popup.getByTestId('alert-entry').first().waitFor();
    await popup.getByLabel(catalog.alerts.filter.label).selectOption('lowEnrollment');
    const low = fillPlain(catalog.alerts.lowEnrollment, { name: '' }).trim();
    const texts = () => popup.getByTestId('alert-text').allTextContents();
    await expect.poll(async () => (await texts()).every((t) => t.includes(low))).toBe(true);
    expect((await texts()).length).toBeGreaterThan(0);
    expect((await seriousViolations(page)).join('\n')).toBe('');

    await popup.getByRole('button', { name: catalog.alerts.markAllRead }).click();
    await popup.getByText(catalog.alerts.filterEmpty).waitFor();
    await expect.poll(async () => lowEnrollmentCount(await alerts())).toBe(0);
    const after = await alerts();
    const others = (a: Alerts) =>
      [a.today, a.yesterday, a.older].reduce(
        (n, x) => n + x.courseCopyStatuses.length + x.sections.length,
        0,
      ) - lowEnrollmentCount(a);
    expect(others(after)).toBe(others(before));

    await popup.getByLabel(catalog.alerts.filter.label).selectOption('all');
    await popup.getByTestId('alert-entry').first().waitFor();
    expect((await texts()).some((t) => t.includes(low))).toBe(false);
  });
});

describe.each(LANGUAGES)('course list Copy column, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`everyday-copyable-${lang}`, { locale });

  it('registrar sees which courses may be copied and why not, and selects the copyable ones only', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/institution?size=100' });
    await waitForShell(page);
    const table = page.getByTestId('course-table');
    await table.getByRole('columnheader', { name: catalog.institutions.table.copyable }).waitFor();
    await table.getByTestId('copyable').first().waitFor();
    const copyable = await table.getByTestId('copyable').count();
    const refused = table.getByTestId('not-copyable');
    if ((await refused.count()) > 0) {
      // the reason is the copy rule's own text with its code, e.g. "Copy Not Permitted (106)"
      expect(await refused.first().textContent()).toMatch(/\(1\d\d\)/);
    }
    await page.getByTestId('select-copyable').click();
    await expect
      .poll(() => page.getByTestId('selected-count').textContent())
      .toBe(
        fillPlain(
          copyable === 1
            ? catalog.institutions.table.selected_one
            : catalog.institutions.table.selected_other,
          { count: copyable },
        ),
      );
    const checkedRows = table.locator('[data-testid=course-row]:has(input[type=checkbox]:checked)');
    expect(await checkedRows.count()).toBe(copyable);
    expect(await checkedRows.locator('[data-testid=copyable]').count()).toBe(copyable);
    expect((await seriousViolations(page)).join('\n')).toBe('');
    await page.screenshot({ path: join(RESULTS_DIR, `everyday--copyable-${lang}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(RESULTS_DIR, `everyday--copyable-${lang}-390.png`), fullPage: true });
  });
});

describe.each(LANGUAGES)('find a person, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`everyday-people-${lang}`, { locale });

  it('provider staff find the registrar by user name, with both institutions and the roles there', async () => {
    const { page } = b;
    const token = (await loginAs(page, lang === 'en' ? 'support' : 'internal')) as string;
    await waitForShell(page);
    const registrar = await apiRoute(await apiLogin('registrar'), authApi.session);
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: catalog.people.open }).click();
    await page.waitForURL('**/people');
    await page.getByLabel(catalog.people.search).fill('registrar');
    const row = page.getByTestId('person-row').filter({ hasText: registrar.user.email });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    for (const i of registrar.institutions) expect(text).toContain(`${i.displayName} (${i.orgId})`);
    expect((await seriousViolations(page)).join('\n')).toBe('');
    await page.screenshot({ path: join(RESULTS_DIR, `everyday--people-${lang}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(RESULTS_DIR, `everyday--people-${lang}-390.png`), fullPage: true });
  });
});

describe.each(LANGUAGES)('deactivate and reactivate an account, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`everyday-status-${lang}`, { locale });
  const run = LANGUAGES.findIndex((l) => l.lang === lang);

  it('registrar deactivates an account after confirming, then reactivates it', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'registrar', { path: '/users' })) as string;
    await waitForShell(page);
    const orgId = await orgIdOf(page);
    const found = await apiRoute(token, usersApi.search, {
      body: { organizationId: orgId, searchText: '', page: 0, pageSize: 100 },
    });
    // accounts the registrar may change (an account of another institution too is refused them):
    // asking for the status it already has changes nothing
    const mayChange = async (u: (typeof found.users)[number]) =>
      apiRoute(token, usersApi.setStatus, {
        params: { id: u.id },
        query: { organizationId: orgId },
        body: { status: 'active' },
      }).then(
        () => true,
        () => false,
      );
    const mine: (typeof found.users)[number][] = [];
    for (const u of found.users.filter((x) => x.status === 'active' && x.username !== 'registrar')) {
      if (mine.length > run && mine.length >= 2) break;
      if (await mayChange(u)) mine.push(u);
    }
    const target = mine[run];
    expect(target).toBeDefined();
    const texts = catalog.users.accountStatus;
    const row = page.getByTestId('user-row').filter({ hasText: target.email });
    await page.getByLabel(catalog.users.search.label).fill(target.email);
    await row.waitFor();
    await row.getByTestId('account-status').click();
    const ask = page.getByRole('dialog', {
      name: fillPlain(texts.confirmDeactivateTitle, { name: target.displayName }),
    });
    await ask.waitFor();
    expect((await seriousViolations(page)).join('\n')).toBe('');
    await ask.getByTestId('confirm-account-status').click();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain(catalog.users.status.disabled);
    await row.getByTestId('account-status').click();
    await page
      .getByRole('dialog', { name: fillPlain(texts.confirmReactivateTitle, { name: target.displayName }) })
      .waitFor();
    await page.getByTestId('confirm-account-status').click();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain(catalog.users.status.active);
  });
});

describe('everyday defaults and feedback (English)', () => {
  const b = useBrowser('everyday');

  it('bulk upload starts in "Create only" and shows each mode with its count', async () => {
    const { page } = b;
    await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    const run = Date.now().toString(36);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Accounts');
    ws.addRow(['First Name', 'Last Name', 'Email', 'Username', 'Role']);
    ws.addRow(['Safe', 'One', `safe.one.${run}@example.edu`, '', 'Instructor']);
    ws.addRow(['Safe', 'Two', `safe.two.${run}@example.edu`, '', 'Instructor']);
    const file = join(mkdtempSync(join(tmpdir(), 'cwa-e2e-bulk-')), `safe-${run}.xlsx`);
    await wb.xlsx.writeFile(file);
    await page.getByRole('tab', { name: en.users.tabs.bulk }).click();
    await page.locator('[data-testid=bulk-dropzone] input[type=file]').setInputFiles(file);
    await page.getByText(en.bulk.status.previewed).waitFor({ timeout: 30_000 });
    const mode = page.getByTestId('bulk-mode');
    const label = (m: 'create' | 'update' | 'createAndUpdate', count: number) =>
      fillPlain(en.bulk.mode.withCount, { mode: en.bulk.mode[m], count });
    expect(await mode.getByRole('radio', { name: label('create', 2) }).isChecked()).toBe(true);
    expect(await mode.getByRole('radio', { name: label('update', 0) }).isChecked()).toBe(false);
    expect(await mode.getByRole('radio', { name: label('createAndUpdate', 2) }).count()).toBe(1);
    expect(await page.getByTestId('bulk-updates').count()).toBe(0);
    expect((await seriousViolations(page)).join('\n')).toBe('');
  });

  it('a copy button the browser refuses says so and selects the address', async () => {
    const { page } = b;
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
    });
    await loginAs(page, 'registrar', { path: '/ltiIntegrations' });
    await waitForShell(page);
    const field = page.getByTestId('lti-url-launch');
    await field.waitFor();
    const shown = (await field.getByTestId('lti-url-launch-value').textContent()) ?? '';
    await field.getByRole('button').click();
    await field.getByText(en.lti.copyRefused).waitFor();
    expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe(shown);
    expect(await field.locator('[data-copied=true]').count()).toBe(0);
    expect((await seriousViolations(page)).join('\n')).toBe('');
  });

  it('an ISBN search with letters is a field error under the box, the section keeps its name', async () => {
    const { page } = b;
    await loginAs(page, 'support', { path: '/products' });
    await waitForShell(page);
    const section = page.getByTestId('organization-products').first();
    await section.getByTestId('products-table').waitFor();
    const heading = (await section.getByRole('heading').first().textContent()) ?? '';
    await page.getByTestId('isbn-search').fill('97801ab');
    await page.getByText(en.products.filters.isbnDigits).waitFor();
    expect(await page.getByTestId('isbn-search').getAttribute('aria-invalid')).toBe('true');
    expect(await section.getByRole('heading').first().textContent()).toBe(heading);
    expect(heading).not.toBe(fillPlain(en.products.organization, { id: '' }).trim());
    expect(await section.getByRole('alert').count()).toBe(0);
    expect(await section.getByText(en.errors.generic).count()).toBe(0);
  });

  it('product detail shows platform, type and status as words', async () => {
    const { page } = b;
    const token = await apiLogin('support');
    const session = await apiRoute(token, authApi.session);
    const inst = session.institutions[0];
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
    const fields = page.getByTestId('product-fields');
    await fields.waitFor();
    const text = (await fields.textContent()) ?? '';
    const codes = en.products.codes;
    expect(Object.values(codes.platform).some((w) => text.includes(w))).toBe(true);
    expect(Object.values(codes.productType).some((w) => text.includes(w))).toBe(true);
    expect(Object.values(codes.status).some((w) => text.includes(w))).toBe(true);
    for (const raw of ['courseware', 'legacy', 'course', 'assessment', 'active', 'retired']) {
      expect(text).not.toMatch(new RegExp(`\\b${raw}\\b`));
    }
  });

  it('the institution search lists only what was typed, not the current institution besides', async () => {
    const { page } = b;
    const token = (await loginAs(page, 'super')) as string;
    await waitForShell(page);
    const current = await orgIdOf(page);
    const all = await apiRoute(token, institutionsApi.filterByName, { query: { name: '', limit: 100 } });
    const me = all.organizations.find((i) => i.orgId === current)!;
    const word = all.organizations
      .filter((i) => i.orgId !== current)
      .flatMap((i) => i.displayName.split(/\s+/))
      .find((w) => w.length >= 5 && !me.displayName.toLowerCase().includes(w.toLowerCase()))!;
    expect(word).toBeDefined();
    const box = page.getByTestId('institution-search');
    await box.click();
    await box.fill(word);
    const options = page.getByRole('option');
    await expect
      .poll(async () => {
        const names = await options.allTextContents();
        return names.length > 0 && names.every((n) => n.toLowerCase().includes(word.toLowerCase()));
      })
      .toBe(true);
    expect(await page.getByRole('option', { name: `${me.displayName} (${me.orgId})` }).count()).toBe(0);
    await page.screenshot({ path: join(RESULTS_DIR, 'everyday--institution-search.png') });
  });

  it('the EAD create dialog drops the "missing" error once another user name is typed', async () => {
    const { page } = b;
    await loginAs(page, 'super', { path: '/internalUser' });
    await waitForShell(page);
    const texts = en.internalUsers;
    await page.getByRole('button', { name: texts.create }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder(texts.usernamePlaceholder).fill('no-such-user-one');
    await dialog.getByPlaceholder(texts.emailPlaceholder).click();
    await dialog.getByText(texts.invalidUsername).waitFor();
    await dialog.getByTestId('internal-save').click();
    await dialog.getByText(texts.missing).waitFor();
    // another unknown name: its own error only, not the earlier "missing" beside it
    await dialog.getByPlaceholder(texts.usernamePlaceholder).fill('no-such-user-two');
    await dialog.getByPlaceholder(texts.emailPlaceholder).click();
    await dialog.getByText(texts.invalidUsername).waitFor();
    expect(await dialog.getByTestId('internal-missing').count()).toBe(0);
  });
});
