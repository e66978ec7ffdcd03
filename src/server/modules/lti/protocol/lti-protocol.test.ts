/**
 * The LTI protocol end to end against the platform simulator: login → platform auth → launch over
 * real HTTP with the state cookie, login refusals, the tool's key set and its rotation, Dynamic
 * Registration 1.0, and the signed deep-linking response.
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  lmsDeployments,
  lmsIntegrations,
  lmsKeyStore,
  ltiLaunchLog,
  ltiOidcStates,
  ltiRegistrationLinks,
} from '../../../db/schema';
import { createOffer, createProduct } from '../../../test/course-fixtures';
import type { TestApp } from '../../../test/harness';
import { type LtiWorld, ltiWorld } from '../../../test/lti-launcher';
import { LTI, launchClaims, type LtiPlatform, ROLE, startLtiPlatform } from '../../../test/lti-platform';
import { rotateToolKey } from '../shared/lti-keys';
import { hashLinkToken } from '../shared/lti-link-token';
import { lastReregistration } from '../console/lti-reregistration';
import { ltiProtocolApi } from '../../../../shared/contract/lti-protocol';

let t: TestApp;
let p: LtiPlatform;
let base: string;
let toolUrl: string;
let instId: number;
let reg: typeof lmsIntegrations.$inferSelect;
let offerId: number;

let w: LtiWorld;
beforeAll(async () => {
  w = await ltiWorld({
    institution: 'Protocol College',
    listen: true,
    registration: { clientId: 'rt-client', deploymentIds: ['dep-1', 'dep-2'] },
  });
  ({ t, p, base, reg } = w);
  toolUrl = t.app.config.publicUrl;
  const inst = { id: w.institutionId };
  instId = inst.id;
  const product = await createProduct(t.db, 'Physics Now');
  offerId = (await createOffer(t.db, inst.id, product)).id;
});
afterAll(async () => w?.close());

const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
  redirect: 'manual' as const,
});

describe('login → platform auth → launch, over HTTP', () => {
  it('redirects to the platform with the OIDC parameters, then accepts the launch with the state cookie', async () => {
    p.authClaims = () => launchClaims(toolUrl, { roles: [ROLE.instructor], contextId: 'rt-course' });
    const loginRes = await fetch(
      `${base}${ltiProtocolApi.loginPost.path}`,
      form({
        iss: p.issuer,
        login_hint: 'rt-user',
        target_link_uri: `${toolUrl}${ltiProtocolApi.launch.path}`,
        client_id: 'rt-client',
        lti_deployment_id: 'dep-2',
        lti_message_hint: 'msg-hint',
      }),
    );
    expect(loginRes.status).toBe(302);
    const auth = new URL(loginRes.headers.get('location')!);
    expect(auth.origin + auth.pathname).toBe(p.authUrl);
    const q = auth.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: 'rt-client',
      redirect_uri: `${toolUrl}${ltiProtocolApi.launch.path}`,
      login_hint: 'rt-user',
      lti_message_hint: 'msg-hint',
    });
    const state = q.get('state')!;
    const [stored] = await t.db.select().from(ltiOidcStates).where(eq(ltiOidcStates.state, state));
    expect(stored).toMatchObject({ nonce: q.get('nonce'), integrationId: reg.id, deploymentId: 'dep-2' });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(10 * 60_000);
    const cookie = loginRes.headers.get('set-cookie')!;
    expect(cookie).toContain('SameSite=None');
    expect(cookie).toContain('Secure');

    const authRes = await fetch(auth);
    const posted = (await authRes.json()) as { action: string; id_token: string; state: string };
    expect(posted.state).toBe(state);
    const launchRes = await fetch(`${base}${ltiProtocolApi.launch.path}`, {
      ...form({ id_token: posted.id_token, state: posted.state }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: cookie.split(';')[0],
      },
    });
    expect(launchRes.status).toBe(303);
    const landing = await fetch(`${base}${launchRes.headers.get('location')}`);
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain('This course is not paired yet.');
    expect(html).toContain(`value="${offerId}"`);
    // the state is one-time
    expect(await t.db.select().from(ltiOidcStates).where(eq(ltiOidcStates.state, state))).toHaveLength(0);
  });

  it('without the cookie (blocked in the LMS frame) the server-side state still decides', async () => {
    p.authClaims = () => launchClaims(toolUrl, { roles: [ROLE.student] });
    const loginRes = await fetch(
      `${base}${ltiProtocolApi.loginGet.path}?${new URLSearchParams({ iss: p.issuer, login_hint: 'u2', target_link_uri: `${toolUrl}${ltiProtocolApi.launch.path}`, client_id: 'rt-client' })}`,
      { redirect: 'manual' },
    );
    const posted = (await (await fetch(loginRes.headers.get('location')!)).json()) as {
      id_token: string;
      state: string;
    };
    const res = await fetch(
      `${base}${ltiProtocolApi.launch.path}`,
      form({ id_token: posted.id_token, state: posted.state }),
    );
    expect(res.status).toBe(303);
  });

  it('a state cookie of another value is a state mismatch, whose page offers a new window', async () => {
    p.authClaims = () => launchClaims(toolUrl);
    const loginRes = await fetch(
      `${base}${ltiProtocolApi.loginGet.path}?${new URLSearchParams({ iss: p.issuer, login_hint: 'u3', target_link_uri: `${toolUrl}${ltiProtocolApi.launch.path}`, client_id: 'rt-client' })}`,
      { redirect: 'manual' },
    );
    const cookieName = loginRes.headers.get('set-cookie')!.split('=')[0];
    const posted = (await (await fetch(loginRes.headers.get('location')!)).json()) as {
      id_token: string;
      state: string;
    };
    const res = await fetch(`${base}${ltiProtocolApi.launch.path}`, {
      ...form({ id_token: posted.id_token, state: posted.state }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookieName}=forged` },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('data-reason="lti.stateMismatch"');
    expect(html).toContain('Continue in a new window');
  });

  it.each([
    [
      'no iss',
      { login_hint: 'x', target_link_uri: 'http://localhost:3000/lti/launch' },
      'lti.badLoginRequest',
      400,
    ],
    [
      'unknown issuer',
      {
        iss: 'https://nowhere.example',
        login_hint: 'x',
        target_link_uri: 'http://localhost:3000/lti/launch',
      },
      'lti.unknownIssuer',
      403,
    ],
    [
      'unknown deployment',
      {
        login_hint: 'x',
        target_link_uri: 'http://localhost:3000/lti/launch',
        client_id: 'rt-client',
        lti_deployment_id: 'nope',
      },
      'lti.unknownDeployment',
      403,
    ],
    [
      'target on another host',
      { login_hint: 'x', target_link_uri: 'https://evil.example/lti/launch', client_id: 'rt-client' },
      'lti.badTargetLink',
      400,
    ],
  ])('login refused: %s → %s', async (name, params: Record<string, string>, reason, status) => {
    const query = new URLSearchParams({ ...(name === 'no iss' ? {} : { iss: p.issuer }), ...params });
    const states = (await t.db.select().from(ltiOidcStates)).length;
    const res = await t.app.inject({ url: `${ltiProtocolApi.loginGet.path}?${query}` });
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(`data-reason="${reason}"`);
    const [log] = await t.db.select().from(ltiLaunchLog).orderBy(desc(ltiLaunchLog.id)).limit(1);
    expect(log).toMatchObject({ result: 'refused', reasonCode: reason });
    expect(await t.db.select().from(ltiOidcStates)).toHaveLength(states);
  });
});

describe('tool keys: /lti/jwks and rotation', () => {
  const jwks = async () =>
    (await t.app.inject({ url: ltiProtocolApi.jwks.path })).json() as { keys: Record<string, unknown>[] };

  it('lists public keys only; a rotated-out key stays until retired, then is gone', async () => {
    const [first] = await t.db.select().from(lmsKeyStore).where(eq(lmsKeyStore.integrationId, reg.id));
    let set = await jwks();
    expect(set.keys.map((k) => k.kid)).toContain(first.kid);
    for (const k of set.keys) expect(Object.keys(k).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);

    /** A whole login → platform auth → launch of a new user in course `contextId`. */
    const launch = async (contextId: string, sub: string) => {
      p.authClaims = () => launchClaims(toolUrl, { contextId, sub });
      const loginRes = await t.app.inject({
        url: `${ltiProtocolApi.loginGet.path}?${new URLSearchParams({ iss: p.issuer, login_hint: sub, target_link_uri: `${toolUrl}${ltiProtocolApi.launch.path}`, client_id: 'rt-client' })}`,
      });
      const posted = (await (await fetch(loginRes.headers.location as string)).json()) as {
        id_token: string;
        state: string;
      };
      return t.app.inject({
        method: 'POST',
        url: ltiProtocolApi.launch.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(posted).toString(),
      });
    };
    const sessionKid = (location: string) => {
      const token = new URL(location, toolUrl).searchParams.get('session')!;
      return decodeProtectedHeader(token).kid;
    };
    const lastLog = async () =>
      (await t.db.select().from(ltiLaunchLog).orderBy(desc(ltiLaunchLog.id)).limit(1))[0];

    // a launch before the rotation: its session is signed with the first key
    const before = await launch('rot-before', 'rot-user-1');
    expect(before.statusCode).toBe(303);
    expect(sessionKid(before.headers.location as string)).toBe(first.kid);
    expect(await lastLog()).toMatchObject({ result: 'accepted', reasonCode: null, contextId: 'rot-before' });

    const { kid: newKid, activatesAt } = await t.db.transaction((tx) => rotateToolKey(tx, reg.id));
    set = await jwks();
    expect(set.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([first.kid, newKid]));
    expect((await t.app.inject({ url: before.headers.location as string })).statusCode).toBe(200);
    // published first: the next key signs only once a cached key set (max-age) has expired
    const maxAge = Number(
      /max-age=(\d+)/.exec(
        String((await t.app.inject({ url: ltiProtocolApi.jwks.path })).headers['cache-control']),
      )![1],
    );
    expect(activatesAt.getTime() - Date.now()).toBeGreaterThan((maxAge - 5) * 1000);
    const during = await launch('rot-during', 'rot-user-3');
    expect(sessionKid(during.headers.location as string)).toBe(first.kid);
    await t.db
      .update(lmsKeyStore)
      .set({ activatesAt: new Date(Date.now() - 1000) })
      .where(eq(lmsKeyStore.kid, newKid));

    // a launch once the next key is active is accepted, logged, and its session is signed with it
    const after = await launch('rot-after', 'rot-user-2');
    expect(after.statusCode).toBe(303);
    expect(sessionKid(after.headers.location as string)).toBe(newKid);
    expect(await lastLog()).toMatchObject({
      result: 'accepted',
      reasonCode: null,
      contextId: 'rot-after',
      sub: 'rot-user-2',
      integrationId: reg.id,
    });
    const afterLanding = await t.app.inject({ url: after.headers.location as string });
    expect(afterLanding.statusCode).toBe(200);
    expect(afterLanding.body).toContain('This course is not paired yet.');

    await t.db
      .update(lmsKeyStore)
      .set({ retiredAt: new Date(Date.now() - 1000) })
      .where(eq(lmsKeyStore.kid, first.kid));
    set = await jwks();
    expect(set.keys.map((k) => k.kid)).not.toContain(first.kid);
    expect(set.keys.map((k) => k.kid)).toContain(newKid);
    // what the retired key signed is no longer honoured
    const stale = await t.app.inject({ url: before.headers.location as string });
    expect(stale.statusCode).toBe(401);
    expect(stale.body).toContain('data-reason="lti.sessionExpired"');
    // the tool signed it: the refusal is framed by that platform like the other launch pages
    expect(stale.headers['content-security-policy']).toContain(
      `frame-ancestors ${new URL(p.issuer).origin};`,
    );
    // while what the new key signed still is
    expect((await t.app.inject({ url: after.headers.location as string })).statusCode).toBe(200);
  });
});

