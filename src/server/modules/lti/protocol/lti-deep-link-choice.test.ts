/**
 * The teacher's deep-linking choice sticks: the tool's deep-linking response carries the offer in
 * `custom`, the LMS sends it back in the custom claim of every launch (the Moodle 4.5 claim sets,
 * replayed signed by the platform simulator), and the unpaired course pairs with exactly that offer
 * once the teacher confirms. Unusable choices say why; accept_types and accept_multiple are honoured.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsDate } from '../../../../shared/validation';
import {
  enrollments,
  lmsCoursePairings,
  lmsDeployments,
  offers,
  sectionInstructors,
} from '../../../db/schema';
import { createOffer, createProduct } from '../../../test/course-fixtures';
import { createInstitution } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type Launcher, launcher } from '../../../test/lti-launcher';
import { LTI, type LtiPlatform, ROLE, registerPlatform, startLtiPlatform } from '../../../test/lti-platform';
import { ltiProtocolApi } from '../../../../shared/contract/lti-protocol';

const MOODLE = JSON.parse(
  readFileSync(new URL('../../../test/moodle-4.5-launch-claims.json', import.meta.url), 'utf8'),
) as { tokens: JWTPayload[] };
const CUSTOM = 'https://purl.imsglobal.org/spec/lti/claim/custom';

let t: TestApp;
let p: LtiPlatform;
let l: Launcher;
let instId: number;
let chemistry: { id: number; productId: number };
let psychology: { id: number };
let expired: { id: number; title: string; endsOn: string | null };
let foreign: { id: number; productId: number };

beforeAll(async () => {
  t = await createTestApp();
  p = await startLtiPlatform();
  const inst = await createInstitution(t.db, 'Audit University');
  instId = inst.id;
  // Moodle's deployment id is "1"
  await registerPlatform(t.db, p, inst.id, { clientId: 'YBE9iwXiPHOysCE', deploymentIds: ['1', 'dep-1'] });
  l = launcher(t, p, 'YBE9iwXiPHOysCE');
  // alphabetically first: the offer a careless default would preselect
  psychology = await createOffer(t.db, inst.id, await createProduct(t.db, 'Abnormal Psychology'));
  chemistry = await createOffer(
    t.db,
    inst.id,
    await createProduct(t.db, 'Essentials of General Chemistry I'),
  );
  const old = await createOffer(t.db, inst.id, await createProduct(t.db, 'Old Physics'));
  [expired] = await t.db
    .update(offers)
    .set({ endsOn: '2020-06-30' })
    .where(eq(offers.id, old.id))
    .returning({ id: offers.id, title: offers.title, endsOn: offers.endsOn });
  const other = await createInstitution(t.db, 'Other College');
  foreign = await createOffer(t.db, other.id, await createProduct(t.db, 'Secret Geology'));
});
afterAll(async () => {
  await p?.close();
  await t?.close();
});

/** A Moodle 4.5 token's claims for this test platform: fresh iss/aud/nonce/times, the tool's URL, these ids. */
function moodle(which: 'student' | 'teacher', custom: Record<string, string>, contextId: string) {
  const src = MOODLE.tokens.find((tk) =>
    (tk[LTI.roles] as string[]).some((r) => r.endsWith(which === 'student' ? '#Learner' : '#Instructor')),
  )!;
  const { nonce: _n, iat: _i, exp: _e, iss: _s, aud: _a, ...claims } = src;
  return {
    ...claims,
    [LTI.targetLinkUri]: new URL(ltiProtocolApi.launch.path, t.app.config.publicUrl).toString(),
    [LTI.context]: { ...(claims[LTI.context] as object), id: contextId },
    [CUSTOM]: { ...(claims[CUSTOM] as object), ...custom },
  };
}

