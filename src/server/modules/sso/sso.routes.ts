import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SsoFailure, ssoApi } from '../../../shared/contract/sso';
import { routeOptions } from '../../lib/route-options';
import { errorResponses } from '../../lib/error-responses';
import { openSession, setSessionCookies } from '../auth';
import { readBrowserCookie, setBrowserCookie } from './sso.cookie';
import {
  browserValue,
  exchangeHandoff,
  findProvider,
  finishSignIn,
  SsoRefusal,
  startSignIn,
  baseUrl,
} from './sso.service';

const tags = ['auth'];
const options = { tags, errors: errorResponses(400, 422) };
/** The start and callback redirect: no JSON answer, no error bodies. */
const redirects = { tags, errors: {} };

/** Back to the login page with the reason a provider sign-in ended without a session. */
const toLogin = (reply: FastifyReply, reason: SsoFailure) => reply.redirect(`/login?sso=${reason}`, 303);

async function refusalOr<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SsoRefusal) return toLogin(reply, err.reason);
    throw err;
  }
}

/** OpenID Connect sign-in: the providers list, start, callback, and the SPA's code exchange. */
export async function ssoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(ssoApi.providers, { tags, errors: {} }),
    config: { access: { rule: 'public', org: 'none' } },
    handler: (req) => ({
      providers: req.server.config.sso.providers.map((p) => ({ id: p.id, name: p.name })),
    }),
  });

  r.route({
    ...routeOptions(ssoApi.start, redirects, {
      summary: "Begins a provider sign-in: redirects (303) to the provider's authorization endpoint.",
    }),
    attachValidation: true,
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const provider = findProvider(req.server.config, req.params.providerId);
      if (!provider || req.validationError) return toLogin(reply, 'ssoUnknownProvider');
      const browser = browserValue(readBrowserCookie(req));
      return refusalOr(reply, async () => {
        const url = await startSignIn(req.server.db, req.server.config, provider, {
          next: req.query.next,
          browser,
          now: req.server.now(),
        });
        setBrowserCookie(reply, req.server.config, browser);
        return reply.redirect(url, 303);
      });
    },
  });

  r.route({
    ...routeOptions(ssoApi.callback, redirects, {
      summary:
        'The redirect URI: checks the answer, then redirects (303) to /login with a one-time code in the fragment, or with ?sso=<reason>.',
    }),
    attachValidation: true,
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const provider = findProvider(req.server.config, req.params.providerId);
      if (!provider) return toLogin(reply, 'ssoUnknownProvider');
      if (req.validationError) return toLogin(reply, 'ssoFailed');
      return refusalOr(reply, async () => {
        const code = await finishSignIn(req.server.db, req.server.config, provider, {
          url: new URL(req.url, `${baseUrl(req.server.config)}/`),
          state: req.query.state,
          error: req.query.error,
          browser: readBrowserCookie(req),
          now: req.server.now(),
        });
        return reply.redirect(`/login#sso=${code}`, 303);
      });
    },
  });

  r.route({
    ...routeOptions(ssoApi.exchange, options),
    config: { access: { rule: 'public', org: 'none' } },
    handler: async (req, reply) => {
      const session = await exchangeHandoff(req.server.db, openSession, {
        code: req.body.code,
        browser: readBrowserCookie(req),
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        now: req.server.now(),
      });
      setSessionCookies(reply, req.server.config, session.token);
      return session;
    },
  });
}
