import { describe, expect, it } from 'vitest';
import { IDENTITY_WAIT_MS } from '../src/shared/constants';
import { authApi } from '../src/shared/contract/auth';
import {
  baseURL,
  loginAs,
  PASSWORD,
  pausePageClock,
  runPageClockUntil,
  sessionCookie,
  useBrowser,
  waitForShell,
} from './fixtures';
import { STORAGE_KEYS } from './steps';

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

describe('login, session and logout', () => {
  const b = useBrowser('auth');

  it('the login form shows the server message on failure, then lands on /institution', async () => {
    const { page } = b;
    await page.goto('/institution');
    await page.waitForURL('**/login?next=%2Finstitution');
    await page.getByLabel('Username').fill('registrar');
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect((await error.textContent())?.trim().length).toBeGreaterThan(0);
    expect(pathOf(page.url())).toBe('/login?next=%2Finstitution');

    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/institution');
    await waitForShell(page);
  });

  it('empty fields are named, not sent', async () => {
    const { page } = b;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter your username').waitFor();
    await page.getByText('Enter your password').waitFor();
  });

  it('a deep link survives the login round trip', async () => {
    const { page } = b;
    await page.goto('/roles?tab=members');
    await page.waitForURL('**/login?next=**');
    expect(pathOf(page.url())).toBe(`/login?next=${encodeURIComponent('/roles?tab=members')}`);
    await page.getByLabel('Username').fill('registrar');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/roles?tab=members');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Roles');
  });

  it('an external next= is ignored', async () => {
    const { page } = b;
    await page.goto('/login?next=//evil.example.com/x');
    await page.getByLabel('Username').fill('registrar');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/institution');
    expect(new URL(page.url()).host).toBe(new URL(baseURL()).host);
  });

  it('logout returns to /institution, which asks for sign-in with /institution as the return path; the old token gets 401', async () => {
    const { page } = b;
    const token = await loginAs(page, 'registrar', { path: '/roles' });
    await waitForShell(page);
    await page.getByTestId('logout').click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/institution',
    );
    expect(await sessionCookie(page.context())).toBeNull();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.locale)).toBe('en');

    const res = await fetch(`${baseURL()}${authApi.session.path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);

    await page.getByLabel('Username').fill('registrar');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/institution');
  });

  it('a 401 sends the user to login and afterwards back to the same page', async () => {
    const { page } = b;
    const token = await loginAs(page, 'registrar', { path: '/users' });
    await waitForShell(page);
    await fetch(`${baseURL()}${authApi.logout.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await page.reload();
    await page.waitForURL('**/login?next=%2Fusers');
    await page.getByLabel('Username').fill('registrar');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/users');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Users');
  });

  it('the session check shows the loader, and an error with a retry after 15 s without an answer', async () => {
    const { page } = b;
    let hang = true;
    await page.route(`**${authApi.session.path}`, async (route) => {
      if (hang) return; // never answered
      await route.continue();
    });
    await pausePageClock(page);
    await loginAs(page, 'registrar');
    const checking = page.getByText('Checking your session…');
    await runPageClockUntil(page, async () => (await checking.count()) === 1);
    await page.clock.runFor(IDENTITY_WAIT_MS / 2);
    expect(await checking.count()).toBe(1);
    expect(await page.getByTestId('session-retry').count()).toBe(0);
    await page.clock.runFor(IDENTITY_WAIT_MS / 2);
    await runPageClockUntil(page, async () => (await page.getByTestId('session-retry').count()) === 1);
    await page.getByText('Your session could not be confirmed within 15 seconds.').waitFor();
    await page.clock.resume();
    hang = false;
    await page.getByTestId('session-retry').click();
    await waitForShell(page);
    expect(new URL(page.url()).pathname).toBe('/institution');
  });
});
