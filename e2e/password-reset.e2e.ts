import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../src/web/i18n/en.json';
import { mailsTo, RESULTS_DIR, seriousViolations, useBrowser, waitForShell } from './fixtures';
import { activeAccount, labelled, passwordStep, lastLink } from './steps';
import { LANGUAGES } from './languages';

// "Forgot password?" from the login page to the e-mailed link to signed in, and
// "Change password" in the header.

const run = Date.now().toString(36);
const FIRST_PASSWORD = 'amber-quokka-tessellate-88';
const NEW_PASSWORD = 'violet-tundra-mosaic-41-lantern';

describe.each(LANGUAGES)(
  'forgot password, from the e-mail link to signed in, in $lang',
  ({ lang, locale, catalog }) => {
    const b = useBrowser(`password-reset-${lang}`, { locale });

    it('asks for a link, opens it from the mail, sets a new password and is signed in', async () => {
      const { page } = b;
      const email = `quinn.reset.${lang}.${run}@example.edu`;
      await activeAccount(email, FIRST_PASSWORD, { firstName: 'Quinn', lastName: `Reset ${run}` });

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

      await labelled(page, catalog.passwordReset.identifier).fill(email.toUpperCase());
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
      const password = labelled(page, catalog.passwordReset.password);
      const confirm = labelled(page, catalog.passwordReset.confirmPassword);
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
    await activeAccount(email, FIRST_PASSWORD, { firstName: 'Quinn', lastName: `Reset ${run}` });
    await passwordStep(page, en.login, email, FIRST_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await waitForShell(page);

    // "Change password" is in the header's account menu
    await page.getByTestId('account-menu').click();
    await page.getByTestId('change-password').click();
    const dialog = page.getByRole('dialog', { name: en.passwordReset.changeTitle });
    await dialog.waitFor();
    await labelled(dialog, en.passwordReset.currentPassword).fill('not-the-password');
    await labelled(dialog, en.passwordReset.password).fill(NEW_PASSWORD);
    await labelled(dialog, en.passwordReset.confirmPassword).fill(NEW_PASSWORD);
    await dialog.getByTestId('change-password-submit').click();
    await dialog.getByText(en.error.currentPasswordWrong).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(RESULTS_DIR, 'password-change--wrong-current.png'), fullPage: true });

    await labelled(dialog, en.passwordReset.currentPassword).fill(FIRST_PASSWORD);
    await dialog.getByTestId('change-password-submit').click();
    await page.getByText(en.passwordReset.changed).waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });
});
