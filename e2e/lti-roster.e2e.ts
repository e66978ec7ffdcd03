import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { ltiApi } from '../src/shared/contract/lti';
import { ltiProtocolApi } from '../src/shared/contract/lti-protocol';
import { ltiRosterApi } from '../src/shared/contract/lti-roster';
import { LTI, type LtiPlatform, launchClaims, ROLE, startLtiPlatform } from '../src/server/test/lti-platform';
import { apiLogin, apiRoute, baseURL, loginAs, RESULTS_DIR, seriousViolations, useBrowser } from './fixtures';
import { SERVER_CATALOGS } from '../src/shared/i18n';
import { LANGUAGES } from './languages';

/**
 * NRPS roster sync from the course detail page: the platform simulator serves the course membership;
 * an instructor's launch carrying the NRPS claim pairs the course, then an administrator opens the
 * course and presses "Sync roster now": the last sync and its counts are shown, the learners listed.
 * Also: a refused dynamic registration shows inside the registering LMS frame, for its administrator.
 */

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(params[key]));

let platform: LtiPlatform;
const people = new Map<string, { roles: string[]; contextId: string }>();
const deploymentId = `e2e-nrps-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  platform = await startLtiPlatform();
  platform.authResponse = 'form_post';
  platform.services.toolJwksUrl = `${baseURL()}${ltiProtocolApi.jwks.path}`;
  platform.authClaims = (q) => {
    const hint = q.get('login_hint') ?? '';
    const who = people.get(hint);
    if (!who) throw new Error(`unknown login_hint ${hint}`);
    return {
      ...launchClaims(baseURL(), { sub: hint, roles: who.roles, contextId: who.contextId, deploymentId }),
      [LTI.nrps]: {
        context_memberships_url: platform.membershipsUrl(who.contextId),
        service_versions: ['2.0'],
      },
    };
  };
});
afterAll(async () => {
  await platform?.close();
});

/** One registration for both languages: the platform caches the tool's key set across them. */
let registered: ReturnType<typeof registerOnce> | undefined;
const register = () => {
  registered ??= registerOnce();
  return registered;
};

async function registerOnce() {
  const superToken = await apiLogin('super');
  const registrar = await apiRoute(await apiLogin('registrar'), authApi.session);
  const clientId = `e2e-nrps-${randomUUID().slice(0, 8)}`;
  platform.services.clientId = clientId;
  const created = await apiRoute(superToken, ltiApi.create, {
    body: {
      organizationId: registrar.institutions[0].orgId,
      lmsKind: 'moodle',
      name: 'E2E roster LMS',
      issuer: platform.issuer,
      clientId,
      deployments: [{ deploymentId }],
      authLoginUrl: platform.authUrl,
      authTokenUrl: platform.tokenUrl,
      keysetUrl: platform.jwksUrl,
    },
  });
  return { superToken, clientId, registrationId: created.registration.registrationId };
}

async function launch(page: Page, clientId: string, loginHint: string) {
  const q = new URLSearchParams({
    iss: platform.issuer,
    login_hint: loginHint,
    target_link_uri: `${baseURL()}${ltiProtocolApi.launch.path}`,
    client_id: clientId,
    lti_deployment_id: deploymentId,
  });
  const landed = page.waitForURL((url) => url.pathname === ltiProtocolApi.landing.path, { timeout: 30_000 });
  await page.goto(`${baseURL()}${ltiProtocolApi.loginGet.path}?${q}`);
  await landed;
  await page.locator('h1').waitFor();
}

const member = (sub: string, roles: string[]) => ({
  user_id: sub,
  roles,
  status: 'Active' as const,
  given_name: `Given ${sub}`,
  family_name: `Family-${sub}`,
  email: `${sub}@nrps.example`,
});

describe.each(LANGUAGES)(
  'LTI roster sync on the course detail page, in $lang',
  ({ lang, locale, catalog }) => {
    const b = useBrowser(`lti-roster-${lang}`, { locale });

    it('after a launch carrying NRPS, "Sync roster now" on the course shows the last sync and counts', async () => {
      const { page } = b;
      const { superToken, clientId, registrationId } = await register();
      const contextId = `e2e-nrps-course-${lang}-${randomUUID().slice(0, 8)}`;
      const instructor = `instructor-${randomUUID()}`;
      people.set(instructor, { roles: [ROLE.instructor], contextId });
      await launch(page, clientId, instructor);
      const offers = page.locator('input[name=offerId]');
      await offers.first().check();
      await page.locator('form button[type=submit]').first().click();
      await page.locator('dd[data-field=product]').waitFor();
      // the next launch of the paired course records its membership service
      await launch(page, clientId, instructor);
      await page.locator('dd[data-field=product]').waitFor();

      const detail = await apiRoute(superToken, ltiApi.detail, { params: { registrationId } });
      const sectionId = detail.rosterSyncs.find((s) => s.lmsCourseId === contextId)?.sectionId;
      expect(sectionId).toBeTypeOf('number');

      const s1 = `learner-a-${lang}-${randomUUID().slice(0, 6)}`;
      const s2 = `learner-b-${lang}-${randomUUID().slice(0, 6)}`;
      platform.services.members = [member(s1, [ROLE.student]), member(s2, [ROLE.student])];

      await loginAs(page, 'super', { path: `/institution/courseDetail/${sectionId}` });
      const t = catalog.lti.roster;
      const card = page.getByTestId('course-roster-sync');
      await card.getByText(t.title, { exact: true }).waitFor();
      expect(await page.getByTestId('course-roster-last').textContent()).toBe(catalog.lti.never);
      expect(await seriousViolations(page)).toEqual([]);

      await card.getByRole('button', { name: t.syncNow }).click();
      await page.mouse.move(0, 0);
      const counts = fill(t.countsText, { added: 2, updated: 0, dropped: 0, instructors: 0 });
      await page.getByTestId('course-roster-counts').getByText(counts, { exact: false }).waitFor();
      expect(await page.getByTestId('course-roster-last').textContent()).not.toBe(catalog.lti.never);
      expect(await page.getByTestId('course-roster-error').textContent()).toContain(catalog.lti.noError);
      const state = await apiRoute(superToken, ltiRosterApi.courseSync, { query: { sectionId } });
      expect(state.sync?.counts).toEqual({ added: 2, updated: 0, dropped: 0, instructors: 0 });
      expect(await seriousViolations(page)).toEqual([]);

      // the roster tab lists the learners the sync enrolled
      await page.getByTestId('roster-tab').click();
      await page.getByText(`${s1}@nrps.example`).waitFor();
      await page.getByText(`${s2}@nrps.example`).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('course-roster-sync').waitFor();
      await page.screenshot({ path: join(RESULTS_DIR, `lti-roster-${lang}--390.png`), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    });
  },
);

describe.each(LANGUAGES)(
  'LTI registration refused inside the LMS frame, in $lang',
  ({ lang, locale, catalog }) => {
    const b = useBrowser(`lti-register-framed-${lang}`, { locale });

    it('a used or unknown registration link: the refusal shows in the frame, written for an LMS admin', async () => {
      const { page } = b;
      const t = SERVER_CATALOGS[lang as 'en' | 'fr'].ltiTool; // the pages' texts are the server's
      const register = `${baseURL()}${ltiProtocolApi.register.path}?${new URLSearchParams({
        link: 'z'.repeat(43),
        openid_configuration: platform.openidConfigurationUrl,
      })}`;
      await page.goto(`${platform.issuer}/course?src=${encodeURIComponent(register)}`);
      const frame = page.frameLocator('#tool');
      await frame.getByRole('heading', { name: t.registerRefusedTitle }).waitFor({ timeout: 30_000 });
      expect(await frame.locator('html').getAttribute('lang')).toBe(lang);
      await frame.getByText(t.registerTodo.badRegistration, { exact: false }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  },
);
