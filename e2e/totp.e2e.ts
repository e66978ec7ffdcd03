import { join } from 'node:path';
import { generate } from 'otplib';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { SessionResponse } from '../src/shared/contract/auth';
import type { GroupListResponse } from '../src/shared/contract/roles';
import {
  apiCall,
  apiLogin,
  baseURL,
  mailsTo,
  RESULTS_DIR,
  seriousViolations,
  useBrowser,
  waitForShell,
} from './fixtures';
import { LANGUAGES } from './languages';

// Two-step sign-in: set up an authenticator from the account menu, sign out, sign in with a code.

const run = Date.now().toString(36);
const PASSWORD = 'amber-quokka-tessellate-88';

/** The account-setup link last e-mailed to `to`. */
const setupLink = (to: string) =>
  mailsTo(to)
    .map((m) => /https?:\/\/\S+?(\/account\/setup\?token=[\w-]+)/.exec(m)?.[1])
    .filter(Boolean)
    .at(-1) ?? null;

/** A new active account of its own (the registrar requests it; its password is set through the setup link). */
async function activeAccount(email: string) {
  const token = await apiLogin('registrar');
  const session = await apiCall<z.infer<typeof SessionResponse>>(token, 'GET', '/api/auth/session');
  const orgId = session.institutions[0].orgId;
  const { groups } = await apiCall<z.infer<typeof GroupListResponse>>(
    token,
    'GET',
    `/api/groupAuth/group?contextId=${orgId}`,
  );
  const role = groups.find((g) => g.name === 'Instructor') ?? groups[0];
  await apiCall(token, 'POST', `/api/registrarUser/piUser/${orgId}`, {
    firstName: 'Tess',
    lastName: `Totp ${run}`,
    email,
    username: email,
    groupId: role.groupId,
  });
  await expect.poll(() => setupLink(email), { timeout: 30_000 }).not.toBeNull();
  const setupToken = new URL(setupLink(email) as string, baseURL()).searchParams.get('token');
  const res = await fetch(`${baseURL()}/api/account/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: setupToken, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(res.status).toBe(200);
}

const label = (page: Page | Locator, text: string) => page.getByLabel(new RegExp(`^${text}`));

describe.each(LANGUAGES)('two-step sign-in, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`totp-${lang}`, { locale });
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(RESULTS_DIR, `totp-${lang}--${name}.png`), fullPage: true });

  async function passwordStep(page: Page, email: string) {
    await page.goto('/login');
    await page.getByLabel(catalog.login.username).fill(email);
    await label(page, catalog.login.password).fill(PASSWORD);
    await page.getByRole('button', { name: catalog.login.submit }).click();
  }

  it('sets up an authenticator from the menu, signs out, and signs in with a code', async () => {
    const { page } = b;
    const email = `tess.totp.${lang}.${run}@example.edu`;
    await activeAccount(email);
    await passwordStep(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await waitForShell(page);

    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: catalog.totp.menuItem }).click();
    const dialog = page.getByRole('dialog', { name: catalog.totp.title });
    await dialog.getByText(catalog.totp.statusOff).waitFor();
    await dialog.getByRole('button', { name: catalog.totp.setUp }).click();
    await dialog.getByRole('img', { name: catalog.totp.qrAlt }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'setup-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'setup-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await label(dialog, catalog.totp.code).fill('000000');
    await dialog.getByRole('button', { name: catalog.totp.turnOn }).click();
    await dialog.getByText(catalog.error.totpCodeWrong).waitFor();
    await label(dialog, catalog.totp.code).fill(await generate({ secret }));
    await dialog.getByRole('button', { name: catalog.totp.turnOn }).click();
    await dialog.getByText(catalog.totp.recoveryTitle).waitFor();
    expect(await dialog.getByTestId('totp-recovery-codes').getByRole('listitem').count()).toBe(10);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'recovery-codes');
    await dialog.getByRole('button', { name: catalog.totp.done }).click();
    await page.getByText(catalog.totp.turnedOn).waitFor();

    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    await passwordStep(page, email);
    await page.getByRole('heading', { name: catalog.totp.loginTitle }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await label(page, catalog.totp.codeOrRecovery).fill('123456');
    await page.getByRole('button', { name: catalog.totp.verify }).click();
    await page.getByText(catalog.error.totpCodeWrong).waitFor();
    await shot(page, 'login-code-wrong');
    // the code of the next 30-second step: the set-up code's step is used up
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await label(page, catalog.totp.codeOrRecovery).fill(next);
    await page.getByRole('button', { name: catalog.totp.verify }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await waitForShell(page);
  });
});
