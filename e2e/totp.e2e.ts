import { join } from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { activeAccount, labelled, passwordStep } from './steps';
import { LANGUAGES } from './languages';

// Two-step sign-in: set up an authenticator from the account menu, sign out, sign in with a code.

const run = Date.now().toString(36);
const PASSWORD = 'amber-quokka-tessellate-88';

describe.each(LANGUAGES)('two-step sign-in, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`totp-${lang}`, { locale });
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: join(RESULTS_DIR, `totp-${lang}--${name}.png`), fullPage: true });

  const signIn = (page: Page, email: string) => passwordStep(page, catalog.login, email, PASSWORD);

  it('sets up an authenticator from the menu, signs out, and signs in with a code', async () => {
    const { page } = b;
    const email = `tess.totp.${lang}.${run}@example.edu`;
    await activeAccount(email, PASSWORD, { firstName: 'Tess', lastName: `Totp ${run}` });
    await signIn(page, email);
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

    await labelled(dialog, catalog.totp.code).fill('000000');
    await dialog.getByRole('button', { name: catalog.totp.turnOn }).click();
    await dialog.getByText(catalog.error.totpCodeWrong).waitFor();
    await labelled(dialog, catalog.totp.code).fill(await generate({ secret }));
    await dialog.getByRole('button', { name: catalog.totp.turnOn }).click();
    await dialog.getByText(catalog.totp.recoveryTitle).waitFor();
    expect(await dialog.getByTestId('totp-recovery-codes').getByRole('listitem').count()).toBe(10);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'recovery-codes');
    await dialog.getByRole('button', { name: catalog.totp.done }).click();
    await page.getByText(catalog.totp.turnedOn).waitFor();

    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    await signIn(page, email);
    await page.getByRole('heading', { name: catalog.totp.loginTitle }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await labelled(page, catalog.totp.codeOrRecovery).fill('123456');
    await page.getByRole('button', { name: catalog.totp.verify }).click();
    await page.getByText(catalog.error.totpCodeWrong).waitFor();
    await shot(page, 'login-code-wrong');
    // the code of the next 30-second step: the set-up code's step is used up
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await labelled(page, catalog.totp.codeOrRecovery).fill(next);
    await page.getByRole('button', { name: catalog.totp.verify }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await waitForShell(page);
  });
});
