/**
 * Every failed launch is visible: refusals before a registration is chosen are logged with the issuer
 * and the client id claimed and listed to provider staff; logging is throttled per address; the log
 * keeps its retention and shows course titles. Odd claims are refused with a reason, never a 500.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../../shared/permissions';
import { ltiIdentities, ltiLaunchLog, ltiOidcStates, ltiUsedNonces, users } from '../../../db/schema';
import { redactUrl } from '../../../plugins/request-log';
import { ltiApi } from '../../../../shared/contract/lti';
import { ltiProtocolApi } from '../../../../shared/contract/lti-protocol';
import { createInstitution, createRole, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type Launcher, lastLaunchLog, launcher, reasonOf } from '../../../test/lti-launcher';
import { LTI, type LtiPlatform, registerPlatform, startLtiPlatform } from '../../../test/lti-platform';
import { ltiLaunchLogRetentionJob, ltiStateSweepJob, pruneLaunchLog } from './lti-log.job';
import { REFUSALS_PER_MINUTE } from './lti-log-throttle';

let t: TestApp;
let p: LtiPlatform;
let l: Launcher;
let ghost: Launcher;
let regId: number;

beforeAll(async () => {
  t = await createTestApp();
  p = await startLtiPlatform();
  const inst = await createInstitution(t.db, 'Log University');
  regId = (await registerPlatform(t.db, p, inst.id, { clientId: 'log-client' })).id;
  l = launcher(t, p, 'log-client');
  ghost = launcher(t, p, 'ghost-client');
  const staff = await createUser(t.db, 'logsuper', { superAdmin: true });
  // as the demo seed places provider staff: a group with the permissions, at home in one institution
  await createRole(t.db, (await createInstitution(t.db, 'Provider Home')).id, 'Staff', ADMIN_PERMISSIONS, [
    staff.id,
  ]);
  const admin = await createUser(t.db, 'logadmin');
  await createRole(t.db, inst.id, 'Administrator', ADMIN_PERMISSIONS, [admin.id]);
});
afterAll(async () => {
  await p?.close();
  await t?.close();
});

const lastLog = () => lastLaunchLog(t);
const detail = (who: string) => t.as(who).call(ltiApi.detail, { params: { registrationId: regId } });

describe('refusals before a registration is chosen', () => {
  it.each([
    ['an unknown client id (aud)', {}, {}, 'lti.badAudience'],
    ['no kid', {}, { kid: null }, 'lti.noKid'],
    [
      'an unknown authorized party (azp)',
      { aud: ['ghost-client', 'x'], azp: 'ghost-client' },
      {},
      'lti.badAudience',
    ],
  ])('%s: logged with the issuer and the client id claimed', async (_n, claims, opts, code) => {
    const { nonce } = await l.login();
    const res = await ghost.launch({ id_token: await ghost.token(nonce, claims, opts), state: 's' });
    expect(reasonOf(res.body)).toBe(code);
    expect(await lastLog()).toMatchObject({
      result: 'refused',
      reasonCode: code,
      issuer: p.issuer,
      clientId: 'ghost-client',
      integrationId: null,
    });
  });

  it('a wrong alg (HS256): logged with the issuer and the client id claimed', async () => {
    const { nonce } = await l.login();
    const now = Math.floor(Date.now() / 1000);
    const jwt = await new SignJWT({ iss: p.issuer, aud: 'ghost-client', nonce, iat: now, exp: now + 60 })
      .setProtectedHeader({ alg: 'HS256', kid: 'k' })
      .sign(new TextEncoder().encode('a-shared-secret-of-32-bytes-long!'));
    const res = await ghost.launch({ id_token: jwt, state: 's' });
    expect(reasonOf(res.body)).toBe('lti.badAlg');
    expect(await lastLog()).toMatchObject({
      issuer: p.issuer,
      clientId: 'ghost-client',
      integrationId: null,
    });
  });

  it('a login with an unknown client_id: logged with the issuer and that client id', async () => {
    const res = await t.app.inject({
      url: ltiProtocolApi.loginGet.path,
      query: {
        iss: p.issuer,
        login_hint: 'h',
        target_link_uri: `${t.app.config.publicUrl}${ltiProtocolApi.launch.path}`,
        client_id: 'ghost-login',
      },
    });
    expect(reasonOf(res.body)).toBe('lti.badAudience');
    expect(await lastLog()).toMatchObject({ issuer: p.issuer, clientId: 'ghost-login', integrationId: null });
  });

  it('are listed to provider staff with their cause and what to fix; not to the institution', async () => {
    const { nonce } = await l.login();
    await ghost.launch({ id_token: await ghost.token(nonce), state: 's' });
    const staff = await detail('logsuper');
    expect(staff.statusCode, staff.body).toBe(200);
    const rows = staff.json().unknownClientLaunches as { clientId: string; reasonCode: string }[];
    expect(rows[0]).toMatchObject({ clientId: 'ghost-client', reasonCode: 'lti.badAudience' });
    expect(rows.map((r) => r.clientId)).toContain('ghost-login');
    const admin = await detail('logadmin');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().unknownClientLaunches).toBeUndefined();
  });
});

describe('refused-launch logging is throttled per address', () => {
  it(`logs at most ${REFUSALS_PER_MINUTE} refusals a minute from one address; another address still logs`, async () => {
    const junk = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: ltiProtocolApi.launch.path,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'id_token=not-a-jwt',
      });
    const logged = async () =>
      (await t.db.select({ n: count() }).from(ltiLaunchLog).where(isNull(ltiLaunchLog.issuer)))[0].n;
    const before = await logged();
    for (let i = 0; i < REFUSALS_PER_MINUTE + 15; i++) {
      const res = await junk('203.0.113.7');
      expect(res.statusCode).toBe(400);
    }
    expect(await logged()).toBe(before + REFUSALS_PER_MINUTE);
    await junk('203.0.113.8');
    expect(await logged()).toBe(before + REFUSALS_PER_MINUTE + 1);
  });
});

describe('the launch log', () => {
  it('shows the course title, not only the LMS context id', async () => {
    const res = await l.launchWith({
      [LTI.context]: { id: '4711', title: 'Organic Chemistry', label: 'CHEM 2' },
    });
    expect(res.statusCode).toBe(303);
    expect(await lastLog()).toMatchObject({ contextId: '4711', contextTitle: 'Organic Chemistry' });
    const launches = (await detail('logadmin')).json().launches as {
      contextId: string;
      contextTitle: string;
    }[];
    expect(launches[0]).toMatchObject({ contextId: '4711', contextTitle: 'Organic Chemistry' });
  });

  it('keeps launches for the configured retention: the daily job deletes older rows', async () => {
    const now = Date.now();
    const old = new Date(now - 40 * 86_400_000);
    const recent = new Date(now - 10 * 86_400_000);
    const [a] = await t.db
      .insert(ltiLaunchLog)
      .values({ at: old, result: 'refused', reasonCode: 'lti.malformed' })
      .returning();
    const [b] = await t.db
      .insert(ltiLaunchLog)
      .values({ at: recent, result: 'refused', reasonCode: 'lti.malformed' })
      .returning();
    expect(ltiLaunchLogRetentionJob.cron).toBeTruthy();
    await ltiLaunchLogRetentionJob.handler(
      {},
      {
        db: t.db,
        config: { ...t.app.config, ltiLaunchLogRetentionDays: 30 },
        jobs: t.app.jobs,
        log: t.app.log,
      },
      undefined as never,
    );
    const ids = (await t.db.select({ id: ltiLaunchLog.id }).from(ltiLaunchLog)).map((r) => r.id);
    expect(ids).not.toContain(a.id);
    expect(ids).toContain(b.id);
    expect(await pruneLaunchLog(t.db, new Date(now), 5)).toBeGreaterThanOrEqual(1);
  });
});

describe('long or odd claims: a 400 with a reason, never a 500, nothing written', () => {
  it.each([
    ['a 6,000-character sub', { sub: 'x'.repeat(6000) }, 'lti.subTooLong'],
    ['a 256-character sub', { sub: 's'.repeat(256) }, 'lti.subTooLong'],
    ['an over-long nonce', { nonce: 'n'.repeat(5000) }, 'lti.nonceTooLong'],
    [
      'an over-long context id',
      { [LTI.context]: { id: 'c'.repeat(5000), title: 'Long' } },
      'lti.contextIdTooLong',
    ],
  ])('%s → %s', async (_n, claims, code) => {
    const usersBefore = (await t.db.select({ n: count() }).from(users))[0].n;
    const { state, nonce } = await l.login();
    const res = await l.launch({ id_token: await l.token(nonce, claims), state });
    expect(res.statusCode).toBe(400);
    expect(reasonOf(res.body)).toBe(code);
    expect(res.body).not.toContain(code.replace('lti.', 'ltiTool.reasons.'));
    expect((await t.db.select({ n: count() }).from(users))[0].n).toBe(usersBefore);
    expect(await lastLog()).toMatchObject({ result: 'refused', reasonCode: code });
  });

  it('a 255-character sub is accepted', async () => {
    const sub = 'y'.repeat(255);
    const res = await l.launchWith({ sub });
    expect(res.statusCode).toBe(303);
    const rows = await t.db
      .select()
      .from(ltiIdentities)
      .where(and(eq(ltiIdentities.issuer, p.issuer), eq(ltiIdentities.sub, sub)));
    expect(rows).toHaveLength(1);
  });
});

describe('landing and refusal pages', () => {
  it('"Continue in a new window" opens the LMS course (the launch return URL), not the issuer', async () => {
    const course = `${p.issuer}/course/view.php?id=2`;
    const { nonce } = await l.login();
    const res = await l.launch({
      id_token: await l.token(nonce, {
        [LTI.launchPresentation]: { return_url: course, document_target: 'iframe' },
      }),
      state: 'unknown-state',
    });
    expect(reasonOf(res.body)).toBe('lti.unknownState');
    expect(res.body).toContain(`href="${course.replace(/&/g, '&amp;')}"`);
  });

  it('asks the LMS frame to fit the page (lti.frameResize)', async () => {
    const res = await l.launchWith();
    const page = await l.get(res.headers.location as string);
    expect(page.body).toContain('<script src="/lti/assets/resize.js"></script>');
    const js = await l.get('/lti/assets/resize.js');
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain("subject:'lti.frameResize'");
  });
});

describe('request-log redaction', () => {
  it.each(['link', 'registration_token', 'id_token', 'state', 'code', 'session', 'token'])(
    'hides %s',
    (name) => {
      const url = redactUrl(`/lti/x?a=1&${name}=SECRET-VALUE&b=2`);
      expect(url).not.toContain('SECRET-VALUE');
      expect(url).toContain(`${name}=[redacted]`);
      expect(url).toContain('a=1');
      expect(url).toContain('b=2');
    },
  );
});

describe('the state sweep (a pg-boss cron job)', () => {
  it('deletes login states and used nonces past their expiry, and keeps the live ones', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 600_000);
    const state = (name: string, expiresAt: Date) => ({
      state: name,
      nonce: `n-${name}`,
      integrationId: regId,
      targetLinkUri: 'https://tool.example/lti/launch',
      createdAt: new Date(),
      expiresAt,
    });
    await t.db.insert(ltiOidcStates).values([state('sweep-old', past), state('sweep-live', future)]);
    await t.db.insert(ltiUsedNonces).values([
      { integrationId: regId, nonce: 'sweep-old-nonce', expiresAt: past },
      { integrationId: regId, nonce: 'sweep-live-nonce', expiresAt: future },
    ]);
    expect(ltiStateSweepJob.cron).toBeTruthy();
    await ltiStateSweepJob.handler(
      {},
      { db: t.db, config: t.app.config, jobs: t.app.jobs, log: t.app.log },
      undefined as never,
    );
    const states = (await t.db.select().from(ltiOidcStates)).map((r) => r.state);
    expect(states).toContain('sweep-live');
    expect(states).not.toContain('sweep-old');
    const nonces = (await t.db.select().from(ltiUsedNonces)).map((r) => r.nonce);
    expect(nonces).toContain('sweep-live-nonce');
    expect(nonces).not.toContain('sweep-old-nonce');
  });
});
