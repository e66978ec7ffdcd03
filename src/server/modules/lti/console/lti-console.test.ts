import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../../shared/permissions';
import {
  auditLog,
  lmsDeployments,
  lmsIntegrations,
  lmsKeyStore,
  ltiLaunchLog,
  ltiRegistrationLinks,
} from '../../../db/schema';
import { createSection } from '../../../test/course-fixtures';
import { addToInternalGroup, createInstitution, createRole, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { institutionsApi } from '../../../../shared/contract/institutions';
import { ltiApi } from '../../../../shared/contract/lti';
import { pathOf, type RouteBody } from '../../../../shared/contract/route';
import { createIsbnProduct, createPairing } from '../../../test/product-fixtures';

let t: TestApp;
let a: { id: number };
let b: { id: number };
let c: { id: number };
let d: { id: number };

let seq = 0;
/** A valid manual registration for the institution (each call a new issuer); `over` may break it on purpose. */
const body = (organizationId: number, over: object = {}): RouteBody<typeof ltiApi.create> => {
  seq += 1;
  return {
    organizationId,
    lmsKind: 'canvas',
    name: `Canvas ${seq}`,
    issuer: `https://canvas-${seq}.example.edu`,
    clientId: `10000000000${seq}`,
    deployments: [{ deploymentId: `1:dep-${seq}` }],
    authLoginUrl: `https://canvas-${seq}.example.edu/api/lti/authorize_redirect`,
    authTokenUrl: `https://canvas-${seq}.example.edu/login/oauth2/token`,
    keysetUrl: `https://canvas-${seq}.example.edu/api/lti/security/jwks`,
    ...over,
  };
};
const { organizationId: _omit, ...rest } = body(1);
const editBody = (over: object = {}): RouteBody<typeof ltiApi.update> => ({ ...rest, ...over });

/** Every operation on one registration as `who`, with a label. */
const onRegistration = (who: string, registrationId: number) => {
  const p = t.as(who);
  const params = { registrationId };
  return [
    ['GET', () => p.call(ltiApi.detail, { params })],
    ['PUT', () => p.call(ltiApi.update, { params, body: editBody() })],
    ['PUT /status', () => p.call(ltiApi.setStatus, { params, body: { status: 'disabled' } })],
    ['DELETE', () => p.call(ltiApi.remove, { params })],
    ['POST /keys/rotate', () => p.call(ltiApi.rotateKey, { params })],
  ] as const;
};

const rows = async () => ({
  integrations: Number((await t.db.select({ n: count() }).from(lmsIntegrations))[0].n),
  deployments: Number((await t.db.select({ n: count() }).from(lmsDeployments))[0].n),
  keys: Number((await t.db.select({ n: count() }).from(lmsKeyStore))[0].n),
  links: Number((await t.db.select({ n: count() }).from(ltiRegistrationLinks))[0].n),
});
const auditOf = async (action: string, entityId: number | string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

async function create(who: string, organizationId: number, over: object = {}) {
  const res = await t.as(who).call(ltiApi.create, { body: body(organizationId, over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().registration as { registrationId: number; [k: string]: unknown };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createInstitution(t.db, 'Lti Alder College');
  b = await createInstitution(t.db, 'Lti Birch University');
  c = await createInstitution(t.db, 'Lti Cedar Campus');
  d = await createInstitution(t.db, 'Lti Dogwood School');
  const reg = await createUser(t.db, 'ltireg');
  await createRole(t.db, a.id, 'Administrator', ADMIN_PERMISSIONS, [reg.id]);
  await createRole(t.db, c.id, 'Administrator', ADMIN_PERMISSIONS, [reg.id]);
  await createRole(t.db, d.id, 'Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD'], [reg.id]);
  const clerk = await createUser(t.db, 'lticlerk');
  await createRole(t.db, a.id, 'Clerk', ['CAN_ACCESS_ADMIN_DASHBOARD'], [clerk.id]);
  const breg = await createUser(t.db, 'ltibreg');
  await createRole(t.db, b.id, 'Administrator', ADMIN_PERMISSIONS, [breg.id]);
  // as the demo seed places staff: groups holding the nine permissions, at home in one institution
  const staff = await createUser(t.db, 'ltisuper', { superAdmin: true });
  await createRole(t.db, d.id, 'Staff', ADMIN_PERMISSIONS, [staff.id]);
  const internal = await createUser(t.db, 'ltiinternal');
  await addToInternalGroup(t.db, t.app.config.internalGroupId, internal.id);
});
afterAll(() => t.close());

describe('registrations list', () => {
  it('is an empty list for an institution without registrations', async () => {
    const res = await t.as('ltireg').call(ltiApi.list, { query: { organizationId: d.id } });
    // d: the registrar is a member without CAN_ACCESS_LTI_1_3_INTEGRATION there
    expect(res.statusCode).toBe(403);
    const own = await t.as('ltibreg').call(ltiApi.list, { query: { organizationId: b.id } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ registrations: [], canEdit: true });
  });

  it('answers 404 for an unknown institution (the web shows it as an empty list)', async () => {
    const res = await t.as('ltisuper').call(ltiApi.list, { query: { organizationId: 999999 } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('error.institutionNotFound');
  });

  it('is refused to internal users, who still read the LMS mapping list', async () => {
    await create('ltireg', a.id);
    const res = await t.as('ltiinternal').call(ltiApi.list, { query: { organizationId: a.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.accessDenied');
    const mapping = await t
      .as('ltiinternal')
      .call(institutionsApi.lmsMappings, { query: { organizationId: a.id } });
    expect(mapping.statusCode).toBe(200);
    expect(mapping.json().integrations.length).toBeGreaterThan(0);
  });

  it('shows last launch time and last error from the launch log', async () => {
    const reg = await create('ltireg', a.id);
    const id = reg.registrationId;
    await t.db.insert(ltiLaunchLog).values([
      {
        integrationId: id,
        at: new Date('2026-01-01T10:00:00Z'),
        result: 'refused',
        reasonCode: 'lti.nonceReused',
        sub: 's1',
      },
      {
        integrationId: id,
        at: new Date('2026-01-02T10:00:00Z'),
        result: 'accepted',
        sub: 's1',
        contextId: 'ctx-1',
        messageType: 'LtiResourceLinkRequest',
        roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      },
    ]);
    const res = await t.as('ltireg').call(ltiApi.list, { query: { organizationId: a.id } });
    const row = res.json().registrations.find((r: { registrationId: number }) => r.registrationId === id);
    expect(row.lastLaunchAt).toBe('2026-01-02T10:00:00.000Z');
    expect(row.lastError).toEqual({ reasonCode: 'lti.nonceReused', at: '2026-01-01T10:00:00.000Z' });
    expect(row.status).toBe('active');
    expect(row.canEdit).toBe(true);
  });
});

describe('add a registration by hand', () => {
  it('writes the registration, its deployments, a first tool key and an audit row; no private key answers', async () => {
    const before = await rows();
    const res = await t.as('ltireg').call(ltiApi.create, {
      body: body(a.id, {
        deployments: [{ deploymentId: 'dep-one' }, { deploymentId: 'dep-two', organizationId: c.id }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.registration).toMatchObject({
      organizationId: a.id,
      lmsKind: 'canvas',
      status: 'active',
      viaDynamicRegistration: false,
      lastLaunchAt: null,
      lastError: null,
      deployments: [
        { deploymentId: 'dep-one', organizationId: a.id, institutionName: 'Lti Alder College' },
        { deploymentId: 'dep-two', organizationId: c.id, institutionName: 'Lti Cedar Campus' },
      ],
    });
    expect(out.keys).toHaveLength(1);
    expect(out.keys[0]).toMatchObject({ alg: 'RS256', retiredAt: null, state: 'signing' });
    expect(res.body).not.toMatch(/"(d|p|q|dp|dq|qi|privateJwk)"/);
    const after = await rows();
    expect(after.integrations - before.integrations).toBe(1);
    expect(after.deployments - before.deployments).toBe(2);
    expect(after.keys - before.keys).toBe(1);
    const [audited] = await auditOf('lti.registration.create', out.registration.registrationId);
    expect(audited.institutionId).toBe(a.id);
    expect(audited.after).toMatchObject({ name: out.registration.name, status: 'active' });
    expect(JSON.stringify(audited.after)).not.toMatch(/"d"/);
    // the deployment mapped to C shows in C's list too, changeable only from A
    const inC = (await t.as('ltireg').call(ltiApi.list, { query: { organizationId: c.id } })).json();
    const seen = inC.registrations.find(
      (r: { registrationId: number }) => r.registrationId === out.registration.registrationId,
    );
    expect(seen.canEdit).toBe(false);
  });

  it('accepts http URLs on localhost only', async () => {
    const res = await t.as('ltireg').call(ltiApi.create, {
      body: body(a.id, { issuer: 'http://localhost:8081', keysetUrl: 'http://127.0.0.1:8081/jwks' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['an http issuer', { issuer: 'http://canvas.example.edu' }, 'issuer'],
    ['an auth URL that is no URL', { authLoginUrl: 'not a url' }, 'authLoginUrl'],
    ['a javascript: JWKS URL', { keysetUrl: 'javascript:alert(1)' }, 'keysetUrl'],
    ['no client id', { clientId: '' }, 'clientId'],
    ['no deployment', { deployments: [] }, 'deployments'],
    ['a deployment id twice', { deployments: [{ deploymentId: 'x' }, { deploymentId: 'x' }] }, 'deployments'],
    ['an unknown LMS kind', { lmsKind: 'webct' }, 'lmsKind'],
    ['a NUL in the name', { name: 'a\u0000b' }, 'name'],
  ])('refuses %s with 422 and writes nothing', async (_name, over, field) => {
    const before = await rows();
    const res = await t.as('ltireg').call(ltiApi.create, { body: body(a.id, over) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields ?? {}).some((f) => f.startsWith(field))).toBe(true);
    expect(await rows()).toEqual(before);
  });

  it('refuses a deployment mapped to an unknown institution (422) or to one the caller may not change (403)', async () => {
    const before = await rows();
    const unknown = await t.as('ltireg').call(ltiApi.create, {
      body: body(a.id, { deployments: [{ deploymentId: 'x', organizationId: 999999 }] }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({ 'deployments.0.organizationId': 'No such institution.' });
    const foreign = await t.as('ltireg').call(ltiApi.create, {
      body: body(a.id, { deployments: [{ deploymentId: 'y', organizationId: b.id }] }),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('error.accessDenied');
    expect(await rows()).toEqual(before);
  });

  it('refuses an issuer and client id that are registered already (409), writing nothing', async () => {
    const first = body(a.id);
    expect((await t.as('ltireg').call(ltiApi.create, { body: first })).statusCode).toBe(200);
    const before = await rows();
    const res = await t.as('ltireg').call(ltiApi.create, { body: { ...first, name: 'Again' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('error.ltiRegistrationExists');
    expect(await rows()).toEqual(before);
  });

  it('answers two simultaneous adds of one issuer and client id with one 200 and one 409', async () => {
    const same = body(a.id);
    const answers = await Promise.all([
      t.as('ltireg').call(ltiApi.create, { body: same }),
      t.as('ltireg').call(ltiApi.create, { body: { ...same, name: 'Twin' } }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const stored = await t.db
      .select()
      .from(lmsIntegrations)
      .where(and(eq(lmsIntegrations.issuer, same.issuer), eq(lmsIntegrations.clientId, same.clientId)));
    expect(stored).toHaveLength(1);
  });

  it("refuses another institution's console (403, audited) and a member without the LTI permission", async () => {
    const before = await rows();
    const res = await t.as('ltireg').call(ltiApi.create, { body: body(b.id) });
    expect(res.statusCode).toBe(403);
    const clerk = await t.as('lticlerk').call(ltiApi.create, { body: body(a.id) });
    expect(clerk.statusCode).toBe(403);
    expect(await rows()).toEqual(before);
    const denied = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.outcome, 'denied'), eq(auditLog.institutionId, b.id)));
    expect(denied.some((r) => r.action === 'POST /api/lti/registrations')).toBe(true);
  });
});

describe('one registration', () => {
  it('edits every field and its deployments, auditing before and after', async () => {
    const reg = await create('ltireg', a.id);
    const id = reg.registrationId;
    const res = await t.as('ltireg').call(ltiApi.update, {
      params: { registrationId: id },
      body: editBody({
        name: 'Renamed Canvas',
        issuer: 'https://renamed.example.edu',
        clientId: 'renamed-client',
        deployments: [{ deploymentId: 'new-dep' }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().registration).toMatchObject({
      name: 'Renamed Canvas',
      issuer: 'https://renamed.example.edu',
      deployments: [{ deploymentId: 'new-dep', organizationId: a.id }],
    });
    const stored = await t.db.select().from(lmsDeployments).where(eq(lmsDeployments.integrationId, id));
    expect(stored.map((s) => s.deploymentId)).toEqual(['new-dep']);
    const [audited] = await auditOf('lti.registration.update', id);
    expect(audited.before).toMatchObject({ name: reg.name });
    expect(audited.after).toMatchObject({ name: 'Renamed Canvas', clientId: 'renamed-client' });
  });

  it('refuses a bad edit with 422 and changes nothing', async () => {
    const reg = await create('ltireg', a.id);
    const res = await t.as('ltireg').call(ltiApi.update, {
      params: { registrationId: reg.registrationId },
      body: editBody({ authTokenUrl: 'ftp://x.example.edu' }),
    });
    expect(res.statusCode).toBe(422);
    const [row] = await t.db.select().from(lmsIntegrations).where(eq(lmsIntegrations.id, reg.registrationId));
    expect(row.name).toBe(reg.name);
  });

  it('approves a Pending registration, disables and enables it, each audited', async () => {
    const [pending] = await t.db
      .insert(lmsIntegrations)
      .values({
        institutionId: a.id,
        lmsKind: 'moodle',
        name: 'Moodle (dynamic)',
        issuer: 'https://moodle.alder.example.edu',
        clientId: 'dyn-client',
        status: 'pending',
      })
      .returning();
    await t.db
      .insert(lmsDeployments)
      .values({ integrationId: pending.id, deploymentId: '1', institutionId: a.id });
    await t.db.insert(ltiRegistrationLinks).values({
      institutionId: a.id,
      tokenHash: 'f'.repeat(64),
      expiresAt: new Date(Date.now() + 3_600_000),
      usedAt: new Date(),
      integrationId: pending.id,
    });
    const setStatus = (status: 'active' | 'disabled') =>
      t.as('ltireg').call(ltiApi.setStatus, { params: { registrationId: pending.id }, body: { status } });
    const approve = await setStatus('active');
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().registration).toMatchObject({ status: 'active', viaDynamicRegistration: true });
    const [row] = await t.db.select().from(lmsIntegrations).where(eq(lmsIntegrations.id, pending.id));
    expect(row).toMatchObject({ status: 'active', enabled: true });
    expect((await auditOf('lti.registration.approve', pending.id))[0]).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'active' },
    });
    expect((await setStatus('disabled')).json().registration.status).toBe('disabled');
    expect(await auditOf('lti.registration.disable', pending.id)).toHaveLength(1);
    expect((await setStatus('active')).statusCode).toBe(200);
    expect(await auditOf('lti.registration.enable', pending.id)).toHaveLength(1);
    expect(
      (
        await t
          .as('ltireg')
          .put(pathOf(ltiApi.setStatus, { registrationId: pending.id }), { status: 'pending' })
      ).statusCode,
    ).toBe(422);
  });

  it('rotates the tool key: the next key published now and signing after max-age, the old one signing until then', async () => {
    const reg = await create('ltireg', a.id);
    const id = reg.registrationId;
    const before = (await t.as('ltireg').call(ltiApi.detail, { params: { registrationId: id } })).json().keys;
    const res = await t.as('ltireg').call(ltiApi.rotateKey, { params: { registrationId: id } });
    expect(res.statusCode, res.body).toBe(200);
    const keys = res.json().keys;
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatchObject({ state: 'next', retiredAt: null });
    expect(keys[0].kid).not.toBe(before[0].kid);
    const signsFrom = new Date(keys[0].activatesAt).getTime();
    expect(signsFrom).toBeGreaterThan(Date.now() + 60_000);
    expect(keys[1]).toMatchObject({ kid: before[0].kid, state: 'signing' });
    expect(new Date(keys[1].retiredAt).getTime()).toBeGreaterThan(signsFrom);
    await t.db
      .update(lmsKeyStore)
      .set({ activatesAt: new Date(Date.now() - 1000) })
      .where(eq(lmsKeyStore.kid, keys[0].kid));
    const later = (await t.as('ltireg').call(ltiApi.detail, { params: { registrationId: id } })).json().keys;
    expect(later.map((k: { state: string }) => k.state)).toEqual(['signing', 'overlap']);
    expect(res.body).not.toMatch(/"(d|p|q|dp|dq|qi|privateJwk)"/);
    const [audited] = await auditOf('lti.key.rotate', id);
    expect(audited.before).toEqual([{ kid: before[0].kid, retiredAt: null }]);
    expect((audited.after as { kid: string }[]).map((k) => k.kid)).toEqual([keys[0].kid, keys[1].kid]);
    expect(JSON.stringify(audited)).not.toMatch(/"d"/);
  });

  it('approving a registration without any deployment is refused with a clear message', async () => {
    const [bare] = await t.db
      .insert(lmsIntegrations)
      .values({
        institutionId: a.id,
        lmsKind: 'moodle',
        name: 'No deployment yet',
        issuer: 'https://nodep.example.edu',
        clientId: 'nodep',
        status: 'pending',
      })
      .returning();
    const res = await t
      .as('ltireg')
      .call(ltiApi.setStatus, { params: { registrationId: bare.id }, body: { status: 'active' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'error.ltiNoDeployment' });
    const [after] = await t.db.select().from(lmsIntegrations).where(eq(lmsIntegrations.id, bare.id));
    expect(after.status).toBe('pending');
  });

  it('lists the last launches, filtered by result', async () => {
    const reg = await create('ltireg', a.id);
    const id = reg.registrationId;
    await t.db.insert(ltiLaunchLog).values(
      Array.from({ length: 105 }, (_, k) => ({
        integrationId: id,
        at: new Date(Date.UTC(2026, 0, 1, 0, k)),
        result: k % 5 === 0 ? ('refused' as const) : ('accepted' as const),
        reasonCode: k % 5 === 0 ? 'lti.kidUnknown' : null,
        deploymentId: '1',
        contextId: `ctx-${k}`,
        messageType: 'LtiResourceLinkRequest',
        roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
        sub: `sub-${k}`,
      })),
    );
    const all = (await t.as('ltireg').call(ltiApi.detail, { params: { registrationId: id } })).json();
    expect(all.launches).toHaveLength(100);
    expect(all.launches[0]).toMatchObject({ contextId: 'ctx-104', result: 'accepted', reasonCode: null });
    expect(JSON.stringify(all.launches)).not.toContain('sub-');
    const refused = (
      await t
        .as('ltireg')
        .call(ltiApi.detail, { params: { registrationId: id }, query: { result: 'refused' } })
    ).json();
    expect(refused.launches).toHaveLength(21);
    expect(refused.launches.every((l: { reasonCode: string }) => l.reasonCode === 'lti.kidUnknown')).toBe(
      true,
    );
    const maybe = await t
      .as('ltireg')
      .get(pathOf(ltiApi.detail, { registrationId: id }), { query: { result: 'maybe' } });
    expect(maybe.statusCode).toBe(422);
  });

  it('deletes a registration (audited); refuses while courses are paired through it', async () => {
    const reg = await create('ltireg', a.id);
    const id = reg.registrationId;
    const section = await createSection(t.db, { institutionId: a.id, courseName: 'Paired 101' });
    const product = await createIsbnProduct(t.db, 'Lti Product');
    const pairing = await createPairing(t.db, {
      institutionId: a.id,
      productId: product.id,
      sectionId: section.id,
      integrationId: id,
      lmsCourseId: 'lti-console-course',
      censusDuration: 10,
      freeAccessDuration: 2,
    });
    const refused = await t.as('ltireg').call(ltiApi.remove, { params: { registrationId: id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'error.ltiRegistrationHasPairings',
      description:
        '1 LMS course is paired through this registration. Disable it instead, or remove that pairing first.',
      params: { count: 1 },
    });
    expect(await t.db.select().from(lmsIntegrations).where(eq(lmsIntegrations.id, id))).toHaveLength(1);

    const other = await create('ltireg', a.id);
    const res = await t
      .as('ltireg')
      .call(ltiApi.remove, { params: { registrationId: other.registrationId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });
    expect(
      await t.db.select().from(lmsIntegrations).where(eq(lmsIntegrations.id, other.registrationId)),
    ).toEqual([]);
    expect(
      await t.db.select().from(lmsKeyStore).where(eq(lmsKeyStore.integrationId, other.registrationId)),
    ).toEqual([]);
    const [audited] = await auditOf('lti.registration.delete', other.registrationId);
    expect(audited.before).toMatchObject({ name: other.name });
    expect(pairing.id).toBeGreaterThan(0);
  });

  it("answers 404 for an unknown registration and 403 for another institution's", async () => {
    for (const [label, send] of onRegistration('ltireg', 999999)) {
      const unknown = await send();
      expect(unknown.statusCode, label).toBe(404);
      expect(unknown.json().message).toBe('error.ltiRegistrationNotFound');
    }
    const theirs = await create('ltibreg', b.id);
    const before = await rows();
    for (const [label, send] of onRegistration('ltireg', theirs.registrationId)) {
      const res = await send();
      expect(res.statusCode, label).toBe(403);
    }
    expect(await rows()).toEqual(before);
    const [row] = await t.db
      .select()
      .from(lmsIntegrations)
      .where(eq(lmsIntegrations.id, theirs.registrationId));
    expect(row.status).toBe('active');
  });
});

describe('dynamic registration links, tool URLs, Canvas developer key', () => {
  it('creates a one-time 24 h link whose token is stored only as a hash', async () => {
    const res = await t.as('ltireg').call(ltiApi.createLink, { body: { organizationId: a.id } });
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json();
    const link = new URL(url);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.app.config.publicUrl}/lti/register`);
    const token = link.searchParams.get('link')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const [row] = await t.db
      .select()
      .from(ltiRegistrationLinks)
      .where(eq(ltiRegistrationLinks.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(row).toMatchObject({ institutionId: a.id, usedAt: null, integrationId: null });
    const [audited] = await auditOf('lti.registrationLink.create', row.id);
    expect(JSON.stringify(audited)).not.toContain(token);
    const before = await rows();
    expect(
      (await t.as('ltibreg').call(ltiApi.createLink, { body: { organizationId: a.id } })).statusCode,
    ).toBe(403);
    expect((await t.as('ltireg').post(ltiApi.createLink.path, { organizationId: 'x' })).statusCode).toBe(422);
    expect(await rows()).toEqual(before);
  });

  it("gives the tool's URLs and the Canvas developer-key JSON as a download", async () => {
    const base = t.app.config.publicUrl;
    const urls = await t.as('ltireg').call(ltiApi.toolConfiguration, { query: { organizationId: a.id } });
    expect(urls.json()).toEqual({
      loginUrl: `${base}/lti/login`,
      launchUrl: `${base}/lti/launch`,
      jwksUrl: `${base}/lti/jwks`,
      deepLinkUrl: `${base}/lti/deep-link`,
      registrationUrl: `${base}/lti/register`,
    });
    const res = await t.as('ltireg').call(ltiApi.canvasConfig, { query: { organizationId: a.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toContain('canvas-developer-key.json');
    expect(res.headers['cache-control']).toBe('no-store');
    const json = res.json();
    expect(json).toMatchObject({
      title: 'Courseware',
      oidc_initiation_url: `${base}/lti/login`,
      target_link_uri: `${base}/lti/launch`,
      public_jwk_url: `${base}/lti/jwks`,
    });
    expect(json.scopes.length).toBeGreaterThan(0);
    expect(json.extensions[0].settings.placements.map((p: { placement: string }) => p.placement)).toContain(
      'link_selection',
    );
    expect(
      (await t.as('ltibreg').call(ltiApi.canvasConfig, { query: { organizationId: a.id } })).statusCode,
    ).toBe(403);
  });
});