describe('deep linking', () => {
  it('returns the chosen product as an LtiResourceLink in a response signed with the current tool key', async () => {
    const returnUrl = `${p.issuer}/deep-link-return`;
    p.authClaims = () => ({
      ...launchClaims(toolUrl, { roles: [ROLE.instructor] }),
      [LTI.messageType]: 'LtiDeepLinkingRequest',
      [LTI.resourceLink]: undefined,
      [LTI.deepLinkingSettings]: {
        deep_link_return_url: returnUrl,
        accept_types: ['ltiResourceLink'],
        data: 'op-42',
      },
    });
    const loginRes = await t.app.inject({
      url: `${ltiProtocolApi.loginGet.path}?${new URLSearchParams({ iss: p.issuer, login_hint: 'dl', target_link_uri: `${toolUrl}${ltiProtocolApi.launch.path}`, client_id: 'rt-client' })}`,
    });
    const posted = (await (await fetch(loginRes.headers.location as string)).json()) as {
      id_token: string;
      state: string;
    };
    const launched = await t.app.inject({
      method: 'POST',
      url: ltiProtocolApi.launch.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(posted).toString(),
    });
    expect(launched.statusCode).toBe(303);
    const landing = await t.app.inject({ url: launched.headers.location as string });
    expect(landing.body).toContain('Choose the product to add to your LMS course:');
    const session = new URL(launched.headers.location as string, toolUrl).searchParams.get('session')!;
    const res = await t.app.inject({
      method: 'POST',
      url: ltiProtocolApi.deepLink.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ session, offerId: String(offerId) }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`action="${returnUrl}"`);
    expect(res.headers['content-security-policy']).toContain(`form-action 'self' ${p.issuer}`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(res.body)![1];
    const keys = createLocalJWKSet((await t.app.inject({ url: ltiProtocolApi.jwks.path })).json());
    const { payload, protectedHeader } = await jwtVerify(jwt, keys, {
      issuer: 'rt-client',
      audience: p.issuer,
    });
    const [signing] = await t.db
      .select()
      .from(lmsKeyStore)
      .where(and(eq(lmsKeyStore.integrationId, reg.id)))
      .orderBy(lmsKeyStore.id);
    expect(protectedHeader.kid).not.toBe(signing.kid); // the first key was rotated out above
    expect(payload).toMatchObject({
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'dep-1',
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'op-42',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        { type: 'ltiResourceLink', title: 'Physics Now', url: `${toolUrl}${ltiProtocolApi.launch.path}` },
      ],
    });
  });
});

