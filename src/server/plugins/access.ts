import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Rule } from '../../shared/permissions';
import type { Db } from '../db/client';
import type { Actor } from '../lib/actor';
import { AppError, accessDenied } from '../lib/app-error';
import { audit } from '../lib/audit';
import { capabilities } from '../lib/capabilities';
import { SESSION_COOKIE } from '../../shared/session-cookies';
import type { ActingAs } from '../lib/session/acting';
import { authenticate, type SessionUser } from '../lib/session/authenticate';
import { assertSameSiteRequest, readCookie } from '../lib/session/session-cookie';
import { namedOrg, type OrgResolver } from './entity-org';

export { entityOrg, entityOrgList, entityOrgs } from './entity-org';

/**
 * Where a route finds the institution it touches: the `organizationId` field of the query, params
 * or body, none, or `entityOrg(kind, from, field)` for an id of an entity of that institution.
 */
export type OrgSource = 'none' | 'query' | 'params' | 'body' | OrgResolver;

/** Every /api route declares this in `config.access`: the capability rule and the institution scope. */
export interface RouteAccess {
  rule: Rule | 'public';
  org: OrgSource;
  /**
   * Under act-as: 'exempt' lets a write through a read-only act-as (stop, refresh,
   * logout); 'start' refuses the call as nesting; 'read' declares a POST that only reads (a search
   * with its criteria in the body), which a read-only act-as allows.
   */
  actAs?: 'exempt' | 'start' | 'read';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    actor?: Actor;
    authSession?: SessionUser;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes declared so far, for the route-declaration test and the docs. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access?: RouteAccess;
}

/** /api routes that declare no capability (the docs viewer is exempt). */
export function undeclaredRoutes(routes: DeclaredRoute[]) {
  return routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.access);
}

export function registerAccessControl(app: FastifyInstance, routes: DeclaredRoute[]) {
  app.decorateRequest('actor', undefined);
  app.decorateRequest('authSession', undefined);
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: opts.url, access: opts.config?.access });
    }
  });

  // Who is asking is settled before the body is validated, so a stranger gets 401 whatever they send.
  app.addHook('preValidation', async (request) => {
    const access = declaredAccess(request);
    if (access === undefined) throw accessDenied('This route declares no capability.'); // fail closed
    if (access === null || access.rule === 'public') return;
    const { config } = request.server;
    // a header (API clients) is taken as is: no other site can make a browser send one
    const header = tokenOf(request);
    const cookie = header ? undefined : readCookie(request, SESSION_COOKIE);
    if (cookie && MUTATING.has(request.method)) assertSameSiteRequest(request, config, cookie);
    const session = await authenticate(request.server.db, header ?? cookie, config.sessionMaxHours);
    if (!session)
      throw new AppError('error.unauthenticated', 'Your session has ended. Please sign in again.');
    request.authSession = session;
  });

  // What they may do depends on the institution named in the validated input.
  app.addHook('preHandler', async (request) => {
    const access = declaredAccess(request);
    if (access === null) return;
    if (!access) throw accessDenied('This route declares no capability.'); // fail closed
    if (access.rule === 'public') return;
    const url = request.routeOptions.url ?? '';
    const session = request.authSession;
    if (!session) throw new AppError('error.unauthenticated');
    const organizationId = await resolveOrg(access.org, request, request.server.db);
    const caps = await capabilities(request.server.db, session.user, organizationId, session.groups);
    const actor = actorOfSession(session, caps, organizationId, request.id);
    request.actor = actor;
    if (session.acting) refuseUnderActAs(request, access, organizationId, session.acting);
    if (!can(caps, access.rule)) {
      // under act-as the onSend hook below writes the request's one audit row
      if (MUTATING.has(request.method) && !session.acting) {
        await audit(request.server.db, actor, {
          action: `${request.method} ${url}`,
          entityType: 'route',
          entityId: url,
          institutionId: organizationId,
          outcome: 'denied',
        });
      }
      throw accessDenied();
    }
    if (typeof access.org === 'function') await access.org.confirm?.(request, request.server.db);
  });

  // Act-as: every request under act-as leaves one audit row naming both identities,
  // written before the answer leaves (so a client that reads the log next finds it).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.authSession?.acting) return done(null, payload);
    auditActAs(request, reply).then(() => done(null, payload), done);
  });
}

/** The act-as request's audit row; a failure to write it is logged, the answer still leaves. */
async function auditActAs(request: FastifyRequest, reply: FastifyReply) {
  const acting = request.authSession!.acting!;
  const status = reply.statusCode;
  try {
    await audit(
      request.server.db,
      { userId: request.authSession!.user.id, realUserId: acting.realUser.id, requestId: request.id },
      {
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        entityType: 'actAs.request',
        entityId: request.url.slice(0, 500),
        institutionId: request.actor?.organizationId ?? acting.organizationId,
        outcome: status < 400 ? 'ok' : status === 401 || status === 403 ? 'denied' : 'failed',
      },
    );
  } catch (err) {
    request.log.error({ err }, 'act-as audit row not written');
  }
}

/** The actor a route sees: the session's user (the acted-as one under act-as) with its capabilities here. */
function actorOfSession(
  session: SessionUser,
  caps: Actor['caps'],
  organizationId: number | undefined,
  requestId: string,
): Actor {
  return {
    ...(session.acting ? { realUserId: session.acting.realUser.id } : {}),
    userId: session.user.id,
    username: session.user.username,
    superAdmin: session.user.superAdmin,
    associateSuperAdmin: session.user.associateSuperAdmin,
    nasupport: session.user.nasupport,
    internalUser: caps.internalUser,
    organizationId,
    caps,
    sessionId: session.sessionId,
    requestId,
  };
}

/**
 * The limits of act-as: no nesting, only the institution acted in, and no writes unless a super
 * admin allowed them at start (stop, refresh and logout always pass).
 */
function refuseUnderActAs(
  request: FastifyRequest,
  access: RouteAccess,
  organizationId: number | undefined,
  acting: ActingAs,
) {
  if (access.actAs === 'start') {
    throw new AppError('error.actAsNested', 'You are already acting as another user. Stop first.');
  }
  if (organizationId !== undefined && organizationId !== acting.organizationId) {
    throw new AppError(
      'error.actAsOtherInstitution',
      'While acting as another user, only the institution you act in can be reached.',
    );
  }
  const passes = access.actAs === 'exempt' || (access.actAs === 'read' && request.method === 'POST');
  if (MUTATING.has(request.method) && !acting.allowWrites && !passes) {
    throw new AppError(
      'error.actAsReadOnly',
      'You are acting as another user in read-only mode: changes are not allowed.',
    );
  }
}

/** The route's declaration; null for routes outside the access rules (non-/api, the docs viewer). */
function declaredAccess(request: FastifyRequest): RouteAccess | undefined | null {
  const url = request.routeOptions.url ?? '';
  if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return null;
  return request.routeOptions.config.access;
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers.authorization ?? request.headers['x-authorization'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(value.trim());
  return (m ? m[1] : value).trim() || undefined;
}

async function resolveOrg(source: OrgSource, request: FastifyRequest, db: Db): Promise<number | undefined> {
  if (source === 'none') return undefined;
  if (typeof source === 'function') return source(request, db);
  return namedOrg(request, source);
}

/** The actor of an authenticated route (set by the access hook). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('error.unauthenticated');
  return request.actor;
}
