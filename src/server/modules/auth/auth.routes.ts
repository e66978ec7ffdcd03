import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppConfigResponse,
  CapabilitiesResponse,
  LoginBody,
  LoginResponse,
  RefreshResponse,
  SessionResponse,
} from '../../../shared/contract/auth';
import { OrganizationQuery } from '../../../shared/contract/common';
import { LogoutResponse } from '../../../shared/contract/sso';
import { LOCALES } from '../../../shared/constants';
import { actorOf } from '../../plugins/access';
import { login, logout, refresh } from './auth.service';
import { warnWhenProxiedWithoutTrust } from './proxy-warning';
import { clearSessionCookies, setSessionCookies } from './session-cookie';
import { capabilitiesWithTabs, sessionData } from './session.service';
import { errorResponses } from '../../lib/error-responses';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

const errors = errorResponses(401, 403, 422, 429);

export interface AuthRoutesOptions {
  /** Where a signed-out browser goes to end its OpenID Connect provider's session too (the SSO feature's). */
  endSessionUrl?: (db: Db, config: Config, sessionId: string) => Promise<string | undefined>;
}

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  warnWhenProxiedWithoutTrust(app);

  r.post('/api/auth/login', {
    schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginResponse, ...errors } },
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const session = await login(
        req.server.db,
        { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] },
        req.server.config.sso.localAccounts,
      ).catch((err) => {
        req.server.metrics.loginRefused(err);
        throw err;
      });
      setSessionCookies(reply, req.server.config, session.token);
      return session;
    },
  });

  r.post('/api/auth/refresh', {
    schema: { tags: ['auth'], response: { 200: RefreshResponse, ...errors } },
    config: { access: { rule: 'authenticated', org: 'none', actAs: 'exempt' } },
    handler: (req) => {
      const s = req.authSession!;
      return refresh(
        req.server.db,
        { sessionId: s.sessionId, token: s.token, userId: s.user.id, createdAt: s.createdAt },
        req.server.config.sessionMaxHours,
      );
    },
  });

  r.post('/api/auth/logout', {
    schema: { tags: ['auth'], response: { 200: LogoutResponse, ...errors } },
    config: { access: { rule: 'authenticated', org: 'none', actAs: 'exempt' } },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const endSessionUrl = await opts.endSessionUrl?.(req.server.db, req.server.config, actor.sessionId);
      await logout(req.server.db, actor);
      clearSessionCookies(reply, req.server.config);
      return { status: 'OK' as const, endSessionUrl };
    },
  });

  r.get('/api/auth/session', {
    schema: { tags: ['auth'], response: { 200: SessionResponse, ...errors } },
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => sessionData(req.server.db, req.server.config, req.authSession!),
  });

  r.get('/api/auth/capabilities', {
    schema: {
      tags: ['auth'],
      querystring: OrganizationQuery,
      response: { 200: CapabilitiesResponse, ...errors },
    },
    config: { access: { rule: 'authenticated', org: 'query' } },
    handler: (req) => {
      const actor = actorOf(req);
      return capabilitiesWithTabs(actor.caps, req.query.organizationId);
    },
  });

  r.get('/api/app/config', {
    schema: { tags: ['app'], response: { 200: AppConfigResponse } },
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => ({
      env: req.server.config.appEnv,
      urls: req.server.config.urls,
      locales: [...LOCALES],
    }),
  });
}
