import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '../src/shared/contract/auth';
import type { GroupListResponse } from '../src/shared/contract/roles';
import { apiCall, apiLogin, RESULTS_DIR, seriousViolations, useBrowser } from './fixtures';
import { LANGUAGES } from './languages';

// The account set-up page shows the server's refusal of a guessable password,
// or of one holding the user name, under the password field in the app's language.

const run = Date.now().toString(36);

/** The path and query of the set-up link e-mailed to `to` (the outbox writes DATA_DIR/mail). */
function setupLinkOf(to: string): string | null {
  const dirs = process.env.E2E_DATA_DIR
    ? [join(process.env.E2E_DATA_DIR, 'mail')]
    : readdirSync(tmpdir())
        .filter((d) => d.startsWith('cwa-e2e-'))
        .map((d) => join(tmpdir(), d, 'mail'));
  const eml = dirs
    .filter((d) => existsSync(d))
    .flatMap((d) => readdirSync(d).map((f) => readFileSync(join(d, f), 'utf8')))
    .find((m) => m.includes(`To: ${to}`));
  if (!eml) return null;
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const url = /https?:\/\/\S+?(\/account\/setup\?token=[\w-]+)/.exec(text);
  return url ? url[1] : null;
}

/** A new account requested by the registrar through the API; returns its set-up link. */
async function requestAccount(email: string): Promise<string> {
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
    firstName: 'Robin',
    lastName: `Weak ${run}`,
    email,
    username: email,
    groupId: role.groupId,
  });
  await expect.poll(() => setupLinkOf(email), { timeout: 20_000 }).not.toBeNull();
  return setupLinkOf(email) as string;
}

describe.each(LANGUAGES)('account set-up refuses a weak password in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`password-rule-${lang}`, { locale });

  it('shows the server message under the field, then accepts a passphrase', async () => {
    const { page } = b;
    const email = `robin.weak.${lang}.${run}@example.edu`;
    await page.goto(await requestAccount(email));
    await page.getByRole('heading', { name: catalog.accountSetup.title }).waitFor();
    const password = page.getByLabel(new RegExp(`^${catalog.accountSetup.password}`));
    const confirm = page.getByLabel(new RegExp(`^${catalog.accountSetup.confirmPassword}`));

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
