/**
 * POST /lti/launch against the platform simulator (its own keys, its JWKS over real HTTP): every
 * refusal of the validation list with its reason code and nothing written but the
 * launch-log row; the accepted launches and what they do.
 */
import { and, count, eq } from 'drizzle-orm';
import { decodeJwt, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  enrollments,
  lmsCoursePairings,
  lmsDeployments,
  type lmsIntegrations,
  ltiIdentities,
  ltiOidcStates,
  sections,
  users,
} from '../../../db/schema';
import { createOffer, createProduct, createSection } from '../../../test/course-fixtures';
import { createInstitution, createUser } from '../../../test/fixtures';
import type { TestApp } from '../../../test/harness';
import { type Launcher, type LtiWorld, lastLaunchLog, ltiWorld, reasonOf } from '../../../test/lti-launcher';
import {
  LTI,
  launchClaims,
  type LtiPlatform,
  ROLE,
  registerPlatform,
  type SignOptions,
  startLtiPlatform,
} from '../../../test/lti-platform';
import { createLtiKeyCache } from './lti-key-cache';
import { type LaunchSession, SESSION_MINUTES, signSession } from './lti-session';
import { authApi } from '../../../../shared/contract/auth';
import { ltiProtocolApi } from '../../../../shared/contract/lti-protocol';

let w: LtiWorld;
let t: TestApp;
let l: Launcher;
let p: LtiPlatform;
let toolUrl: string;
let reg: typeof lmsIntegrations.$inferSelect;
let instId: number;
let pairedSectionId: number;
let offerId: number;
const PAIRED = 'course-paired';

beforeAll(async () => {
  w = await ltiWorld({
    institution: 'LTI University',
    registration: { clientId: 'tool-client', deploymentIds: ['dep-1'] },
  });
  ({ t, p, l, reg } = w);
  toolUrl = t.app.config.publicUrl;
  const inst = { id: w.institutionId };
  instId = inst.id;
  const product = await createProduct(t.db, 'Biology Essentials');
  offerId = (await createOffer(t.db, inst.id, product)).id;
  const section = await createSection(t.db, { institutionId: inst.id, productId: product.id });
  pairedSectionId = section.id;
  await t.db.insert(lmsCoursePairings).values({
    institutionId: inst.id,
    productId: product.id,
    sectionId: section.id,
    integrationId: reg.id,
    lmsCourseId: PAIRED,
    lmsCourseName: 'Biology 101',
    censusDuration: 10,
    freeAccessDuration: 14,
    courseStartDate: section.startDate,
    courseEndDate: section.endDate,
  });
});
afterAll(async () => w?.close());

/** A login through the tool: the state and nonce it stored. */
async function login(deploymentId = 'dep-1') {
  const res = await l.login(deploymentId);
  expect(res.status).toBe(302);
  return res;
}
const nowS = () => Math.floor(Date.now() / 1000);
const token: Launcher['token'] = (...args) => l.token(...args);
const launch: Launcher['launch'] = (...args) => l.launch(...args);

async function rowCounts() {
  const c = async (
    table: typeof users | typeof enrollments | typeof lmsCoursePairings | typeof ltiIdentities,
  ) => (await t.db.select({ n: count() }).from(table))[0].n;
  return {
    users: await c(users),
    identities: await c(ltiIdentities),
    enrollments: await c(enrollments),
    pairings: await c(lmsCoursePairings),
  };
}

const lastLog = () => lastLaunchLog(t);

