import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '../src/shared/contract/auth';
import { ltiApi } from '../src/shared/contract/lti';
import { ltiProtocolApi } from '../src/shared/contract/lti-protocol';
import { LTI, type LtiPlatform, launchClaims, ROLE, startLtiPlatform } from '../src/server/test/lti-platform';
import { apiLogin, apiRoute, baseURL, loginAs, RESULTS_DIR, seriousViolations, useBrowser } from './fixtures';
import { SERVER_CATALOGS } from '../src/shared/i18n';
import { LANGUAGES } from './languages';

/**
 * Deep-linked pairing as a teacher lives it inside the LMS frame: the platform simulator's course
 * page frames the tool; the teacher's deep-linking launch returns the chosen offer to the LMS; the
 * LMS sends it back in the custom claim of later launches: a student is told the course waits for
 * the teacher, and the teacher's launch confirms exactly that offer. The pages ask the frame to fit
 * them (lti.frameResize), so the buttons are visible.
 */

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(params[key]));

interface Person {
  roles: string[];
  locale: string;
  contextId: string;
  deepLink?: boolean;
  custom?: Record<string, string>;
}

let platform: LtiPlatform;
const people = new Map<string, Person>();
const deploymentId = `e2e-dl-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  platform = await startLtiPlatform();
  platform.authResponse = 'form_post';
  platform.authClaims = (q) => {
    const hint = q.get('login_hint') ?? '';
    const who = people.get(hint);
    if (!who) throw new Error(`unknown login_hint ${hint}`);
    const base = {
      ...launchClaims(baseURL(), { sub: hint, roles: who.roles, contextId: who.contextId, deploymentId }),
      [LTI.context]: { id: who.contextId, label: 'CHEM101', title: 'Chemistry 101' },
      [LTI.launchPresentation]: {
        locale: who.locale,
        document_target: 'iframe',
        return_url: `${platform.issuer}/course`,
      },
    };
    if (who.deepLink)
      return {
        ...base,
        [LTI.messageType]: 'LtiDeepLinkingRequest',
        [LTI.resourceLink]: undefined,
        [LTI.deepLinkingSettings]: {
          deep_link_return_url: `${platform.issuer}/dl-return`,
          accept_types: ['ltiResourceLink'],
          accept_multiple: false,
        },
      };
    return { ...base, 'https://purl.imsglobal.org/spec/lti/claim/custom': who.custom ?? {} };
  };
});
afterAll(async () => {
  await platform?.close();
});

async function register(lang: string, persona: 'registrar' | 'super' = 'registrar') {
  const superToken = await apiLogin('super');
  const owner = await apiRoute(await apiLogin(persona), authApi.session);
  const clientId = `e2e-dl-${lang}-${randomUUID().slice(0, 8)}`;
  await apiRoute(superToken, ltiApi.create, {
    body: {
      organizationId: owner.institutions[0].orgId,
      lmsKind: 'moodle',
      name: `E2E deep-linking LMS ${lang} ${clientId}`,
      issuer: platform.issuer,
      clientId,
      deployments: [{ deploymentId }],
      authLoginUrl: platform.authUrl,
      authTokenUrl: platform.tokenUrl,
      keysetUrl: platform.jwksUrl,
    },
  });
  return { clientId, name: `E2E deep-linking LMS ${lang} ${clientId}` };
}

/** The LMS course page framing the tool's login URL; resolves with the frame once it shows `ready`. */
async function framed(page: Page, clientId: string, hint: string): Promise<FrameLocator> {
  const login = `${baseURL()}${ltiProtocolApi.loginGet.path}?${new URLSearchParams({
    iss: platform.issuer,
    login_hint: hint,
    target_link_uri: `${baseURL()}${ltiProtocolApi.launch.path}`,
    client_id: clientId,
    lti_deployment_id: deploymentId,
  })}`;
  await page.goto(`${platform.issuer}/course?src=${encodeURIComponent(login)}`);
  const frame = page.frameLocator('#tool');
  await frame.locator('h1').waitFor({ timeout: 30_000 });
  return frame;
}

/** Whether the element is inside the visible part of the frame (the frame grew to fit the page). */
async function visibleInFrame(page: Page, frame: FrameLocator, name: string) {
  const box = await frame.getByRole('button', { name }).boundingBox();
  const frameBox = await page.locator('#tool').boundingBox();
  return !!box && !!frameBox && box.y + box.height <= frameBox.y + frameBox.height;
}

describe.each(LANGUAGES)('deep-linked pairing in the LMS frame, in $lang', ({ lang, locale, catalog }) => {
  // the console speaks the browser's language; the framed pages the launch's locale claim
  const b = useBrowser(`lti-deep-link-${lang}`, { locale });
  const t = SERVER_CATALOGS[lang as 'en' | 'fr'].ltiTool; // the pages' texts are the server's

  it('the teacher picks an offer, the student waits, the teacher confirms exactly that offer', async () => {
    const { page } = b;
    const { clientId } = await register(lang);
    const contextId = `e2e-dl-course-${lang}-${randomUUID().slice(0, 8)}`;
    const teacherDl = `teacher-dl-${randomUUID()}`;
    people.set(teacherDl, { roles: [ROLE.instructor], locale: lang, contextId, deepLink: true });

    // 1. deep linking in the frame: nothing preselected
    await page.setViewportSize({ width: 1280, height: 800 });
    let frame = await framed(page, clientId, teacherDl);
    const offers = frame.getByRole('group', { name: t.deepLinkIntro }).getByRole('radio');
    expect(await offers.count()).toBeGreaterThan(0);
    expect(await frame.locator('input[name=offerId]:checked').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: join(RESULTS_DIR, `lti-deep-link-${lang}--choose-1280.png`),
      fullPage: true,
    });
    await offers.nth((await offers.count()) > 1 ? 1 : 0).check();
    const before = platform.deepLinkResponses.length;
    await frame.getByRole('button', { name: t.deepLinkButton }).click();
    await frame.getByRole('heading', { name: 'Content added' }).waitFor();
    const [item] = platform.deepLinkResponses[before][
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items'
    ] as { title: string; custom: Record<string, string> }[];
    expect(Object.keys(item.custom).sort()).toEqual(['offer_id', 'product_id']);

    // 2. a student launches the link before the teacher: told the course waits for the teacher
    const student = `student-${randomUUID()}`;
    people.set(student, { roles: [ROLE.student], locale: lang, contextId, custom: item.custom });
    frame = await framed(page, clientId, student);
    await frame.getByText(fill(t.studentChosenNotPaired, { offer: item.title }), { exact: true }).waitFor();
    expect(await frame.locator('input[name=offerId]').count()).toBe(0);

    // 3. the teacher's launch of the link: that offer to confirm, and no list
    const teacher = `teacher-${randomUUID()}`;
    people.set(teacher, { roles: [ROLE.instructor], locale: lang, contextId, custom: item.custom });
    await page.setViewportSize({ width: 390, height: 700 });
    frame = await framed(page, clientId, teacher);
    expect(await frame.locator('html').getAttribute('lang')).toBe(lang);
    await frame.locator('[data-field=chosenOffer]').waitFor();
    expect(await frame.locator('input[type=radio]').count()).toBe(0);
    await page.waitForFunction(
      () => (window as unknown as { frameHeights: number[] }).frameHeights.length > 0,
    );
    expect(await visibleInFrame(page, frame, t.pairChosenButton)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: join(RESULTS_DIR, `lti-deep-link-${lang}--confirm-390.png`),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({
      path: join(RESULTS_DIR, `lti-deep-link-${lang}--confirm-1280.png`),
      fullPage: true,
    });
    await frame.getByRole('button', { name: t.pairChosenButton }).click();
    await frame.getByRole('status').getByText(t.pairedDone, { exact: true }).waitFor();
    expect(await frame.locator('dd[data-field=product]').textContent()).toBe(item.title);
    expect(await frame.locator('dd[data-field=census]').textContent()).toBe(t.notSet);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: join(RESULTS_DIR, `lti-deep-link-${lang}--paired-1280.png`),
      fullPage: true,
    });

    // 4. the student's next launch: enrolled with the trial
    frame = await framed(page, clientId, student);
    await frame.locator('dd[data-field=access]').waitFor();
  });

  it('provider staff see the launches from the issuer with an unknown client id, with what to fix', async () => {
    const { page } = b;
    const { name } = await register(lang, 'super');
    const ghost = `ghost-${randomUUID().slice(0, 8)}`;
    const refused = await fetch(
      `${baseURL()}${ltiProtocolApi.loginGet.path}?${new URLSearchParams({ iss: platform.issuer, login_hint: 'h', target_link_uri: `${baseURL()}${ltiProtocolApi.launch.path}`, client_id: ghost })}`,
      { redirect: 'manual' },
    );
    expect(refused.status).toBe(401);
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, 'super', { path: '/ltiIntegrations' });
    const texts = catalog.lti;
    await page.getByRole('button', { name: fill(texts.actions.menu, { name }), exact: true }).click();
    await page.getByRole('menuitem', { name: texts.actions.details }).click();
    const list = page.getByTestId('lti-unknown-clients');
    await list.getByRole('heading', { name: texts.detail.unknownClients }).waitFor();
    const rowOf = list.locator(`[data-testid=lti-unknown-client-row][data-client="${ghost}"]`);
    await rowOf.waitFor();
    expect(await rowOf.getByTestId('lti-reason').textContent()).toBe(catalog.ltiTool.reasons.badAudience);
    expect(await rowOf.getByTestId('lti-unknown-client-fix').textContent()).toBe(
      catalog.ltiTool.fixes.badAudience,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS_DIR, `lti-deep-link-${lang}--unknown-clients-1280.png`) });
    await page.setViewportSize({ width: 390, height: 800 });
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS_DIR, `lti-deep-link-${lang}--unknown-clients-390.png`) });
  });
});