async function launched(claims: JWTPayload) {
  const { state, nonce } = await l.login('1');
  const res = await l.launch({ id_token: await l.token(nonce, claims), state });
  expect(res.statusCode, res.body).toBe(303);
  const location = res.headers.location as string;
  return { location, page: (await l.get(location)).body };
}

async function deepLink(settings: Record<string, unknown>) {
  return launched({
    [LTI.roles]: [ROLE.instructor],
    [LTI.messageType]: 'LtiDeepLinkingRequest',
    [LTI.resourceLink]: undefined,
    [LTI.deepLinkingSettings]: { deep_link_return_url: `${p.issuer}/dl-return`, ...settings },
  });
}

const contentItems = (body: string) => {
  const jwt = /name="JWT" value="([^"]+)"/.exec(body)?.[1];
  return jwt
    ? (decodeJwt(jwt)['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as JWTPayload[])
    : null;
};

const pairingsOf = (contextId: string) =>
  t.db.select().from(lmsCoursePairings).where(eq(lmsCoursePairings.lmsCourseId, contextId));

describe('deep-linked pairing with the Moodle 4.5 launches', () => {
  it('the chosen offer comes back in custom; the teacher confirms exactly that offer; the student waits, then is enrolled', async () => {
    // 1. deep linking: nothing preselected, the teacher picks chemistry
    const dl = await deepLink({ accept_types: ['ltiResourceLink'], accept_multiple: false });
    expect(dl.page).toContain('type="radio"');
    expect(dl.page).not.toContain('checked');
    const sent = await l.post(ltiProtocolApi.deepLink.path, dl.location, { offerId: String(chemistry.id) });
    const items = contentItems(sent.body)!;
    expect(items).toHaveLength(1);
    const custom = items[0].custom as Record<string, string>;
    expect(custom).toEqual({ product_id: String(chemistry.productId), offer_id: String(chemistry.id) });

    // 2. Moodle stores it and sends it back: the student launches first
    const ctx = 'moodle-chem-2';
    const student = await launched(moodle('student', custom, ctx));
    expect(student.page).toContain('Your instructor chose Essentials of General Chemistry I for this course');
    expect(await pairingsOf(ctx)).toHaveLength(0);

    // 3. the teacher's launch asks to confirm that offer, and no other
    const teacher = await launched(moodle('teacher', custom, ctx));
    expect(teacher.page).toContain('data-field="chosenOffer"');
    expect(teacher.page).toContain('It was set up in the LMS with Essentials of General Chemistry I.');
    expect(teacher.page).not.toContain('Abnormal Psychology');
    expect(teacher.page).toContain(`name="offerId" value="${chemistry.id}"`);
    // another offer than the chosen one is refused
    await l.post(ltiProtocolApi.pair.path, teacher.location, { offerId: String(psychology.id) });
    expect(await pairingsOf(ctx)).toHaveLength(0);
    const paired = await l.post(ltiProtocolApi.pair.path, teacher.location, {
      offerId: String(chemistry.id),
    });
    expect(paired.body).toContain('The course is now paired.');
    const [pairing] = await pairingsOf(ctx);
    expect(pairing).toMatchObject({ institutionId: instId, productId: chemistry.productId });
    expect(pairing.lmsCourseName).toBe('Chemistry 101 (Moodle)');
    // the pairing teacher is the course's instructor
    const instructors = await t.db
      .select()
      .from(sectionInstructors)
      .where(eq(sectionInstructors.sectionId, pairing.sectionId!));
    expect(instructors).toEqual([expect.objectContaining({ role: 'instructor' })]);

    // 4. the student's next launch is enrolled with the trial
    const again = await launched(moodle('student', custom, ctx));
    expect(again.page).toContain('data-field="access"');
    const enrolled = await t.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.sectionId, pairing.sectionId!));
    expect(enrolled).toHaveLength(1);
  });

  it.each([
    ['expired', () => expired.id, 'expired'],
    ['another institution', () => foreign.id, 'otherInstitution'],
    ['unknown', () => 99_999_999, 'unknown'],
  ])(
    'a chosen offer that is %s: the page says which and why; the list has no preselection',
    async (_n, id, why) => {
      const ctx = `moodle-bad-${why}`;
      const teacher = await launched(moodle('teacher', { offer_id: String(id()), product_id: '' }, ctx));
      expect(teacher.page).toContain(`data-why="${why}"`);
      expect(teacher.page).toContain('name="offerId"');
      expect(teacher.page).not.toContain('checked');
      if (why === 'expired')
        expect(teacher.page).toContain(`Old Physics, ended on ${formatUsDate(expired.endsOn)}`);
      // another institution's offer is never named
      expect(teacher.page).not.toContain('Secret Geology');
      // the teacher may pair with an offer of the list instead
      await l.post(ltiProtocolApi.pair.path, teacher.location, { offerId: String(psychology.id) });
      expect(await pairingsOf(ctx)).toHaveLength(1);
    },
  );

  it('an offer of another institution cannot be paired by posting its id', async () => {
    const ctx = 'moodle-foreign-post';
    const teacher = await launched(
      moodle('teacher', { offer_id: String(foreign.id), product_id: String(foreign.productId) }, ctx),
    );
    await l.post(ltiProtocolApi.pair.path, teacher.location, { offerId: String(foreign.id) });
    expect(await pairingsOf(ctx)).toHaveLength(0);
  });

  it('without a choice in the launch, the teacher chooses from the list: nothing preselected', async () => {
    const { page } = await launched({ [LTI.roles]: [ROLE.instructor], [LTI.context]: { id: 'no-choice' } });
    expect(page).toContain(
      'This course is not paired yet. Choose one of your institution&#39;s active offers:',
    );
    expect(page).not.toContain('checked');
    expect(page).toContain('required');
  });
});