describe('refused launches: reason code, launch-log row, nothing else written', () => {
  type Case = [
    name: string,
    reason: string,
    status: number,
    build: () => Promise<Record<string, string | undefined>>,
  ];
  const fresh = async (claims: JWTPayload = {}, opts: SignOptions = {}) => {
    const { state, nonce } = await login();
    return { id_token: await token(nonce, claims, opts), state };
  };
  const cases: Case[] = [
    ['no kid in the header', 'lti.noKid', 401, () => fresh({}, { kid: null })],
    [
      'kid unknown after one JWKS refetch',
      'lti.unknownKid',
      401,
      async () => fresh({}, { kid: 'no-such-kid', key: await p.strangerKey() }),
    ],
    [
      'signature by another key',
      'lti.badSignature',
      401,
      async () => fresh({}, { key: await p.strangerKey(), kid: p.current().kid }),
    ],
    [
      'alg none',
      'lti.badAlg',
      401,
      async () => {
        const { state, nonce } = await login();
        const jwt = new UnsecuredJWT({ iss: p.issuer, aud: 'tool-client', nonce, ...launchClaims(toolUrl) })
          .setIssuedAt()
          .setExpirationTime('5m')
          .encode();
        return { id_token: jwt, state };
      },
    ],
    [
      'alg HS256',
      'lti.badAlg',
      401,
      async () => {
        const { state, nonce } = await login();
        const jwt = await new SignJWT({ iss: p.issuer, aud: 'tool-client', nonce, ...launchClaims(toolUrl) })
          .setProtectedHeader({ alg: 'HS256', kid: p.current().kid })
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode('a-shared-secret-of-32-bytes-long!'));
        return { id_token: jwt, state };
      },
    ],
    ['message_type missing', 'lti.notLtiMessage', 400, () => fresh({ [LTI.messageType]: undefined })],
    [
      'message_type unknown',
      'lti.notLtiMessage',
      400,
      () => fresh({ [LTI.messageType]: 'LtiSomethingElse' }),
    ],
    ['version missing', 'lti.badVersion', 400, () => fresh({ [LTI.version]: undefined })],
    ['version not 1.3.0', 'lti.badVersion', 400, () => fresh({ [LTI.version]: '1.1' })],
    ['exp in the past', 'lti.expired', 401, () => fresh({ iat: nowS() - 400, exp: nowS() - 120 })],
    [
      'iat in the future beyond 60 s',
      'lti.issuedInFuture',
      401,
      () => fresh({ iat: nowS() + 120, exp: nowS() + 600 }),
    ],
    ['missing sub', 'lti.noSub', 400, () => fresh({ sub: undefined })],
    ['missing deployment_id', 'lti.noDeployment', 400, () => fresh({ [LTI.deploymentId]: undefined })],
    [
      'deployment not registered',
      'lti.unknownDeployment',
      403,
      () => fresh({ [LTI.deploymentId]: 'dep-unknown' }),
    ],
    [
      'missing resource_link id',
      'lti.noResourceLink',
      400,
      () => fresh({ [LTI.resourceLink]: { title: 'x' } }),
    ],
    ['missing roles claim', 'lti.noRoles', 400, () => fresh({ [LTI.roles]: undefined })],
    ['aud not containing the client_id', 'lti.badAudience', 401, () => fresh({ aud: 'another-client' })],
    ['several aud without azp', 'lti.badAzp', 401, () => fresh({ aud: ['tool-client', 'another-client'] })],
    [
      'azp not the client_id',
      'lti.badAzp',
      401,
      () => fresh({ aud: ['tool-client', 'another-client'], azp: 'another-client' }),
    ],
    [
      'nonce reused',
      'lti.nonceReused',
      401,
      async () => {
        const form = await fresh({ [LTI.roles]: [ROLE.instructor], sub: 'nonce-reuser' });
        const first = await launch(form);
        expect(first.statusCode).toBe(303);
        return form;
      },
    ],
    ['state missing', 'lti.noState', 400, async () => ({ ...(await fresh()), state: undefined })],
    ['state unknown', 'lti.unknownState', 400, async () => ({ ...(await fresh()), state: 'never-issued' })],
    [
      'state expired',
      'lti.stateExpired',
      400,
      async () => {
        const form = await fresh();
        await t.db
          .update(ltiOidcStates)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(ltiOidcStates.state, form.state!));
        return form;
      },
    ],
    [
      'state not matching (the state of another login)',
      'lti.stateMismatch',
      400,
      async () => {
        const a = await fresh();
        const b = await login();
        return { id_token: a.id_token, state: b.state };
      },
    ],
    ['issuer not registered', 'lti.unknownIssuer', 403, () => fresh({ iss: 'https://unknown-lms.example' })],
    [
      'registration disabled',
      'lti.registrationDisabled',
      403,
      async () => {
        await registerPlatform(t.db, p, instId, { clientId: 'disabled-client', status: 'disabled' });
        return fresh({ aud: 'disabled-client' });
      },
    ],
    [
      'registration pending',
      'lti.registrationPending',
      403,
      async () => {
        await registerPlatform(t.db, p, instId, { clientId: 'pending-client', status: 'pending' });
        return fresh({ aud: 'pending-client' });
      },
    ],
    [
      'target_link_uri not on this tool',
      'lti.badTargetLink',
      400,
      () => fresh({ [LTI.targetLinkUri]: 'https://evil.example/lti/launch' }),
    ],
    [
      "the platform's JWKS cannot be fetched",
      'lti.keysUnavailable',
      401,
      async () => {
        const gone = await startLtiPlatform();
        await registerPlatform(t.db, gone, instId, { clientId: 'gone-client' });
        await gone.close();
        const jwt = await gone.sign({
          iss: gone.issuer,
          aud: 'gone-client',
          nonce: 'n-gone',
          iat: nowS(),
          exp: nowS() + 300,
          ...launchClaims(toolUrl),
        });
        return { id_token: jwt, state: 'x' };
      },
    ],
    ['no id_token at all', 'lti.malformed', 400, async () => ({ state: (await login()).state })],
    [
      'id_token not a JWT',
      'lti.malformed',
      400,
      async () => ({ id_token: 'not-a-jwt', state: (await login()).state }),
    ],
  ];

  it.each(cases)('%s → %s', async (_name, reason, status, build) => {
    const form = await build();
    const before = await rowCounts();
    const fetchesBefore = p.jwksFetches;
    const res = await launch(form);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('text/html');
    expect(reasonOf(res.body)).toBe(reason);
    expect(res.body).toContain('LMS administrator');
    expect(await rowCounts()).toEqual(before);
    const log = await lastLog();
    expect(log).toMatchObject({ result: 'refused', reasonCode: reason });
    if (reason === 'lti.unknownKid') expect(p.jwksFetches - fetchesBefore).toBe(1);
  });

  it('logs no id_token and no personal data beyond the sub', async () => {
    const form = await fresh({ email: 'secret@example.edu', name: 'Secret Person', [LTI.roles]: undefined });
    const res = await launch(form);
    expect(reasonOf(res.body)).toBe('lti.noRoles');
    const log = await lastLog();
    const text = JSON.stringify(log);
    expect(text).not.toContain('secret@example.edu');
    expect(text).not.toContain('Secret Person');
    expect(text).not.toContain(form.id_token!.slice(0, 40));
    expect(log).toMatchObject({
      integrationId: reg.id,
      institutionId: instId,
      deploymentId: 'dep-1',
      contextId: 'course-1',
    });
  });

  it('the refusal page speaks the launch locale, else Accept-Language', async () => {
    const fr = await launch(
      await fresh({ [LTI.launchPresentation]: { locale: 'fr-CA' }, [LTI.version]: '2' }),
    );
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain('Le lancement n&#39;est pas en version LTI 1.3.0.');
    expect(fr.body).toContain('Code de motif');
    const zh = await launch({ id_token: 'x' }, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(zh.body).toContain('<html lang="zh">');
    expect(reasonOf(zh.body)).toBe('lti.malformed');
  });
});

