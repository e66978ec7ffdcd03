import { describe, expect, it } from 'vitest';
import { baseURL, loginAs, PERSONAS, useBrowser, waitForShell } from './fixtures';
import { EXPECTED_TABS, GUARDED } from './personas';

const pathOf = (url: string) => new URL(url).pathname;

describe('route guards (spec §6)', () => {
  const b = useBrowser('routes');

  it('the server answers every client route with the app (history fallback)', async () => {
    const paths = [
      '/',
      '/login',
      '/institution',
      '/institution/courseDetail/1',
      '/createCourse',
      '/unknown/x',
    ];
    paths.push(...GUARDED.map((g) => g.path), '/offers/3', '/products/productOffers');
    const notHtml: string[] = [];
    for (const path of paths) {
      const res = await fetch(`${baseURL()}${path}`);
      if (!res.ok || !res.headers.get('content-type')?.includes('text/html'))
        notHtml.push(`${path}: ${res.status}`);
    }
    expect(notHtml).toEqual([]);
  });

  for (const persona of PERSONAS.filter((p) => p !== 'instructor')) {
    it(`${persona}: each guarded URL opens exactly when its tab is shown`, async () => {
      await loginAs(b.page, persona);
      await waitForShell(b.page);
      const outcome: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const { path, tab } of GUARDED) {
        await b.page.goto(path);
        await waitForShell(b.page);
        await b.page.waitForLoadState('networkidle');
        outcome[path] = pathOf(b.page.url());
        expected[path] = EXPECTED_TABS[persona].includes(tab) ? path : '/institution';
      }
      expect(outcome).toEqual(expected);
    });
  }

  it('instructor: every guarded URL ends on /unauthorizedUser', async () => {
    await loginAs(b.page, 'instructor');
    await b.page.waitForURL('**/unauthorizedUser');
    for (const { path } of GUARDED) {
      await b.page.goto(path);
      await b.page.waitForURL('**/unauthorizedUser');
    }
  });

  it('the other routes of spec §2 open with a title, without placeholder text', async () => {
    await loginAs(b.page, 'super');
    await waitForShell(b.page);
    // pages still waiting for their feature keep these titles; filled-in pages may title themselves
    const pages: [string, string | null][] = [
      ['/institution/courseDetail/1001', null],
      ['/institution/courseDetail/1001/urn:x:1', null],
      ['/institution/productDetail/urn:x:1/7', 'Product details'],
      ['/createCourse', null],
      ['/products/productOffers', 'Product offers'],
      ['/products/pairing/3', 'Paired LMS course'],
      ['/offers/12', 'Offer details'],
      ['/internalUser', 'EAD Admin'],
    ];
    for (const [path, title] of pages) {
      await b.page.goto(path);
      await b.page.getByRole('heading', { level: 1 }).first().waitFor();
      await b.page.waitForLoadState('networkidle');
      const h1 = ((await b.page.getByRole('heading', { level: 1 }).first().textContent()) ?? '').trim();
      expect(h1.length, path).toBeGreaterThan(0);
      if (title && (await b.page.getByTestId('coming-soon').count()) > 0) expect(h1, path).toBe(title);
      expect(pathOf(b.page.url()), path).toBe(path);
      expect(await b.page.title(), path).toMatch(/ · Courseware Admin$/);
      expect(await b.page.locator('main').textContent(), path).not.toMatch(
        /lorem|ipsum|placeholder text|TODO/i,
      );
    }
  });

  it('/ opens /institution after 1.5 s', async () => {
    await loginAs(b.page, 'registrar', { path: '/' });
    const started = Date.now();
    await b.page.getByText('Opening your courses…').waitFor();
    await b.page.waitForURL('**/institution');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('an unknown URL shows the not-found page', async () => {
    await loginAs(b.page, 'registrar', { path: '/no/such/page' });
    await b.page.getByTestId('not-found').waitFor();
    expect(await b.page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await b.page.getByRole('link', { name: 'Go to Courses' }).click();
    await b.page.waitForURL('**/institution');
  });

  it('a page whose code cannot be downloaded offers a retry and leaves no loader running', async () => {
    await loginAs(b.page, 'super');
    await waitForShell(b.page);
    await b.page.route(/\/assets\/RolesPage-[^/]+\.js$/, (route) => route.abort());
    await b.page.getByRole('link', { name: 'Roles' }).click();
    await b.page.getByText('This page could not be loaded').waitFor();
    await expect.poll(() => b.page.getByTestId('global-loader').count()).toBe(0);
    await b.page.unroute(/\/assets\/RolesPage-[^/]+\.js$/);
    await b.page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => b.page.getByRole('heading', { level: 1 }).textContent()).toBe('Roles');
    expect(pathOf(b.page.url())).toBe('/roles');
  });
});