describe("deep linking honours the platform's accept_types and accept_multiple", () => {
  it('accept_types without ltiResourceLink: the page says so and nothing is returned', async () => {
    const dl = await deepLink({ accept_types: ['file', 'html'] });
    expect(dl.page).toContain('data-field="linksRefused"');
    expect(dl.page).not.toContain('name="offerId"');
    const sent = await l.post(ltiProtocolApi.deepLink.path, dl.location, { offerId: String(chemistry.id) });
    expect(contentItems(sent.body)).toBeNull();
  });

  it('accept_multiple: checkboxes, and each chosen offer is one content item', async () => {
    const dl = await deepLink({ accept_types: ['ltiResourceLink'], accept_multiple: true });
    expect(dl.page).toContain('type="checkbox"');
    expect(dl.page).toContain('Choose the products to add to your LMS course:');
    const sent = await l.post(ltiProtocolApi.deepLink.path, dl.location, {
      offerId: [String(chemistry.id), String(psychology.id)],
    });
    const items = contentItems(sent.body)!;
    expect(items.map((i) => (i.custom as Record<string, string>).offer_id)).toEqual([
      String(chemistry.id),
      String(psychology.id),
    ]);
  });

  it('without accept_multiple, two offers are refused; one is returned', async () => {
    const dl = await deepLink({ accept_types: ['ltiResourceLink'] });
    const two = await l.post(ltiProtocolApi.deepLink.path, dl.location, {
      offerId: [String(chemistry.id), String(psychology.id)],
    });
    expect(contentItems(two.body)).toBeNull();
    const one = await l.post(ltiProtocolApi.deepLink.path, dl.location, { offerId: String(psychology.id) });
    expect(contentItems(one.body)).toHaveLength(1);
  });
});

describe('the Moodle deployment', () => {
  it('is registered as "1" for the replayed tokens', async () => {
    const rows = await t.db
      .select()
      .from(lmsDeployments)
      .where(and(eq(lmsDeployments.deploymentId, '1')));
    expect(rows).toHaveLength(1);
  });
});
