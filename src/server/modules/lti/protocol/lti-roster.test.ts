import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  enrollments,
  lmsKeyStore,
  ltiIdentities,
  ltiRosterSyncs,
  sectionInstructors,
} from '../../../db/schema';
import { createSection } from '../../../test/course-fixtures';
import { ADMIN_PERMISSIONS } from '../../../../shared/permissions';
import { ltiApi } from '../../../../shared/contract/lti';
import { ltiProtocolApi } from '../../../../shared/contract/lti-protocol';
import { ltiRosterApi } from '../../../../shared/contract/lti-roster';
import { createRole, createUser } from '../../../test/fixtures';
import type { TestApp } from '../../../test/harness';
import { type LtiWorld, ltiWorld } from '../../../test/lti-launcher';
import { LTI, launchClaims, type LtiPlatform, ROLE } from '../../../test/lti-platform';
import type { NrpsMemberFixture } from '../../../test/lti-platform-nrps';
import { createIsbnProduct, createPairing } from '../../../test/product-fixtures';
import { rotateToolKey } from '../shared/lti-keys';
import { RosterSyncError } from './lti-nrps-client';
import { syncRoster } from './lti-roster-sync';

let t: TestApp;
let p: LtiPlatform;
let toolUrl: string;
let instId: number;
let regId: number;
let n = 0;

let w: LtiWorld;
beforeAll(async () => {
  w = await ltiWorld({
    institution: 'Roster College',
    listen: true,
    registration: { clientId: 'nrps-client' },
  });
  ({ t, p } = w);
  toolUrl = t.app.config.publicUrl;
  p.services.toolJwksUrl = `${w.base}${ltiProtocolApi.jwks.path}`;
  p.services.clientId = 'nrps-client';
  const inst = { id: w.institutionId };
  instId = inst.id;
  regId = w.reg.id;
  const user = await createUser(t.db, 'rosteradmin');
  await createRole(t.db, inst.id, 'Administrator', ADMIN_PERMISSIONS, [user.id]);
});
afterAll(async () => w?.close());
beforeEach(() => {
  Object.assign(p.services, { refuseScope: false, down: false, downFromPage: null, differences: null });
});

const member = (sub: string, roles: string[], status: NrpsMemberFixture['status'] = 'Active') => ({
  user_id: sub,
  roles,
  status,
  given_name: `Given ${sub}`,
  family_name: `Family ${sub}`,
  email: `${sub}@roster.example`,
});

/** A paired course with a section; a launch with the NRPS claim records its membership URL. */
async function pairedCourse() {
  const contextId = `ctx-${++n}`;
  const section = await createSection(t.db, { institutionId: instId });
  const product = await createIsbnProduct(t.db, `Roster ${n}`);
  const pairing = await createPairing(t.db, {
    institutionId: instId,
    productId: product.id,
    sectionId: section.id,
    integrationId: regId,
    lmsCourseId: contextId,
  });
  p.authClaims = () => ({
    ...launchClaims(toolUrl, { contextId, roles: [ROLE.instructor] }),
    [LTI.nrps]: { context_memberships_url: p.membershipsUrl(contextId), service_versions: ['2.0'] },
  });
  const login = await t.app.inject({
    url: ltiProtocolApi.loginGet.path,
    query: {
      iss: p.issuer,
      login_hint: 'x',
      target_link_uri: `${toolUrl}${ltiProtocolApi.launch.path}`,
      client_id: 'nrps-client',
    },
  });
  const posted = (await (await fetch(login.headers.location as string)).json()) as Record<string, string>;
  const launched = await t.app.inject({
    method: 'POST',
    url: ltiProtocolApi.launch.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(posted).toString(),
  });
  expect(launched.statusCode).toBe(303);
  return { pairingId: pairing.id, sectionId: section.id, contextId };
}

const stateOf = async (pairingId: number) =>
  (await t.db.select().from(ltiRosterSyncs).where(eq(ltiRosterSyncs.pairingId, pairingId)))[0];

