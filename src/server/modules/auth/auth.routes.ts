import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authApi, type LoginSecondStep } from '../../../shared/contract/auth';
import type { z } from 'zod';
import { LOCALES } from '../../../shared/constants';
import { actorOf } from '../../plugins/access';
import { checkPassword, logout, openSession, type PasswordUser, refresh } from './auth.service';
import { warnWhenProxiedWithoutTrust } from './proxy-warning';
import { clearSessionCookies, setSessionCookies } from '../../lib/session/session-cookie';
import { capabilitiesWithTabs, sessionData } from './session.service';
import { routeOptions } from '../../lib/route-options';
import { errorResponses } from '../../lib/error-responses';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

const options = { tags: ['auth'], errors: errorResponses(401, 403, 422, 429) };

export interface AuthRoutesOptions {
  /** Where a signed-out browser goes to end its OpenID Connect provider's session too (the SSO feature's). */
  endSessionUrl?: (db: Db, config: Config, sessionId: string) => Promise<string | undefined>;
  /** The second step due after a correct password (two-step sign-in), or null: a session now. */
  secondStep?: SecondStep;
}

export type SecondStep = (
  db: Db,
  config: Config,
  user: PasswordUser,
) => Promise<z.infer<typeof LoginSecondStep> | null>;

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  warnWhenProxiedWithoutTrust(app);

  r.route({
    ...routeOptions(authApi.login, options, {
      description:
        'Password sign-in: the session, or (`step`) the second step due for an account with two-step sign-in (a code) or that must set it up first (provider staff in production).',
    }),
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const { db, config } = req.server;
      const client = { ip: req.ip, userAgent: req.headers['user-agent'] };
      const user = await checkPassword(db, { ...req.body, ...client }, config.sso.localAccounts).catch(
        (err) => {
          req.server.metrics.loginRefused(err);
          throw err;
        },
      );
      const step = await opts.secondStep?.(db, config, user);
      if (step) return step;
      const session = await openSession(db, { userId: user.id, ...client });
      setSessionCookies(reply, config, session.token);
      return session;
    },
  });

  r.route({
    ...routeOptions(authApi.refresh, options),
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

  r.route({
    ...routeOptions(authApi.logout, options),
    config: { access: { rule: 'authenticated', org: 'none', actAs: 'exempt' } },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const endSessionUrl = await opts.endSessionUrl?.(req.server.db, req.server.config, actor.sessionId);
      await logout(req.server.db, actor);
      clearSessionCookies(reply, req.server.config);
      return { status: 'OK' as const, endSessionUrl };
    },
  });

  r.route({
    ...routeOptions(authApi.session, options),
    config: { access: { rule: 'authenticated', org: 'none' } },
    handler: (req) => sessionData(req.server.db, req.server.config, req.authSession!),
  });

  r.route({
    ...routeOptions(authApi.capabilities, options),
    config: { access: { rule: 'authenticated', org: 'query' } },
    handler: (req) => {
      const actor = actorOf(req);
      return capabilitiesWithTabs(actor.caps, req.query.organizationId);
    },
  });

  r.route({
    ...routeOptions(authApi.appConfig, { tags: ['app'], errors: {} }),
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => ({
      env: req.server.config.appEnv,
      urls: req.server.config.urls,
      locales: [...LOCALES],
    }),
  });
}
