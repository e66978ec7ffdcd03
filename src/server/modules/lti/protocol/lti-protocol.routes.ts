/**
 * The LTI 1.3 protocol endpoints (/lti/*). They are outside the /api access rules: the platform's
 * signed id_token (or the launch session signed by the tool) authenticates them. The form-body
 * parser is registered in this plugin only, so form_post reaches /lti routes and nothing else.
 *
 * Each route parses, calls the launch service (or the landing, deep-link, registration code) and
 * answers with a page (lti-pages.ts). A body or query that fails its schema is read as empty: the
 * answer is then the refusal page with its reason code, never a bare 400.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type LtiLaunchBody,
  type LtiLoginFields,
  type LtiRegisterQuery,
  type LtiSessionForm,
  ltiProtocolApi as lti,
} from '../../../../shared/contract/lti-protocol';
import type { RouteSpec } from '../../../../shared/contract/route';
import { routeOptions } from '../../../lib/route-options';
import { ltiAssetRoutes } from './lti-assets';
import { deepLinkResponse } from './lti-deep-link';
import { allowFraming, pickLang, texts } from './lti-frame';
import { toolJwks } from './lti-jwks';
import { pairFromLaunch } from './lti-landing';
import { launch, login, type ProtocolRequest } from './lti-launch.service';
import { createLtiKeyCache, type LtiKeyCache } from './lti-key-cache';
import { createRefusalThrottle, type RefusalThrottle } from './lti-log-throttle';
import { refusalPage, sendDeepLinkForm, sendLanding, sendRegistered, sessionOrRefusal } from './lti-pages';
import { LtiRefusal } from './lti-reasons';
import { dynamicRegistration, registeringOrigins, sendRegistrationRefusal } from './lti-register-page';
import { JWKS_MAX_AGE_SECONDS } from '../shared/lti-keys';

/**
 * Method, URL and schema of a protocol route, with its OpenAPI summary and no bearer token (the
 * id_token or the launch session authenticates). No response schema: the answers are pages,
 * redirects and the JWKS.
 */
function protocolRoute<const D extends RouteSpec>(route: D, summary: string) {
  return routeOptions(route, { tags: ['lti'], errors: {} }, { security: [], summary });
}

/** The state cookie: back to /lti/launch only, from the platform's cross-site form_post. */
const STATE_COOKIE = { path: '/lti', maxAge: 600, httpOnly: true, secure: true, sameSite: 'none' } as const;

/** The request's fields, or none when they failed their schema (the service refuses them by reason). */
const fieldsOf = <T>(req: FastifyRequest, value: unknown) => (req.validationError ? {} : (value ?? {})) as T;

export async function ltiProtocolRoutes(app: FastifyInstance) {
  // Per app instance: the refused-launch log throttle (see lti-log-throttle.ts) and the key caches.
  const own: Own = { throttle: createRefusalThrottle(), keys: createLtiKeyCache() };
  await app.register(async (r) => {
    await r.register(formbody, { bodyLimit: 64 * 1024 });
    launchRoutes(r, own);
    landingRoutes(r, own.keys);
    registrationRoutes(r);
    ltiAssetRoutes(r);
  });
}

/** What the plugin owns for its app instance. */
interface Own {
  throttle: RefusalThrottle;
  keys: LtiKeyCache;
}

function protocolRequest(req: FastifyRequest, { throttle, keys }: Own): ProtocolRequest {
  return {
    db: req.server.db,
    now: req.server.now(),
    publicUrl: req.server.config.publicUrl,
    address: req.ip,
    acceptLanguage: req.headers['accept-language'],
    throttle,
    keys,
  };
}

