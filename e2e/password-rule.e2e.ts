import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR, seriousViolations, useBrowser } from './fixtures';
import { labelled, requestAccount } from './steps';
import { LANGUAGES } from './languages';

// The account set-up page shows the server's refusal of a guessable password,
// or of one holding the user name, under the password field in the app's language.

const run = Date.now().toString(36);

describe.each(LANGUAGES)('account set-up refuses a weak password in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`password-rule-${lang}`, { locale });

  it('shows the server message under the field, then accepts a passphrase', async () => {
    const { page } = b;
    const email = `robin.weak.${lang}.${run}@example.edu`;
    await page.goto(await requestAccount(email, { firstName: 'Robin', lastName: `Weak ${run}` }));
    await page.getByRole('heading', { name: catalog.accountSetup.title }).waitFor();
    const password = labelled(page, catalog.accountSetup.password);
    const confirm = labelled(page, catalog.accountSetup.confirmPassword);

    // long enough for the form, refused by the server as too easy to guess
    await password.fill('password1234');
    await confirm.fill('password1234');
    await page.getByTestId('setup-submit').click();
    await page.getByText(catalog.error.weakPassword).waitFor();
    // the message is the field's own error (described by it), not a page alert
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    const descriptions = await Promise.all(
      describedBy
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions).toContain(catalog.error.weakPassword);
    expect(await page.getByTestId('setup-error').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(RESULTS_DIR, `password-rule-${lang}--weak.png`), fullPage: true });

    // holding the e-mail's local part
    const named = `robin.weak.${lang}.${run}-Sunflower!`;
    await password.fill(named);
    await confirm.fill(named);
    await page.getByTestId('setup-submit').click();
    await page.getByText(catalog.error.passwordHasName).waitFor();

    const ok = 'correct-horse-battery-staple';
    await password.fill(ok);
    await confirm.fill(ok);
    await page.getByTestId('setup-submit').click();
    await page.getByTestId('setup-done').waitFor();
  });
});
