import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '../src/shared/contract/auth';
import type { GroupListResponse } from '../src/shared/contract/roles';
import en from '../src/web/i18n/en.json';
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

// "Forgot password?" from the login page to the e-mailed link to signed in, and
// "Change password" in the header.

const run = Date.now().toString(36);
const FIRST_PASSWORD = 'amber-quokka-tessellate-88';
const NEW_PASSWORD = 'violet-tundra-mosaic-41-lantern';

/** The last link of `kind` ("account/setup" or "password/reset") e-mailed to `to`, as path and query. */
function lastLink(to: string, kind: string): string | null {
  const found = mailsTo(to)
    .map((m) => new RegExp(`https?://\\S+?(/${kind}\\?token=[\\w-]+)`).exec(m)?.[1])
    .filter(Boolean);
  return found.at(-1) ?? null;
}

/** A new active account (requested by the registrar, its password set through the setup link). */
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
    firstName: 'Quinn',
    lastName: `Reset ${run}`,
    email,
    username: email,
    groupId: role.groupId,
  });
  await expect.poll(() => lastLink(email, 'account/setup'), { timeout: 30_000 }).not.toBeNull();
  const setupToken = new URL(lastLink(email, 'account/setup') as string, baseURL()).searchParams.get('token');
  const res = await fetch(`${baseURL()}/api/account/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: setupToken, password: FIRST_PASSWORD, confirmPassword: FIRST_PASSWORD }),
  });
  expect(res.status).toBe(200);
}

const label = (page: Page | Locator, text: string) => page.getByLabel(new RegExp(`^${text}`));

describe.each(LANGUAGES)(
  'forgot password, from the e-mail link to signed in, in $lang',
  ({ lang, locale, catalog }) => {
    const b = useBrowser(`password-reset-${lang}`, { locale });

    it('asks for a link, opens it from the mail, sets a new password and is signed in', async () => {
      const { page } = b;
      const email = `quinn.reset.${lang}.${run}@example.edu`;
      await activeAccount(email);

      await page.goto('/login');
      const forgotLink = page.getByRole('link', { name: catalog.login.forgotPassword });
      await forgotLink.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(RESULTS_DIR, `password-reset-${lang}--login.png`), fullPage: true });
      await forgotLink.click();
      await page.getByRole('heading', { name: catalog.passwordReset.forgotTitle }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: join(RESULTS_DIR, `password-reset-${lang}--forgot-1280.png`),
        fullPage: true,
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({
        path: join(RESULTS_DIR, `password-reset-${lang}--forgot-390.png`),
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });

      await label(page, catalog.passwordReset.identifier).fill(email.toUpperCase());
      await page.getByTestId('forgot-submit').click();
      await page.getByTestId('forgot-sent').waitFor();
      expect(await page.getByTestId('forgot-sent').textContent()).toBe(catalog.passwordReset.sent);

      await expect.poll(() => lastLink(email, 'password/reset'), { timeout: 30_000 }).not.toBeNull();
      // the account has no language of its own: the mail is in the page's language
      const mail = mailsTo(email).at(-1) as string;
      expect(mail).toContain(
        lang === 'fr' ? 'ouvrez ce lien dans les 60 minutes' : 'open this link within 60 minutes',
      );
      await page.goto(lastLink(email, 'password/reset') as string);
      await page.getByRole('heading', { name: catalog.passwordReset.resetTitle }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // a guessable password is refused under its field, and the link still works afterwards
      const password = label(page, catalog.passwordReset.password);
      const confirm = label(page, catalog.passwordReset.confirmPassword);
      await password.fill('password1234');
      await confirm.fill('password1234');
      await page.getByTestId('reset-submit').click();
      await page.getByText(catalog.error.weakPassword).waitFor();
      await page.screenshot({ path: join(RESULTS_DIR, `password-reset-${lang}--weak.png`), fullPage: true });

      await password.fill(NEW_PASSWORD);
      await confirm.fill(NEW_PASSWORD);
      await page.getByTestId('reset-submit').click();
      await page.waitForURL((url) => url.pathname.startsWith('/institution'));
      await waitForShell(page);

      // the link was used up: opening it again says so
      await page.goto(lastLink(email, 'password/reset') as string);
      await page.getByTestId('reset-link-problem').waitFor();
      expect(await page.getByTestId('reset-link-problem').textContent()).toBe(catalog.error.resetLinkInvalid);
    });
  },
);

describe('change password (header), in en', () => {
  const b = useBrowser('password-change');

  it('refuses a wrong current password, then changes it', async () => {
    const { page } = b;
    const email = `quinn.change.${run}@example.edu`;
    await activeAccount(email);
    await page.goto('/login');
    await page.getByLabel(en.login.username).fill(email);
    await label(page, en.login.password).fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: en.login.submit }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await waitForShell(page);

    // "Change password" is in the header's account menu
    await page.getByTestId('account-menu').click();
    await page.getByTestId('change-password').click();
    const dialog = page.getByRole('dialog', { name: en.passwordReset.changeTitle });
    await dialog.waitFor();
    await label(dialog, en.passwordReset.currentPassword).fill('not-the-password');
    await label(dialog, en.passwordReset.password).fill(NEW_PASSWORD);
    await label(dialog, en.passwordReset.confirmPassword).fill(NEW_PASSWORD);
    await dialog.getByTestId('change-password-submit').click();
    await dialog.getByText(en.error.currentPasswordWrong).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(RESULTS_DIR, 'password-change--wrong-current.png'), fullPage: true });

    await label(dialog, en.passwordReset.currentPassword).fill(FIRST_PASSWORD);
    await dialog.getByTestId('change-password-submit').click();
    await page.getByText(en.passwordReset.changed).waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });
});