describe('dynamic registration', () => {
  async function newLink(expiresInMs = 86_400_000) {
    const token = randomBytes(32).toString('base64url');
    await t.db.insert(ltiRegistrationLinks).values({
      institutionId: instId,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(Date.now() + expiresInMs),
    });
    return token;
  }
  const register = (link: string, platform = p) =>
    t.app.inject({
      url: `${ltiProtocolApi.register.path}?${new URLSearchParams({
        link,
        openid_configuration: platform.openidConfigurationUrl,
        registration_token: platform.registrationToken,
      })}`,
    });

  it('registers with the platform and stores a Pending registration with its deployment; the link is one-time', async () => {
    const dyn = await startLtiPlatform();
    try {
      const link = await newLink();
      const res = await register(link, dyn);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('Registration received');
      expect(dyn.registrations).toHaveLength(1);
      expect(dyn.registrations[0]).toMatchObject({
        initiate_login_uri: `${toolUrl}${ltiProtocolApi.loginGet.path}`,
        redirect_uris: [`${toolUrl}${ltiProtocolApi.launch.path}`],
        jwks_uri: `${toolUrl}${ltiProtocolApi.jwks.path}`,
        response_types: ['id_token'],
      });
      const [row] = await t.db
        .select()
        .from(lmsIntegrations)
        .where(eq(lmsIntegrations.clientId, dyn.dynamicClientId));
      expect(row).toMatchObject({
        issuer: dyn.issuer,
        status: 'pending',
        enabled: false,
        institutionId: instId,
        keysetUrl: dyn.jwksUrl,
        authLoginUrl: dyn.authUrl,
        lmsKind: 'moodle',
      });
      const deps = await t.db.select().from(lmsDeployments).where(eq(lmsDeployments.integrationId, row.id));
      expect(deps.map((d) => d.deploymentId)).toEqual([dyn.dynamicDeploymentId]);
      expect(await t.db.select().from(lmsKeyStore).where(eq(lmsKeyStore.integrationId, row.id))).toHaveLength(
        1,
      );
      const [used] = await t.db
        .select()
        .from(ltiRegistrationLinks)
        .where(eq(ltiRegistrationLinks.tokenHash, hashLinkToken(link)));
      expect(used.usedAt).not.toBeNull();
      expect(used.integrationId).toBe(row.id);

      const again = await register(link, dyn);
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain('data-reason="lti.badRegistration"');
      expect(dyn.registrations).toHaveLength(1);

      // Pending: launches are refused until approved; approved (status active), they are accepted
      const sign = async () =>
        dyn.sign({
          iss: dyn.issuer,
          aud: dyn.dynamicClientId,
          nonce: randomBytes(8).toString('hex'),
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 300,
          ...launchClaims(toolUrl, { deploymentId: dyn.dynamicDeploymentId }),
        });
      const pending = await t.app.inject({
        method: 'POST',
        url: ltiProtocolApi.launch.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ id_token: await sign(), state: 'x' }).toString(),
      });
      expect(pending.body).toContain('data-reason="lti.registrationPending"');
      await t.db.update(lmsIntegrations).set({ status: 'active' }).where(eq(lmsIntegrations.id, row.id));
      dyn.authClaims = () => launchClaims(toolUrl, { deploymentId: dyn.dynamicDeploymentId });
      const loginRes = await t.app.inject({
        url: `${ltiProtocolApi.loginGet.path}?${new URLSearchParams({ iss: dyn.issuer, login_hint: 'd', target_link_uri: `${toolUrl}${ltiProtocolApi.launch.path}`, client_id: dyn.dynamicClientId })}`,
      });
      const posted = (await (await fetch(loginRes.headers.location as string)).json()) as {
        id_token: string;
        state: string;
      };
      const ok = await t.app.inject({
        method: 'POST',
        url: ltiProtocolApi.launch.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(posted).toString(),
      });
      expect(ok.statusCode).toBe(303);
    } finally {
      await dyn.close();
    }
  });

  it.each([
    ['an unknown link', async () => 'x'.repeat(43)],
    ['an expired link', () => newLink(-1000)],
  ])('refuses %s and registers nothing', async (_n, make) => {
    const before = p.registrations.length;
    const res = await register(await make());
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('data-reason="lti.badRegistration"');
    expect(p.registrations).toHaveLength(before);
  });

  it('asks the platform for the NRPS scope only (no AGS) and names the registration after the site', async () => {
    const dyn = await startLtiPlatform();
    try {
      expect((await register(await newLink(), dyn)).statusCode).toBe(200);
      const scopes = String(dyn.registrations[0].scope).split(' ');
      expect(scopes).toEqual([
        'openid',
        'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
      ]);
      const [row] = await t.db.select().from(lmsIntegrations).where(eq(lmsIntegrations.issuer, dyn.issuer));
      expect(row.name).toBe(new URL(dyn.issuer).host);
      expect(row.name).not.toContain('dynamic registration');
    } finally {
      await dyn.close();
    }
  });

  it('a registration again from the same platform (Moodle "Update") updates it, audited with what changed', async () => {
    const dyn = await startLtiPlatform();
    try {
      expect((await register(await newLink(), dyn)).statusCode).toBe(200);
      const [first] = await t.db.select().from(lmsIntegrations).where(eq(lmsIntegrations.issuer, dyn.issuer));
      await t.db
        .update(lmsIntegrations)
        .set({ status: 'active', keysetUrl: `${dyn.issuer}/old-jwks` })
        .where(eq(lmsIntegrations.id, first.id));
      dyn.dynamicDeploymentId = 'dep-added';
      const again = await register(await newLink(), dyn);
      expect(again.statusCode, again.body).toBe(200);
      const rows = await t.db.select().from(lmsIntegrations).where(eq(lmsIntegrations.issuer, dyn.issuer));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first.id, status: 'active', keysetUrl: dyn.jwksUrl });
      const deps = await t.db.select().from(lmsDeployments).where(eq(lmsDeployments.integrationId, first.id));
      expect(deps.map((d) => d.deploymentId).sort()).toEqual(['dep-added', first.deploymentId].sort());
      const [audited] = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'lti.registration.reregister'), eq(auditLog.entityId, String(first.id))),
        );
      expect(audited.before).toEqual({ keysetUrl: `${dyn.issuer}/old-jwks` });
      expect(audited.after).toEqual({ keysetUrl: dyn.jwksUrl, addedDeployment: 'dep-added' });
      // the console's registration drawer shows what changed, read from that audit row
      expect(await lastReregistration(t.db, first.id)).toEqual({
        at: audited.at.toISOString(),
        changes: [
          { field: 'keysetUrl', before: `${dyn.issuer}/old-jwks`, after: dyn.jwksUrl },
          { field: 'addedDeployment', before: null, after: 'dep-added' },
        ],
      });
    } finally {
      await dyn.close();
    }
  });

  it('a refusal is framed by the registering platform and tells the LMS administrator what to do', async () => {
    const res = await register('y'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${new URL(p.issuer).origin};`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain('This LMS registration could not be completed');
    expect(res.body).toContain('create a new registration link');
    const fr = await t.app.inject({
      url: `${ltiProtocolApi.register.path}?${new URLSearchParams({ link: 'y'.repeat(43), openid_configuration: p.openidConfigurationUrl })}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(fr.body).toContain('Cet enregistrement LMS n&#39;a pas pu être effectué');
  });

  it('refuses a configuration whose issuer is on another host than the configuration URL', async () => {
    const link = await newLink();
    const res = await t.app.inject({
      url: `${ltiProtocolApi.register.path}?${new URLSearchParams({ link, openid_configuration: `${p.issuer.replace('127.0.0.1', 'localhost')}/.well-known/openid-configuration` })}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('data-reason="lti.badRegistration"');
  });
});

describe('odd input', () => {
  const form = 'application/x-www-form-urlencoded';
  const jwtOf = (header: object, payload: object) =>
    `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.x`;
  it.each([
    ['login with a repeated iss', { url: '/lti/login?iss=a&iss=b&login_hint=x&target_link_uri=y' }, 400],
    [
      'login with a JSON number iss',
      { method: 'POST', url: ltiProtocolApi.loginPost.path, payload: { iss: 5 } },
      400,
    ],
    [
      'launch with a JSON array body',
      { method: 'POST', url: ltiProtocolApi.launch.path, payload: [1, 2] },
      400,
    ],
    [
      'launch with a three-part non-JWT',
      {
        method: 'POST',
        url: ltiProtocolApi.launch.path,
        headers: { 'content-type': form },
        payload: 'id_token=a.b.c&state=1',
      },
      400,
    ],
    [
      'launch whose iss is an object',
      {
        method: 'POST',
        url: ltiProtocolApi.launch.path,
        headers: { 'content-type': form },
        payload: `id_token=${jwtOf({ alg: 'RS256', kid: 'k' }, { iss: { a: 1 }, aud: [1, 2] })}`,
      },
      400,
    ],
    [
      'launch from an unknown issuer with a bad signature',
      {
        method: 'POST',
        url: ltiProtocolApi.launch.path,
        headers: { 'content-type': form },
        payload: `id_token=${jwtOf({ alg: 'RS256', kid: 'k' }, { iss: 'https://x.example', aud: 'c' })}`,
      },
      403,
    ],
    [
      'landing with a session of another algorithm',
      { url: `${ltiProtocolApi.landing.path}?session=${jwtOf({ alg: 'HS512', kid: 1 }, {})}` },
      401,
    ],
    [
      'pair with a non-numeric offer and no session',
      {
        method: 'POST',
        url: ltiProtocolApi.pair.path,
        headers: { 'content-type': form },
        payload: 'session=x&offerId=abc',
      },
      401,
    ],
    ['deep link without a session', { method: 'POST', url: ltiProtocolApi.deepLink.path, payload: {} }, 401],
    ['register without a link', { url: ltiProtocolApi.register.path }, 400],
    [
      'register with a file: configuration URL',
      {
        url: `${ltiProtocolApi.register.path}?link=${'a'.repeat(43)}&openid_configuration=file:///etc/passwd`,
      },
      400,
    ],
  ] as const)('%s → %i with a reason page', async (_n, req, status) => {
    const res = await t.app.inject(req as unknown as InjectOptions);
    expect(res.statusCode).toBe(status);
    expect(res.body).toMatch(/data-reason="lti\.\w+"/);
  });
});
