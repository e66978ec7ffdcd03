import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiLogin,
  apiRoute,
  baseURL,
  loginAs,
  RESULTS_DIR,
  seriousViolations,
  useBrowser,
  waitForShell,
} from './fixtures';
import { LANGUAGES } from './languages';
import { authApi } from '../src/shared/contract/auth';
import { usersApi } from '../src/shared/contract/users';

const run = Date.now().toString(36);
const NEW_PASSWORD = 'a-new-users-password';

/** The chosen institution's id, from the header ("Org ID: 12"). */
async function orgIdOf(page: Page): Promise<number> {
  return Number(((await page.getByTestId('institution-id').textContent()) ?? '').replace(/\D/g, ''));
}

/**
 * The .eml files the app stored for `to` (no SMTP_URL: the outbox writes DATA_DIR/mail). The app's
 * DATA_DIR is E2E_DATA_DIR when set, else one of the fresh cwa-e2e-* directories of the fixtures.
 */
function mailsTo(to: string): string[] {
  const dirs = process.env.E2E_DATA_DIR
    ? [join(process.env.E2E_DATA_DIR, 'mail')]
    : readdirSync(tmpdir())
        .filter((d) => d.startsWith('cwa-e2e-'))
        .map((d) => join(tmpdir(), d, 'mail'));
  return dirs
    .filter((d) => existsSync(d))
    .flatMap((d) => readdirSync(d).map((f) => readFileSync(join(d, f), 'utf8')))
    .filter((eml) => eml.includes(`To: ${to}`));
}

