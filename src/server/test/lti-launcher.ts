/**
 * Launches through the tool's real endpoints for tests: a login (GET /lti/login) for the state and
 * nonce, a token signed by the test platform, the form_post to /lti/launch, the landing page and the
 * landing page's forms. Every step is an HTTP request to the app (inject).
 */
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { type lmsIntegrations, ltiLaunchLog } from '../db/schema';
import { createInstitution } from './fixtures';
import { createTestApp, type TestApp } from './harness';
import {
  launchClaims,
  type LtiPlatform,
  type RegisterOptions,
  registerPlatform,
  type SignOptions,
  startLtiPlatform,
} from './lti-platform';
import { ltiProtocolApi } from '../../shared/contract/lti-protocol';

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

export interface Launcher {
  login(deploymentId?: string): Promise<{ state: string; nonce: string; status: number }>;
  /** Signs standard claims + `claims` for a login's nonce (a key set to undefined is dropped). */
  token(nonce: string, claims?: JWTPayload, opts?: SignOptions): Promise<string>;
  launch(form: Record<string, string | undefined>, headers?: Record<string, string>): Promise<Res>;
  /** Login + signed token + launch in one. */
  launchWith(claims?: JWTPayload, opts?: SignOptions): Promise<Res>;
  get(url: string): Promise<Res>;
  /** Posts a landing page's form (session + fields; an array repeats the field). */
  post(url: string, location: string, fields: Record<string, string | string[]>): Promise<Res>;
}

export const sessionOf = (location: string) =>
  new URL(location, 'http://x').searchParams.get('session') ?? '';

export function launcher(t: TestApp, p: LtiPlatform, clientId: string): Launcher {
  const toolUrl = t.app.config.publicUrl;
  const nowS = () => Math.floor(Date.now() / 1000);
  const l: Launcher = {
    async login(deploymentId = 'dep-1') {
      const res = await t.app.inject({
        method: 'GET',
        url: ltiProtocolApi.loginGet.path,
        query: {
          iss: p.issuer,
          login_hint: 'hint-1',
          target_link_uri: `${toolUrl}${ltiProtocolApi.launch.path}`,
          client_id: clientId,
          lti_deployment_id: deploymentId,
        },
      });
      const q = new URL((res.headers.location as string) ?? 'http://x/', 'http://x').searchParams;
      return { state: q.get('state') ?? '', nonce: q.get('nonce') ?? '', status: res.statusCode };
    },
    token(nonce, claims = {}, opts = {}) {
      const all: JWTPayload = {
        iss: p.issuer,
        aud: clientId,
        nonce,
        iat: nowS(),
        exp: nowS() + 300,
        ...launchClaims(toolUrl),
        ...claims,
      };
      for (const k of Object.keys(all)) if (all[k] === undefined) delete all[k];
      return p.sign(all, opts);
    },
    launch(form, headers = {}) {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, v);
      return t.app.inject({
        method: 'POST',
        url: ltiProtocolApi.launch.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: body.toString(),
      });
    },
    async launchWith(claims = {}, opts = {}) {
      const { state, nonce } = await l.login();
      return l.launch({ id_token: await l.token(nonce, claims, opts), state });
    },
    get: (url) => t.app.inject({ url }),
    post(url, location, fields) {
      const body = new URLSearchParams({ session: sessionOf(location) });
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body.toString(),
      });
    },
  };
  return l;
}

/** The reason code a refusal page shows (its data-reason). */
export const reasonOf = (html: string) => /data-reason="([^"]+)"/.exec(html)?.[1];

/** The newest launch-log row. */
export async function lastLaunchLog(t: TestApp) {
  const [row] = await t.db.select().from(ltiLaunchLog).orderBy(desc(ltiLaunchLog.id)).limit(1);
  return row;
}

export interface LtiWorld {
  t: TestApp;
  p: LtiPlatform;
  /** The app's own address when it listens on a port (`listen`), else ''. */
  base: string;
  institutionId: number;
  reg: typeof lmsIntegrations.$inferSelect;
  /** Launches as the registration's client. */
  l: Launcher;
  close(): Promise<void>;
}

/**
 * A test file's LTI set-up: the app (listening on a free port with `listen`, for real HTTP), the
 * test platform, an institution with the platform registered, and a launcher for that client.
 */
export async function ltiWorld(opts: {
  institution: string;
  listen?: boolean;
  registration: RegisterOptions & { clientId: string };
}): Promise<LtiWorld> {
  const t = await createTestApp();
  let base = '';
  if (opts.listen) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }
  const p = await startLtiPlatform();
  const inst = await createInstitution(t.db, opts.institution);
  const reg = await registerPlatform(t.db, p, inst.id, opts.registration);
  return {
    t,
    p,
    base,
    institutionId: inst.id,
    reg,
    l: launcher(t, p, opts.registration.clientId),
    async close() {
      await p.close();
      await t.close();
    },
  };
}
