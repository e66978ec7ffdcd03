import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { auditApi } from '../src/shared/contract/audit';
import { ltiApi } from '../src/shared/contract/lti';
import { ltiProtocolApi } from '../src/shared/contract/lti-protocol';
import { formatUsDate } from '../src/shared/validation';
import { LTI, type LtiPlatform, launchClaims, ROLE, startLtiPlatform } from '../src/server/test/lti-platform';
import { apiLogin, apiRoute, baseURL, seriousViolations, useBrowser } from './fixtures';
import { SERVER_CATALOGS } from '../src/shared/i18n';
import { LANGUAGES } from './languages';

/**
 * An LTI 1.3 launch as a browser lives it: the platform simulator (this process, its own keys and
 * JWKS on 127.0.0.1) is registered through the console API; Chromium opens the tool's /lti/login,
 * is redirected to the platform's auth endpoint, whose page posts the signed id_token back to
 * /lti/launch (form_post); an instructor pairs the unpaired LMS course, then a student of that
 * course sees their 14 day trial. The launch's locale claim picks the page language.
 */

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(params[key]));

let platform: LtiPlatform;
/** Launch claims per login_hint (the platform's auth endpoint reads them). */
const people = new Map<string, { roles: string[]; locale: string; contextId: string }>();

beforeAll(async () => {
  platform = await startLtiPlatform();
  platform.authResponse = 'form_post';
  platform.authClaims = (q) => {
    const hint = q.get('login_hint') ?? '';
    const who = people.get(hint);
    if (!who) throw new Error(`unknown login_hint ${hint}`);
    return {
      ...launchClaims(toolOrigin(), { sub: hint, roles: who.roles, contextId: who.contextId, deploymentId }),
      [LTI.launchPresentation]: { locale: who.locale, document_target: 'iframe' },
    };
  };
});
afterAll(async () => {
  await platform?.close();
});

const deploymentId = `e2e-dep-${randomUUID().slice(0, 8)}`;
/** The tool's own origin as the app names it (PUBLIC_URL: the e2e app's own address). */
const toolOrigin = () => baseURL();

/** Registers the simulator for the registrar's first institution (super persona, console API). */
async function register(lang: string) {
  const superToken = await apiLogin('super');
  const registrar = await apiRoute(await apiLogin('registrar'), authApi.session);
  const organizationId = registrar.institutions[0].orgId;
  const clientId = `e2e-launch-${lang}-${randomUUID().slice(0, 8)}`;
  const created = await apiRoute(superToken, ltiApi.create, {
    body: {
      organizationId,
      lmsKind: 'moodle',
      name: `E2E simulated LMS ${lang}`,
      issuer: platform.issuer,
      clientId,
      deployments: [{ deploymentId }],
      authLoginUrl: platform.authUrl,
      authTokenUrl: platform.tokenUrl,
      keysetUrl: platform.jwksUrl,
    },
  });
  expect(created.registration.status).toBe('active');
  return { superToken, organizationId, clientId, registrationId: created.registration.registrationId };
}

/** Opens the tool's login URL as the platform would and follows the round trip to the landing page. */
async function launch(page: Page, clientId: string, loginHint: string) {
  const q = new URLSearchParams({
    iss: platform.issuer,
    login_hint: loginHint,
    target_link_uri: `${toolOrigin()}${ltiProtocolApi.launch.path}`,
    client_id: clientId,
    lti_deployment_id: deploymentId,
    lti_message_hint: 'resource-link-1',
  });
  const landed = page.waitForURL((url) => url.pathname === ltiProtocolApi.landing.path, { timeout: 30_000 });
  await page.goto(`${toolOrigin()}${ltiProtocolApi.loginGet.path}?${q}`);
  await landed;
  const auth = platform.lastAuthRequest;
  expect(auth?.get('response_mode')).toBe('form_post');
  expect(auth?.get('redirect_uri')).toBe(`${toolOrigin()}${ltiProtocolApi.launch.path}`);
  expect(auth?.get('login_hint')).toBe(loginHint);
  await page.locator('h1').waitFor();
}