/** Undoes quoted-printable: soft line breaks (`=` at a line end) and `=XX` escapes (`=3D` is '='). */
function decodeQuotedPrintable(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function openUsers(page: Page) {
  await loginAs(page, 'registrar', { path: '/users' });
  await waitForShell(page);
  await page.getByTestId('users-table').waitFor();
}

describe.each(LANGUAGES)('Users page (registrar), main path in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`users-${lang}`, { locale });

  it('searches the users and pages through them, 8 per page', async () => {
    const { page } = b;
    await openUsers(page);
    const rows = page.getByTestId('user-row');
    expect(await rows.count()).toBe(8);
    const firstPage = await rows.first().textContent();
    await page
      .getByTestId('users-pager')
      .getByRole('button', { name: catalog.common.pager.page.replace('{{page}}', '2'), exact: true })
      .click();
    await expect.poll(() => rows.first().textContent()).not.toBe(firstPage);
    expect(await rows.count()).toBeLessThanOrEqual(8);

    const someone = (await rows.first().locator('td').nth(2).textContent()) ?? '';
    await page.getByLabel(catalog.users.search.label).fill(someone.slice(0, 6).toUpperCase());
    await expect.poll(() => rows.first().textContent()).toContain(someone);
    await page.getByLabel(catalog.users.search.label).fill('no-such-user-anywhere');
    await page.getByText(catalog.users.search.none).waitFor();
  });

  it('adds an existing account of another institution with a role (201)', async () => {
    const { page } = b;
    await openUsers(page);
    const orgId = await orgIdOf(page);
    const token = await apiLogin('registrar');
    const session = await apiRoute(token, authApi.session);
    const other = session.institutions.find((i) => i.orgId !== orgId)!;
    const theirs = await apiRoute(token, usersApi.search, {
      body: { organizationId: other.orgId, searchText: '', pageSize: 50 },
    });
    const mine = await apiRoute(token, usersApi.search, {
      body: { organizationId: orgId, searchText: '', pageSize: 100 },
    });
    const outsider = theirs.users.find((u) => !mine.users.some((m) => m.email === u.email))!;

    await page.getByRole('button', { name: catalog.users.add.open }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(catalog.users.add.find).fill(outsider.email);
    await dialog.getByRole('button', { name: catalog.users.add.search }).click();
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('combobox', { name: catalog.users.fields.role }).click();
    await page.getByRole('option', { name: 'Teaching Assistant' }).click();
    await dialog.getByTestId('add-user-submit').click();
    await page.getByText(catalog.users.add.added).waitFor();
    await page.getByLabel(catalog.users.search.label).fill(outsider.username);
    await expect
      .poll(() => page.getByTestId('user-row').first().textContent())
      .toContain('Teaching Assistant');
  });
});

describe('Users page (registrar)', () => {
  const b = useBrowser('users');

  it('creates a user as an account request; the setup e-mail is in the outbox', async () => {
    const { page } = b;
    await openUsers(page);
    const email = `e2e.user.${run}@example.edu`;
    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('save-user').click();
    await dialog.getByText('Role is required').waitFor();
    expect(await dialog.getByText('Name is required').count()).toBe(2);
    await dialog.getByLabel('First name').fill('Elena');
    await dialog.getByLabel('Last name').fill(`Rivera ${run}`);
    await dialog.getByLabel('E-mail').fill('not-an-email');
    await dialog.getByTestId('save-user').click();
    await dialog.getByText('Enter a valid e-mail address').waitFor();
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Instructor' }).click();
    await dialog.getByTestId('save-user').click();
    await page.getByText('Account requested. An e-mail with setup instructions has been sent.').waitFor();
    await page.getByLabel('Search users').fill(email);
    await expect.poll(() => page.getByTestId('user-row').first().textContent()).toContain('Setup pending');

    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const eml = mailsTo(email)[0];
    expect(eml).toContain('setup instructions');
    expect(eml.replace(/=\r?\n/g, '')).toContain('/account/setup?token=3D');

    // the new user opens the link (path and query only: the link's host is PUBLIC_URL, not this server)
    const link = new URL(/https?:\/\/\S+\/account\/setup\?token=[\w-]+/.exec(decodeQuotedPrintable(eml))![0]);
    const context = await b.browser.newContext({
      baseURL: baseURL(),
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    try {
      const newcomer = await context.newPage();
      await newcomer.goto(link.pathname + link.search);
      await newcomer.getByRole('heading', { name: 'Set up your account' }).waitFor();
      expect(await newcomer.getByTestId('setup-username').inputValue()).toBe(email);
      expect(await seriousViolations(newcomer)).toEqual([]);

      // inline validation, nothing sent until both fields pass
      const password = newcomer.getByLabel(/^New password/);
      const confirm = newcomer.getByLabel(/^Confirm the new password/);
      await newcomer.getByTestId('setup-submit').click();
      await newcomer.getByText('Enter a password.').waitFor();
      await newcomer.getByText('Enter the password again.').waitFor();
      await password.fill('short');
      await newcomer.getByText('The password needs at least 12 characters.').waitFor();
      await password.fill(NEW_PASSWORD);
      await confirm.fill(`${NEW_PASSWORD}x`);
      await newcomer.getByText('The two passwords do not match.').waitFor();
      expect(await seriousViolations(newcomer)).toEqual([]);
      await newcomer.screenshot({ path: join(RESULTS_DIR, 'users--account-setup-form.png'), fullPage: true });
      await confirm.fill(NEW_PASSWORD);
      await confirm.press('Enter');
      await newcomer.getByRole('heading', { name: 'Your account is ready' }).waitFor();
      expect(await newcomer.getByTestId('setup-done').textContent()).toContain(email);
      await newcomer.screenshot({ path: join(RESULTS_DIR, 'users--account-setup-done.png'), fullPage: true });

      // to the login page with the username filled in; an instructor has no dashboard access
      await newcomer.getByRole('link', { name: 'Go to sign in' }).click();
      await newcomer.waitForURL('**/login?username=*');
      expect(await newcomer.getByLabel('Username').inputValue()).toBe(email);
      await newcomer.getByLabel(/^Password/).fill(NEW_PASSWORD);
      await newcomer.getByRole('button', { name: 'Sign in' }).click();
      await newcomer.waitForURL('**/unauthorizedUser');
      await newcomer.getByTestId('unauthorized').waitFor();

      // the link works once
      await newcomer.goto(link.pathname + link.search);
      await newcomer.getByRole('heading', { name: 'This setup link cannot be used' }).waitFor();
      expect(await newcomer.getByTestId('setup-link-problem').textContent()).toContain(
        'has already been used',
      );
    } finally {
      await context.close();
    }
  });

  it('bulk-uploads an .xlsx with one bad row: the preview names it, the job imports the rest, the report is per row', async () => {
    const { page } = b;
    await openUsers(page);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Accounts');
    ws.addRow(['First Name', 'Last Name', 'Email', 'Username', 'Role']);
    ws.addRow(['Bulk', 'One', `bulk.one.${run}@example.edu`, '', 'Instructor']);
    ws.addRow(['Bulk', 'Two', `bulk.two.${run}@example.edu`, `bulk2-${run}`, 'Teaching Assistant']);
    ws.addRow(['Bulk', 'Bad', `bulk.bad.${run}@example.edu`, '', 'Wizard']);
    const file = join(mkdtempSync(join(tmpdir(), 'cwa-e2e-bulk-')), `accounts-${run}.xlsx`);
    await wb.xlsx.writeFile(file);

    await page.getByRole('tab', { name: 'Bulk account creation' }).click();
    await page.locator('[data-testid=bulk-dropzone] input[type=file]').setInputFiles(file);
    await page.getByText('Preview ready').waitFor({ timeout: 30_000 });
    const summary = page.getByTestId('bulk-summary');
    await expect.poll(() => summary.textContent()).toContain('Create: 2');
    expect(await summary.textContent()).toContain('Reject: 1');
    const bad = page.getByTestId('bulk-row-4');
    expect(await bad.textContent()).toContain('Row 4, Role:');
    expect(await bad.textContent()).toContain('No role named "Wizard"');
    expect(await page.getByTestId('bulk-start').isDisabled()).toBe(true);

    await page.getByLabel(/Import only the valid rows/).check();
    await page.getByTestId('bulk-start').click();
    await page.getByTestId('bulk-results').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('bulk-results').textContent()).toContain('Created: 2');
    expect(await page.getByTestId('bulk-progress').textContent()).toContain('3 of 3');

    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-report').click();
    const report = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = report.trim().split('\r\n');
    expect(lines[0]).toBe('Row,First Name,Last Name,Email,Username,Role,Action,Result,Message');
    expect(lines.find((l) => l.startsWith('2,'))).toContain('create,created');
    expect(lines.find((l) => l.startsWith('4,'))).toContain('reject,rejected');
  });
});