function launchRoutes(r: FastifyInstance, own: Own) {
  const loginHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    // read even when a field failed its schema: the login's checks refuse it by reason
    const params = ((req.method === 'GET' ? req.query : req.body) ?? {}) as LtiLoginFields;
    const res = await login(protocolRequest(req, own), params);
    if (res.kind === 'refused') return refusalPage(req, reply, res);
    reply.setCookie(res.cookie, res.state, STATE_COOKIE);
    return reply.code(302).header('location', res.location).send();
  };
  const loginDoc = 'LTI 1.3 third-party initiated login: redirects to the platform auth endpoint (302).';
  const attachValidation = true;
  r.route({ ...protocolRoute(lti.loginGet, loginDoc), attachValidation, handler: loginHandler });
  r.route({ ...protocolRoute(lti.loginPost, loginDoc), attachValidation, handler: loginHandler });

  r.route({
    ...protocolRoute(
      lti.launch,
      'LTI 1.3 launch (form_post): 303 to the landing page, or 400/401/403 with a reason code page.',
    ),
    attachValidation,
    handler: async (req, reply) => {
      const res = await launch(
        protocolRequest(req, own),
        fieldsOf<LtiLaunchBody>(req, req.body),
        req.cookies,
      );
      if (res.kind === 'refused') return refusalPage(req, reply, res);
      if (res.clearCookie) reply.clearCookie(res.clearCookie, STATE_COOKIE);
      allowFraming(reply, res.frameOrigins);
      return reply.code(303).header('location', res.location).send();
    },
  });

  r.route({
    ...protocolRoute(lti.jwks, "The tool's public keys (JWKS): active and not yet retired."),
    handler: async (req, reply) => {
      reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
      return toolJwks(req.server.db, req.server.now());
    },
  });
}

function landingRoutes(r: FastifyInstance, keys: LtiKeyCache) {
  r.route({
    ...protocolRoute(lti.landing, 'Landing page of an accepted launch (HTML).'),
    handler: async (req, reply) => {
      const token = (req.query as { session?: string }).session;
      const session = await sessionOrRefusal(req, reply, keys, token);
      return session ? sendLanding(req, reply, session, token as string) : reply;
    },
  });

  r.route({
    ...protocolRoute(lti.pair, "Instructor pairs the launch's LMS course with an active offer."),
    attachValidation: true,
    handler: async (req, reply) => {
      const body = fieldsOf<LtiSessionForm>(req, req.body);
      const session = await sessionOrRefusal(req, reply, keys, body.session);
      if (!session) return reply;
      const offerId = typeof body.offerId === 'string' ? Number(body.offerId) : Number.NaN;
      const outcome = await pairFromLaunch(req.server.db, session, offerId, req.server.now());
      const t = texts(session.lang);
      if (outcome === 'refused') reply.code(403);
      const notice =
        outcome === 'refused'
          ? { text: t.pairRefused, alert: true }
          : outcome === 'paired'
            ? { text: t.pairedDone }
            : undefined;
      return sendLanding(req, reply, session, body.session as string, notice);
    },
  });

  r.route({
    ...protocolRoute(
      lti.deepLink,
      "Returns the instructor's choice to the platform as a signed LtiDeepLinkingResponse (auto-submitting form).",
    ),
    attachValidation: true,
    handler: async (req, reply) => {
      const body = fieldsOf<LtiSessionForm>(req, req.body);
      const session = await sessionOrRefusal(req, reply, keys, body.session);
      if (!session) return reply;
      const offerIds = [body.offerId ?? []].flat().map(Number);
      const ctx = { now: req.server.now(), publicUrl: req.server.config.publicUrl, keys };
      const res = await deepLinkResponse(req.server.db, session, offerIds, ctx);
      if (!res) return sendLanding(req, reply, session, body.session as string);
      return sendDeepLinkForm(req, reply, session, res);
    },
  });
}

function registrationRoutes(r: FastifyInstance) {
  r.route({
    ...protocolRoute(lti.register, 'LTI Dynamic Registration 1.0 through a one-time link.'),
    attachValidation: true,
    handler: async (req, reply) => {
      const q = fieldsOf<LtiRegisterQuery>(req, req.query);
      const lang = pickLang(undefined, req.headers['accept-language']);
      // the platform shows the registration page in a frame or a window: frame-ancestors its
      // origin, for the answer and for a refusal alike (a refusal an LMS administrator can read)
      const origins = registeringOrigins(q.openid_configuration);
      try {
        await dynamicRegistration(req.server.db, q, {
          now: req.server.now(),
          publicUrl: req.server.config.publicUrl,
        });
      } catch (err) {
        if (!(err instanceof LtiRefusal)) throw err;
        req.log.info({ lti: err.code, detail: err.message }, 'LTI dynamic registration refused');
        return sendRegistrationRefusal(reply, err, lang, origins);
      }
      return sendRegistered(reply, lang, origins);
    },
  });
}
