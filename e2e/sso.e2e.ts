import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseURL, RESULTS_DIR, seriousViolations, sessionCookie, useBrowser, waitForShell } from './fixtures';
import { LANGUAGES } from './languages';

/**
 * SSO against the demo OpenID provider that the e2e app runs beside itself (`--demo-idp`); the
 * app's redirect URI is built from PUBLIC_URL, which the e2e app sets to its own address.
 */
const PROVIDER = 'Demo IdP';

describe.each(LANGUAGES)('SSO sign-in with the demo provider, in $lang', ({ lang, locale, catalog }) => {
  const b = useBrowser(`sso-${lang}`, { locale });
  const button = catalog.login.ssoButton.replace('{{name}}', PROVIDER);

  it('signs the registrar in through the provider and back, then signs out of both', async () => {
    const { page } = b;
    await page.goto('/login?next=%2Froles');
    const sso = page.getByRole('link', { name: button });
    await sso.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await sso.click();
    // the provider's own page (not the app's): it lists the demo personas
    await page.getByRole('button', { name: 'Linda Okafor' }).click();
    await page.waitForURL((url) => url.origin === baseURL() && url.pathname === '/roles');
    await waitForShell(page);
    expect(page.url()).not.toContain('sso=');
    expect(await sessionCookie(page.context())).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // sign-out goes through the provider's sign-out page, which comes back to /login
    await page.getByTestId('logout').click();
    await page.waitForURL(
      (url) => url.pathname === '/session/end' || url.pathname.startsWith('/session/end'),
    );
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((url) => url.origin === baseURL() && url.pathname === '/login');
    expect(await sessionCookie(page.context())).toBeNull();
    await page.getByRole('link', { name: button }).waitFor();
  });

  it('shows why a provider sign-in was refused, in the language of the page', async () => {
    const { page } = b;
    await page.goto('/login?sso=ssoNoAccount');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe(catalog.error.ssoNoAccount);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('SSO login page layout', () => {
  const b = useBrowser('sso-layout', {});

  it('shows the provider button beside the form at 1280 and 390 px', async () => {
    const { page } = b;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/login');
      const sso = page.getByRole('link', { name: `Sign in with ${PROVIDER}` });
      await sso.waitFor();
      const box = await sso.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(RESULTS_DIR, `sso-login-${width}.png`), fullPage: true });
    }
  });
});