async function roster(sectionId: number) {
  const rows = await t.db
    .select({ sub: ltiIdentities.sub, droppedAt: enrollments.droppedAt, access: enrollments.accessType })
    .from(enrollments)
    .innerJoin(ltiIdentities, eq(ltiIdentities.userId, enrollments.userId))
    .where(eq(enrollments.sectionId, sectionId));
  return Object.fromEntries(rows.map((r) => [r.sub, r.droppedAt ? 'dropped' : r.access]));
}

async function instructorsOf(sectionId: number) {
  const rows = await t.db
    .select({ sub: ltiIdentities.sub, role: sectionInstructors.role })
    .from(sectionInstructors)
    .innerJoin(ltiIdentities, eq(ltiIdentities.userId, sectionInstructors.userId))
    .where(eq(sectionInstructors.sectionId, sectionId));
  return Object.fromEntries(rows.map((r) => [r.sub, r.role]));
}

const syncError = (pairingId: number) =>
  syncRoster(t.db, pairingId).then(
    () => null,
    (err: unknown) => (err instanceof RosterSyncError ? err.code : String(err)),
  );

describe('NRPS roster sync', () => {
  it('reads two pages: learners enrolled on trial, instructor and TA recorded, an inactive member dropped', async () => {
    const c = await pairedCourse();
    expect((await stateOf(c.pairingId)).membershipsUrl).toBe(p.membershipsUrl(c.contextId));
    p.services.pageSize = 2;
    p.services.members = [
      member('s1', [ROLE.student]),
      member('teacher', [ROLE.instructor]),
      member('s2', [ROLE.student]),
      member('ta', [ROLE.ta, ROLE.admin]),
      member('s3', [ROLE.student], 'Inactive'),
    ];
    p.services.pageRequests = [];
    expect(await syncRoster(t.db, c.pairingId)).toBe(true);
    expect(p.services.pageRequests).toEqual([0, 1, 2]);
    expect(await roster(c.sectionId)).toEqual({ s1: 'TEMP', s2: 'TEMP' });
    expect(await instructorsOf(c.sectionId)).toEqual({ teacher: 'instructor', ta: 'ta' });
    const state = await stateOf(c.pairingId);
    expect(state).toMatchObject({ lastError: null, resumeUrl: null });
    expect(state.counts).toEqual({ added: 2, updated: 0, dropped: 0, instructors: 2 });
    expect(state.lastSyncAt).not.toBeNull();

    // s1 becomes inactive and s2 leaves the course: both dropped, kept, audited with the sync's id
    p.services.members = [
      member('s1', [ROLE.student], 'Inactive'),
      member('teacher', [ROLE.instructor]),
      member('s4', [ROLE.student]),
    ];
    await syncRoster(t.db, c.pairingId);
    expect(await roster(c.sectionId)).toEqual({ s1: 'dropped', s2: 'dropped', s4: 'TEMP' });
    const second = await stateOf(c.pairingId);
    expect(second.counts).toEqual({ added: 1, updated: 0, dropped: 2, instructors: 0 });
    const drops = await t.db.select().from(auditLog).where(eq(auditLog.action, 'lti.roster.drop'));
    const ours = drops.filter((d) => (d.after as { bySync: string }).bySync === second.runId);
    expect(ours).toHaveLength(2);
    // through the one drop rule: the cause is recorded on the enrollment
    const causes = await t.db
      .select({ cause: enrollments.dropCause })
      .from(enrollments)
      .where(and(eq(enrollments.sectionId, c.sectionId), isNotNull(enrollments.droppedAt)));
    expect(causes).toEqual([{ cause: 'nrpsInactive' }, { cause: 'nrpsInactive' }]);

    // back in the course: enrolled again
    p.services.members = [member('s1', [ROLE.student]), member('s4', [ROLE.student])];
    await syncRoster(t.db, c.pairingId);
    expect(await roster(c.sectionId)).toMatchObject({ s1: 'TEMP', s4: 'TEMP', s2: 'dropped' });
  });

  it('a refused scope is recorded with its reason and changes nothing', async () => {
    const c = await pairedCourse();
    p.services.members = [member('r1', [ROLE.student])];
    p.services.refuseScope = true;
    expect(await syncError(c.pairingId)).toBe('lti.roster.scopeRefused');
    expect(await roster(c.sectionId)).toEqual({});
    expect(await stateOf(c.pairingId)).toMatchObject({
      lastError: 'lti.roster.scopeRefused',
      lastSyncAt: null,
    });
  });

  it('a platform that is down midway keeps the applied page and resumes from the next one', async () => {
    const c = await pairedCourse();
    p.services.pageSize = 2;
    p.services.members = ['d1', 'd2', 'd3', 'd4', 'd5'].map((s) => member(s, [ROLE.student]));
    p.services.downFromPage = 1;
    expect(await syncError(c.pairingId)).toBe('lti.roster.platformDown');
    expect(await roster(c.sectionId)).toEqual({ d1: 'TEMP', d2: 'TEMP' });
    const stopped = await stateOf(c.pairingId);
    expect(stopped.resumeUrl).toContain('page=1');
    expect(stopped.lastError).toBe('lti.roster.platformDown');

    p.services.down = true;
    expect(await syncError(c.pairingId)).toBe('lti.roster.platformDown');

    p.services.down = false;
    p.services.downFromPage = null;
    p.services.pageRequests = [];
    await syncRoster(t.db, c.pairingId);
    expect(p.services.pageRequests).toEqual([1, 2]);
    expect(await roster(c.sectionId)).toEqual({ d1: 'TEMP', d2: 'TEMP', d3: 'TEMP', d4: 'TEMP', d5: 'TEMP' });
    const done = await stateOf(c.pairingId);
    expect(done).toMatchObject({ lastError: null, resumeUrl: null, runId: stopped.runId });
    expect(done.counts).toEqual({ added: 5, updated: 0, dropped: 0, instructors: 0 });
  });

  it('an expired token is asked again; the differences link is used where offered', async () => {
    const c = await pairedCourse();
    p.services.members = [member('e1', [ROLE.student]), member('e2', [ROLE.student])];
    p.services.differences = [];
    await syncRoster(t.db, c.pairingId);
    expect((await stateOf(c.pairingId)).differencesUrl).toContain('since=');
    p.services.tokens.clear(); // every token the platform handed out has expired
    p.services.differences = [member('e2', [ROLE.student], 'Deleted'), member('e3', [ROLE.student])];
    p.services.pageRequests = [];
    await syncRoster(t.db, c.pairingId);
    expect(await roster(c.sectionId)).toEqual({ e1: 'TEMP', e2: 'dropped', e3: 'TEMP' });
    expect((await stateOf(c.pairingId)).counts).toEqual({ added: 1, updated: 0, dropped: 1, instructors: 0 });
  });

  it('the platform caches the key set: no assertion is refused across a key rotation', async () => {
    const c = await pairedCourse();
    p.services.members = [member('k1', [ROLE.student])];
    let clock = Date.now();
    p.services.clock = () => clock;
    p.services.jwksCache = null;
    p.services.assertions = [];
    await syncRoster(t.db, c.pairingId); // the platform caches the key set now
    const { kid: next, activatesAt } = await t.db.transaction((tx) => rotateToolKey(tx, regId));
    for (let minute = 0; minute <= 10; minute++) {
      clock = Date.now() + minute * 60_000;
      // the tool's clock: past the activation time the next key signs
      if (clock >= activatesAt.getTime())
        await t.db
          .update(lmsKeyStore)
          .set({ activatesAt: new Date(Date.now() - 1000) })
          .where(and(eq(lmsKeyStore.kid, next), isNull(lmsKeyStore.retiredAt)));
      await syncRoster(t.db, c.pairingId);
    }
    expect(p.services.assertions.filter((a) => a.refused)).toEqual([]);
    expect(p.services.assertions.at(-1)?.kid).toBe(next);
    p.services.clock = () => Date.now();
  });

  it('"Sync roster now" in the console: runs, shows counts, last sync and a clear last error', async () => {
    const c = await pairedCourse();
    p.services.members = [member('h1', [ROLE.student]), member('h2', [ROLE.instructor])];
    const admin = t.as('rosteradmin');
    const syncNow = () =>
      admin.call(ltiRosterApi.syncPairing, { params: { registrationId: regId, pairingId: c.pairingId } });
    const ok = await syncNow();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      pairingId: c.pairingId,
      lmsCourseId: c.contextId,
      counts: { added: 1, updated: 0, dropped: 0, instructors: 1 },
      lastError: null,
      resuming: false,
    });
    expect(ok.json().lastSyncAt).not.toBeNull();

    p.services.down = true;
    const down = await syncNow();
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({
      lastError: 'lti.roster.platformDown',
      lastSyncAt: ok.json().lastSyncAt,
    });
    const detail = await admin.call(ltiApi.detail, { params: { registrationId: regId } });
    const listed = detail.json().rosterSyncs.find((r: { pairingId: number }) => r.pairingId === c.pairingId);
    expect(listed).toMatchObject({ lastError: 'lti.roster.platformDown' });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'lti.roster.syncNow'));
    expect(audited.map((a) => a.outcome)).toEqual(expect.arrayContaining(['ok', 'failed']));

    // a course whose launches carry no NRPS claim cannot be synced: a clear refusal
    const none = await admin.call(ltiRosterApi.syncPairing, {
      params: { registrationId: regId, pairingId: 999999 },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('error.ltiRosterNotOffered');
  });
});