describe('accepted launches', () => {
  async function accepted(claims: JWTPayload) {
    const { state, nonce } = await login();
    const res = await launch({ id_token: await token(nonce, claims), state });
    expect(res.statusCode, res.body).toBe(303);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/lti\/landing\?session=/);
    expect(await lastLog()).toMatchObject({ result: 'accepted', reasonCode: null });
    return { res, location };
  }
  const landing = async (location: string) => {
    const res = await t.app.inject({ url: location });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it.each([
    ['instructor', { [LTI.roles]: [ROLE.instructor] }],
    ['student', { [LTI.roles]: [ROLE.student] }],
    ['TA', { [LTI.roles]: [ROLE.ta] }],
    ['administrator', { [LTI.roles]: [ROLE.admin] }],
    ['an empty roles array', { [LTI.roles]: [] }],
    ['unknown role URIs', { [LTI.roles]: ['http://example.com/roles#Wizard'] }],
    ['short role names', { [LTI.roles]: ['Instructor', 'Learner'] }],
    ['email only', { email: 'only-mail@example.edu' }],
    ['names only', { given_name: 'Ada', family_name: 'Lovelace', name: 'Ada Lovelace' }],
    ['no personal data at all', {}],
    [
      'Names and Role Provisioning and Assignment and Grade Services claims',
      {
        'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
          context_memberships_url: 'https://lms.example/nrps',
          service_versions: ['2.0'],
        },
        'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
          scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
          lineitems: 'https://lms.example/lineitems',
        },
      },
    ],
    [
      'LtiDeepLinkingRequest',
      {
        [LTI.messageType]: 'LtiDeepLinkingRequest',
        [LTI.resourceLink]: undefined,
        [LTI.deepLinkingSettings]: {
          deep_link_return_url: 'https://lms.example/dl',
          accept_types: ['ltiResourceLink'],
        },
      },
    ],
  ])('%s', async (_name, claims) => {
    const { location } = await accepted(claims);
    await landing(location);
  });

  it('a person sent without names is listed by the local part of the e-mail, else by the LMS id', async () => {
    const personOfSub = async (sub: string) => {
      const [id] = await t.db.select().from(ltiIdentities).where(eq(ltiIdentities.sub, sub));
      const [person] = await t.db.select().from(users).where(eq(users.id, id.userId));
      return person;
    };
    await accepted({ sub: 'nameless-with-mail', email: 'quiet.student@example.edu' });
    expect(await personOfSub('nameless-with-mail')).toMatchObject({
      firstName: '',
      lastName: 'quiet.student',
    });
    await accepted({ sub: 'nameless-no-mail' });
    expect(await personOfSub('nameless-no-mail')).toMatchObject({
      firstName: '',
      lastName: 'LMS nameless-no-mail',
    });
  });

  it('a person is found by (issuer, sub), never merged with an account by e-mail', async () => {
    const existing = await createUser(t.db, 'mail-owner');
    const sub = 'merge-test-sub';
    await accepted({ sub, email: existing.email, given_name: 'Other', family_name: 'Person' });
    await accepted({ sub, email: existing.email });
    const ids = await t.db.select().from(ltiIdentities).where(eq(ltiIdentities.sub, sub));
    expect(ids).toHaveLength(1);
    expect(ids[0].userId).not.toBe(existing.id);
    const [person] = await t.db.select().from(users).where(eq(users.id, ids[0].userId));
    expect(person.email).not.toBe(existing.email);
    expect(person).toMatchObject({ firstName: 'Other', lastName: 'Person', passwordHash: null });
    const [owner] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(owner.firstName).toBe('mail-owner');
  });

  it('a student in a paired course is enrolled once (the tenth launch changes nothing) and sees a 14 day trial', async () => {
    const sub = 'student-paired';
    const claims = { sub, [LTI.roles]: [ROLE.student], [LTI.context]: { id: PAIRED, title: 'Biology 101' } };
    let location = '';
    for (let i = 0; i < 10; i++) location = (await accepted(claims)).location;
    const [ident] = await t.db.select().from(ltiIdentities).where(eq(ltiIdentities.sub, sub));
    const rows = await t.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.sectionId, pairedSectionId), eq(enrollments.userId, ident.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accessType: 'TEMP', currentAccess: 'Not_Paid' });
    const page = await landing(location);
    expect(page.body).toContain('Biology Essentials');
    expect(page.body).toMatch(/data-field="access">14 day trial \(Trial ends \d{2}\/\d{2}\/\d{4}\)/);
  });

  it('a student whose access ended sees Expired; a paid one sees Paid', async () => {
    const sub = 'student-expired';
    const claims = { sub, [LTI.roles]: [ROLE.student], [LTI.context]: { id: PAIRED } };
    await accepted(claims);
    const [ident] = await t.db.select().from(ltiIdentities).where(eq(ltiIdentities.sub, sub));
    const mine = and(eq(enrollments.sectionId, pairedSectionId), eq(enrollments.userId, ident.userId));
    await t.db
      .update(enrollments)
      .set({ accessEndsAt: new Date(Date.now() - 1000) })
      .where(mine);
    expect((await landing((await accepted(claims)).location)).body).toContain('data-field="access">Expired<');
    await t.db
      .update(enrollments)
      .set({ accessType: 'PAID', accessEndsAt: new Date(Date.now() + 86_400_000) })
      .where(mine);
    expect((await landing((await accepted(claims)).location)).body).toContain('data-field="access">Paid<');
  });

  it('a student in an unpaired course: "Your instructor has not set up this course yet", nothing enrolled', async () => {
    const before = (await rowCounts()).enrollments;
    const { location } = await accepted({
      [LTI.roles]: [ROLE.student],
      [LTI.context]: { id: 'course-unpaired' },
    });
    expect((await landing(location)).body).toContain('Your instructor has not set up this course yet');
    expect((await rowCounts()).enrollments).toBe(before);
  });

  it('an instructor in a paired course sees product, census and free-access dates and the roster count', async () => {
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(enrollments)
      .where(eq(enrollments.sectionId, pairedSectionId));
    const { location } = await accepted({ [LTI.roles]: [ROLE.instructor], [LTI.context]: { id: PAIRED } });
    const body = (await landing(location)).body;
    expect(body).toContain('data-field="product">Biology Essentials<');
    expect(body).toMatch(/data-field="census">\d{2}\/\d{2}\/\d{4}</);
    expect(body).toMatch(/data-field="freeAccess">\d{2}\/\d{2}\/\d{4}</);
    expect(body).toContain(`data-field="roster">${n}<`);
  });

  it('an instructor pairs an unpaired course with an active offer (one pairing per LMS course)', async () => {
    const ctx = { id: 'course-to-pair', title: 'Chemistry 200' };
    const { location } = await accepted({ [LTI.roles]: [ROLE.instructor], [LTI.context]: ctx });
    const page = await landing(location);
    expect(page.body).toContain(`value="${offerId}"`);
    const session = new URL(location, toolUrl).searchParams.get('session')!;
    const pair = () =>
      t.app.inject({
        method: 'POST',
        url: ltiProtocolApi.pair.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ session, offerId: String(offerId) }).toString(),
      });
    const res = await pair();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('The course is now paired.');
    expect(res.body).toContain('data-field="product">Biology Essentials<');
    await pair();
    const rows = await t.db
      .select()
      .from(lmsCoursePairings)
      .where(and(eq(lmsCoursePairings.integrationId, reg.id), eq(lmsCoursePairings.lmsCourseId, ctx.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ institutionId: instId, lmsCourseName: 'Chemistry 200' });
  });

  it("pairs a course of a deployment mapped to another institution than the registration's own, in that institution", async () => {
    // the registration belongs to LTI University; one of its deployments is mapped to another institution
    const other = await createInstitution(t.db, 'Elsewhere College');
    const otherOffer = (await createOffer(t.db, other.id, await createProduct(t.db, 'Geology Basics'))).id;
    await t.db
      .insert(lmsDeployments)
      .values({ integrationId: reg.id, deploymentId: 'dep-elsewhere', institutionId: other.id });
    const location = await instructorLaunch('dep-elsewhere', 'course-elsewhere');
    expect((await landing(location)).body).toContain(`value="${otherOffer}"`);

    const res = await pair(location, otherOffer);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('The course is now paired.');
    const rows = await t.db
      .select()
      .from(lmsCoursePairings)
      .where(eq(lmsCoursePairings.lmsCourseId, 'course-elsewhere'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ institutionId: other.id, integrationId: reg.id });
  });

  it('refuses to pair when the deployment was unmapped from the institution meanwhile: a clear refusal, nothing written', async () => {
    const other = await createInstitution(t.db, 'Gone College');
    const otherOffer = (await createOffer(t.db, other.id, await createProduct(t.db, 'Botany Basics'))).id;
    await t.db
      .insert(lmsDeployments)
      .values({ integrationId: reg.id, deploymentId: 'dep-gone', institutionId: other.id });
    const location = await instructorLaunch('dep-gone', 'course-gone');
    expect((await landing(location)).body).toContain(`value="${otherOffer}"`);
    await t.db.delete(lmsDeployments).where(eq(lmsDeployments.deploymentId, 'dep-gone'));

    const counts = async () => ({
      ...(await rowCounts()),
      sections: (
        await t.db.select({ n: count() }).from(sections).where(eq(sections.institutionId, other.id))
      )[0].n,
      audit: (await t.db.select({ n: count() }).from(auditLog))[0].n,
    });
    const before = await counts();
    const res = await pair(location, otherOffer);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(
      `<p role="alert">This LMS course cannot be paired: this LMS registration no longer serves the institution of the deployment you launched from. Ask your LMS administrator to check the deployment&#39;s institution in the LTI integrations console.</p>`,
    );
    expect(res.body).not.toContain('The course is now paired.');
    expect(await counts()).toEqual(before);
    expect(
      await t.db.select().from(lmsCoursePairings).where(eq(lmsCoursePairings.lmsCourseId, 'course-gone')),
    ).toEqual([]);
  });

  /** An instructor's launch from a deployment into an LMS course: the landing page's address. */
  async function instructorLaunch(deploymentId: string, contextId: string) {
    const { state, nonce } = await login(deploymentId);
    const launched = await launch({
      id_token: await token(nonce, {
        [LTI.roles]: [ROLE.instructor],
        [LTI.deploymentId]: deploymentId,
        [LTI.context]: { id: contextId, title: 'Geology 1' },
      }),
      state,
    });
    expect(launched.statusCode).toBe(303);
    return launched.headers.location as string;
  }

  function pair(location: string, offerId: number) {
    return t.app.inject({
      method: 'POST',
      url: ltiProtocolApi.pair.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        session: new URL(location, toolUrl).searchParams.get('session')!,
        offerId: String(offerId),
      }).toString(),
    });
  }

  it('a launch session that is tampered with is refused', async () => {
    const { location } = await accepted({});
    const res = await t.app.inject({ url: `${location.slice(0, -4)}AAAA` });
    expect(res.statusCode).toBe(401);
    expect(reasonOf(res.body)).toBe('lti.sessionExpired');
  });

  it('concurrent first launches of one new user create one account', async () => {
    const sub = 'concurrent-sub';
    const forms = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { state, nonce } = await login();
        return { id_token: await token(nonce, { sub, email: 'concurrent@example.edu' }), state };
      }),
    );
    const results = await Promise.all(forms.map((f) => launch(f)));
    expect(results.map((r) => r.statusCode)).toEqual(forms.map(() => 303));
    const ids = await t.db.select().from(ltiIdentities).where(eq(ltiIdentities.sub, sub));
    expect(ids).toHaveLength(1);
    const owners = await t.db.select().from(users).where(eq(users.email, 'concurrent@example.edu'));
    expect(owners).toHaveLength(1);
  });

  it('a launch signed with the platform’s new key after it rotated (new kid in its JWKS) is accepted', async () => {
    await accepted({});
    const newKid = await p.rotate();
    const { state, nonce } = await login();
    const jwt = await token(nonce, {});
    expect(JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString()).kid).toBe(newKid);
    const res = await launch({ id_token: jwt, state });
    expect(res.statusCode).toBe(303);
  });
});