describe.each(LANGUAGES)('LTI 1.3 launch in a browser, in $lang', ({ lang }) => {
  const b = useBrowser(`lti-launch-${lang}`);
  const t = SERVER_CATALOGS[lang as 'en' | 'fr'].ltiTool; // the pages' texts are the server's

  it('an instructor pairs an unpaired course, then a student of it sees the 14 day trial', async () => {
    const { page } = b;
    const { superToken, organizationId, clientId, registrationId } = await register(lang);
    const contextId = `e2e-course-${lang}-${randomUUID().slice(0, 8)}`;
    const courseTitle = 'Biology 101';
    const instructor = `instructor-${randomUUID()}`;
    const student = `student-${randomUUID()}`;
    // the browser asks for English (useBrowser): the locale claim alone makes the page French
    people.set(instructor, { roles: [ROLE.instructor], locale: lang, contextId });
    people.set(student, { roles: [ROLE.student], locale: lang, contextId });

    // instructor: the unpaired course's page lists the institution's active offers
    await launch(page, clientId, instructor);
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    expect(await page.locator('h1').textContent()).toBe(t.landingTitle);
    await page.getByText(fill(t.courseLabel, { name: courseTitle }), { exact: true }).waitFor();
    const offers = page.getByRole('group', { name: t.unpairedIntro }).getByRole('radio');
    expect(await offers.count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // nothing is preselected: pick the second offer when there is one and pair
    expect(await page.locator('input[name=offerId]:checked').count()).toBe(0);
    const choice = offers.nth((await offers.count()) > 1 ? 1 : 0);
    await choice.check();
    const chosenLabel = ((await choice.locator('xpath=..').textContent()) ?? '').trim();
    const today = formatUsDate(new Date());
    await page.getByRole('button', { name: t.pairButton }).click();
    await page.getByRole('status').getByText(t.pairedDone, { exact: true }).waitFor();
    await page.getByText(t.pairedIntro, { exact: true }).waitFor();
    const field = (name: string) => page.locator(`dd[data-field=${name}]`).textContent();
    const product = (await field('product')) ?? '';
    expect(product.length).toBeGreaterThan(0);
    expect(chosenLabel).toContain(product);
    expect(await field('census')).toBe(t.notSet); // census duration not set on a new pairing
    expect([today, formatUsDate(new Date())]).toContain(await field('freeAccess')); // start + 0 days
    expect(await field('roster')).toBe('0');
    expect(await seriousViolations(page)).toEqual([]);

    // the pairing is in the institution's audit log with the LMS course id
    const audit = await apiRoute(superToken, auditApi.page, {
      query: { organizationId, action: 'lti.pairing.create', entityType: 'lms_course_pairing' },
    });
    const pairingRows = audit.rows.filter(
      (r) => (r.after as { lmsCourseId?: string } | null)?.lmsCourseId === contextId,
    );
    expect(pairingRows).toHaveLength(1);
    expect(pairingRows[0].outcome).toBe('done');
    expect((pairingRows[0].after as { integrationId: number }).integrationId).toBe(registrationId);

    // student of the same course: enrolled in the paired section with a 14 day trial
    const before = Date.now();
    await launch(page, clientId, student);
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    await page.getByText(product, { exact: true }).waitFor();
    const access = (await page.locator('dd[data-field=access]').textContent()) ?? '';
    const ends = [before, Date.now()].map((ms) => formatUsDate(new Date(ms + 14 * 86_400_000)));
    expect(ends.map((date) => `${t.accessTrial} (${fill(t.accessTrialEnds, { date })})`)).toContain(access);
    expect(await seriousViolations(page)).toEqual([]);

    // the instructor's next launch: the course is paired, the roster counts the student
    await launch(page, clientId, instructor);
    await page.getByText(t.pairedIntro, { exact: true }).waitFor();
    expect(await field('product')).toBe(product);
    expect(await field('roster')).toBe('1');

    // the console's launch log of the registration (newest first): the three accepted launches
    const detail = await apiRoute(superToken, ltiApi.detail, { params: { registrationId } });
    const ours = detail.launches.filter((l) => l.contextId === contextId);
    expect(ours.map((l) => [l.result, l.reasonCode, l.deploymentId, l.messageType, l.roles])).toEqual([
      ['accepted', null, deploymentId, 'LtiResourceLinkRequest', [ROLE.instructor]],
      ['accepted', null, deploymentId, 'LtiResourceLinkRequest', [ROLE.student]],
      ['accepted', null, deploymentId, 'LtiResourceLinkRequest', [ROLE.instructor]],
    ]);
    expect(detail.registration.lastError).toBeNull();
  });
});