describe('roster sync on the course detail page', () => {
  it('shows the last sync with counts and error, syncs for who may, nothing for a course without NRPS', async () => {
    const c = await pairedCourse();
    p.services.members = [member('d1', [ROLE.student]), member('d2', [ROLE.student])];
    const admin = t.as('rosteradmin');
    const query = { sectionId: c.sectionId };
    const before = await admin.call(ltiRosterApi.courseSync, { query });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      canSync: true,
      sync: { pairingId: c.pairingId, lastSyncAt: null },
    });

    const ok = await admin.call(ltiRosterApi.syncCourse, { query });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().sync).toMatchObject({ counts: { added: 2, updated: 0, dropped: 0, instructors: 0 } });
    expect(await roster(c.sectionId)).toEqual({ d1: 'TEMP', d2: 'TEMP' });

    p.services.down = true;
    await admin.call(ltiRosterApi.syncCourse, { query });
    const after = await admin.call(ltiRosterApi.courseSync, { query });
    expect(after.json().sync).toMatchObject({
      lastError: 'lti.roster.platformDown',
      lastSyncAt: ok.json().sync.lastSyncAt,
      counts: { added: 2 },
    });

    // a course administrator without the LTI capability sees it but may not sync
    const viewer = await createUser(t.db, `rosterviewer${n}`);
    await createRole(
      t.db,
      instId,
      `Courses ${n}`,
      ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_COPY_EDIT_COURSES'],
      [viewer.id],
    );
    const viewerClient = t.as(`rosterviewer${n}`);
    const seen = await viewerClient.call(ltiRosterApi.courseSync, { query });
    expect(seen.json()).toMatchObject({ canSync: false, sync: { pairingId: c.pairingId } });
    const refused = await viewerClient.call(ltiRosterApi.syncCourse, { query });
    expect(refused.statusCode).toBe(403);

    // a course not paired through an LTI launch carrying NRPS: nothing to show, sync refused
    const plain = await createSection(t.db, { institutionId: instId });
    const none = await admin.call(ltiRosterApi.courseSync, { query: { sectionId: plain.id } });
    expect(none.json()).toEqual({ sync: null, canSync: false });
    const noSync = await admin.call(ltiRosterApi.syncCourse, { query: { sectionId: plain.id } });
    expect(noSync.statusCode).toBe(409);
    expect(noSync.json().message).toBe('error.ltiRosterNotOffered');
  });
});