describe('framing', () => {
  it('the launch and its landing page may be framed by the registered platform only; the console may not', async () => {
    const { state, nonce } = await login();
    const res = await launch({ id_token: await token(nonce), state });
    expect(res.statusCode).toBe(303);
    const origin = new URL(p.issuer).origin;
    for (const r of [res, await t.app.inject({ url: res.headers.location as string })]) {
      expect(r.headers['content-security-policy']).toContain(`frame-ancestors ${origin}`);
      expect(r.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
      expect(r.headers['x-frame-options']).toBeUndefined();
    }
    // an LMS framing the tool on the institution's own host names it in the signed launch
    const school = await login();
    const named = await launch({
      id_token: await token(school.nonce, {
        [LTI.launchPresentation]: { return_url: 'https://school.lms.example/courses/1', locale: 'en' },
      }),
      state: school.state,
    });
    expect(named.statusCode).toBe(303);
    for (const r of [named, await t.app.inject({ url: named.headers.location as string })])
      expect(r.headers['content-security-policy']).toContain(
        `frame-ancestors ${origin} https://school.lms.example;`,
      );
    const refusal = await launch({ id_token: 'x' });
    expect(refusal.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    // an expired launch session: its "page expired" answer is framed by the platform it came from
    const sessionToken = new URL(res.headers.location as string, toolUrl).searchParams.get('session')!;
    const { aud: _aud, iat: _iat, exp: _exp, ...claims } = decodeJwt(sessionToken);
    const expired = await signSession(
      t.db,
      createLtiKeyCache(),
      claims as unknown as LaunchSession,
      new Date(Date.now() - (SESSION_MINUTES + 5) * 60_000),
    );
    const form = (url: string, session?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(session ? { session, offerId: String(offerId) } : {}).toString(),
      });
    const landingUrl = (session: string) =>
      `${ltiProtocolApi.landing.path}?session=${encodeURIComponent(session)}`;
    for (const r of [
      await t.app.inject({ url: landingUrl(expired) }),
      await form(ltiProtocolApi.pair.path, expired),
      await form(ltiProtocolApi.deepLink.path, expired),
    ]) {
      expect(r.statusCode).toBe(401);
      expect(reasonOf(r.body)).toBe('lti.sessionExpired');
      expect(r.headers['content-security-policy']).toContain(`frame-ancestors ${origin};`);
      expect(r.headers['x-frame-options']).toBeUndefined();
    }
    // no session, or one the tool did not sign: the platform cannot be known, the page is unframeable
    for (const r of [
      await t.app.inject({ url: ltiProtocolApi.landing.path }),
      await form(ltiProtocolApi.pair.path),
      await form(ltiProtocolApi.deepLink.path),
      await t.app.inject({ url: landingUrl(`${expired.slice(0, -4)}AAAA`) }),
    ]) {
      expect(r.statusCode).toBe(401);
      expect(reasonOf(r.body)).toBe('lti.sessionExpired');
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(r.headers['x-frame-options']).toBe('DENY');
    }
    const consoleRes = await t.app.inject({ url: authApi.appConfig.path });
    expect(consoleRes.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(consoleRes.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
