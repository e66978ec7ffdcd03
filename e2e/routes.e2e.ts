import { describe, expect, it } from 'vitest';
import { ROOT_REDIRECT_MS } from '../src/shared/constants';
import { coursesApi } from '../src/shared/contract/courses';
import { offersApi } from '../src/shared/contract/offers';
import en from '../src/web/i18n/en.json';
import {
  apiRoute,
  baseURL,
  loginAs,
  PERSONAS,
  pausePageClock,
  runPageClockUntil,
  useBrowser,
  waitForShell,
} from './fixtures';
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
    paths.push(...GUARDED.map((g) => g.path), '/offers/3', '/products/pair');
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

  it('the other routes of spec §2 open with their own title, without placeholder text', async () => {
    const token = (await loginAs(b.page, 'super')) as string;
    await waitForShell(b.page);
    const course = await apiRoute(token, coursesApi.details, { query: { sectionId: 1001 } });
    const offer = await apiRoute(token, offersApi.detail, { params: { offerId: 12 } });
    // a page about one thing is titled by its name; the others by their catalog title
    const pages: [string, string][] = [
      ['/institution/courseDetail/1001', course.course.courseName],
      ['/institution/courseDetail/1001/urn:x:1', course.course.courseName],
      ['/institution/productDetail/urn:x:1/7', en.pages.productDetail.title],
      ['/createCourse', en.pages.createCourse.title],
      ['/products/pair', en.pages.productPair.title],
      ['/products/pairing/3', en.pages.productCourse.title],
      ['/offers/12', offer.offer.title],
      ['/internalUser', en.pages.internalUsers.title],
    ];
    for (const [path, title] of pages) {
      await b.page.goto(path);
      await b.page.getByRole('heading', { level: 1 }).first().waitFor();
      await b.page.waitForLoadState('networkidle');
      await expect
        .poll(
          async () => ((await b.page.getByRole('heading', { level: 1 }).first().textContent()) ?? '').trim(),
          {
            message: path,
          },
        )
        .toBe(title);
      expect(pathOf(b.page.url()), path).toBe(path);
      expect(await b.page.title(), path).toBe(`${title} · Courseware Admin`);
      expect(await b.page.getByTestId('coming-soon').count(), path).toBe(0);
      expect(await b.page.locator('main').textContent(), path).not.toMatch(
        /lorem|ipsum|placeholder text|TODO/i,
      );
    }
  });

  it("/ opens /institution after 1.5 s, not before (on the page's own clock)", async () => {
    const { page } = b;
    await pausePageClock(page);
    await loginAs(page, 'registrar', { path: '/' });
    const opening = page.getByText('Opening your courses…');
    await runPageClockUntil(page, async () => (await opening.count()) === 1);
    // at most one 20 ms step has passed since the page started its wait
    await page.clock.runFor(ROOT_REDIRECT_MS - 100);
    // a redirect started too early would still be fetching the lazy /institution page: let it finish
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.location.pathname)).toBe('/');
    await page.clock.runFor(200);
    await page.clock.resume();
    await page.waitForURL('**/institution');
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
