/**
 * The LTI 1.3 protocol endpoints (/lti/*). They are outside the /api access rules: the platform's
 * signed id_token (or the launch session signed by the tool) authenticates them. The form-body
 * parser is registered in this plugin only, so form_post reaches /lti routes and nothing else.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  allowFraming,
  esc,
  launchOrigins,
  page,
  pickLang,
  platformOrigins,
  sendRefusal,
  texts,
} from './lti-frame';
import { choiceOfClaims } from './lti-choice';
import { deepLinkAccepts, deepLinkResponse } from './lti-deep-link';
import { toolJwks } from './lti-jwks';
import { JWKS_MAX_AGE_SECONDS } from './lti-keys';
import { type Notice, pairFromLaunch, landingBody, registrationOrigins } from './lti-landing';
import {
  acceptLaunch,
  CLAIM,
  consumeNonceAndState,
  emptyFacts,
  type LaunchFacts,
  logLaunch,
  sweepExpired,
  validateLaunch,
} from './lti-launch';
import { type LoginParams, startLogin, stateCookie } from './lti-login';
import { mayLogRefusal } from './lti-log-throttle';
import { LtiRefusal, refuse } from './lti-reasons';
import { dynamicRegistration, registeringOrigins, sendRegistrationRefusal } from './lti-register-page';

import { recordNrpsClaim } from './lti-roster-sync';
import { expiredSessionOf, type LaunchSession, readSession, signSession } from './lti-session';

/** OpenAPI: the lti tag; no bearer token (the id_token or the launch session authenticates). */
const tags = ['lti'];
const s = () => z.string().max(20_000);

const LoginFields = z.looseObject({
  iss: s().optional().describe('Issuer of the platform (registration issuer).'),
  login_hint: s()
    .optional()
    .describe('Opaque user hint from the platform, passed back to its auth endpoint.'),
  target_link_uri: s().optional().describe('Where the launch should land; must be on this tool.'),
  lti_message_hint: s().optional().describe('Opaque message hint from the platform, passed back unchanged.'),
  client_id: s().optional().describe('Client id of the registration (several registrations per issuer).'),
  lti_deployment_id: s().optional().describe('Deployment the launch comes from.'),
});
const LaunchBody = z.looseObject({
  id_token: s().optional().describe('The platform-signed id_token (JWT, RS256).'),
  state: s().optional().describe('The state this tool issued at login.'),
});
const SessionForm = z.looseObject({
  session: s().optional().describe('Launch session token from the landing page.'),
  offerId: z
    .union([s(), z.array(s()).max(50)])
    .optional()
    .describe('Chosen offer id (deep linking with accept_multiple: one or more).'),
});
const SessionQuery = z.looseObject({
  session: s().optional().describe('Launch session token issued by an accepted launch.'),
});
const RegisterQuery = z.looseObject({
  link: s().optional().describe('One-time dynamic-registration link token of the institution (24 h).'),
  openid_configuration: s().optional().describe("URL of the platform's OpenID configuration."),
  registration_token: s().optional().describe("Token for the platform's registration endpoint."),
});

const CLOSE_JS = `(function(){var m={subject:'org.imsglobal.lti.close'};try{(window.opener||window.parent).postMessage(m,'*')}catch(e){}})();`;
/** Asks the LMS frame to fit the page (lti.frameResize, understood by Moodle and Canvas) when its height changes. */
const RESIZE_JS = `(function(){if(window.parent===window)return;var last=0;function send(){var h=Math.ceil(document.documentElement.scrollHeight);if(h===last)return;last=h;try{window.parent.postMessage({subject:'lti.frameResize',height:h},'*')}catch(e){}}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',send);else send();window.addEventListener('load',send);window.addEventListener('resize',send);})();`;
const SUBMIT_JS = `document.addEventListener('DOMContentLoaded',function(){var f=document.querySelector('form[data-autosubmit]');if(f)f.submit();});`;

function ctxOf(req: FastifyRequest) {
  return { now: req.server.now(), publicUrl: req.server.config.publicUrl };
}

function cookies(req: FastifyRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

/** Refusal of a launch or login: its log row, then the friendly page framed by the platform only. */
async function refused(
  req: FastifyRequest,
  reply: FastifyReply,
  err: unknown,
  facts: LaunchFacts,
  opts: { logged?: boolean } = {},
) {
  if (!(err instanceof LtiRefusal)) throw err;
  const now = req.server.now();
  if (!opts.logged && mayLogRefusal(req.ip, Date.now())) await logLaunch(req.server.db, now, facts, err.code);
  req.log.info(
    { lti: err.code, detail: err.message, integrationId: facts.integrationId, clientId: facts.clientId },
    'LTI launch refused',
  );
  const origins = platformOrigins(facts.registration);
  return sendRefusal(req, reply, err, {
    lang: pickLang(facts.locale, req.headers['accept-language']),
    origins,
    newWindowUrl: courseUrl(facts, origins),
  });
}

/**
 * Where "continue in a new window" goes: the LMS course the launch came from (its verified
 * return_url, on the platform's own host or https), else the platform itself.
 */
function courseUrl(facts: LaunchFacts, origins: string[]): string | null {
  if (facts.returnUrl) {
    try {
      const url = new URL(facts.returnUrl);
      if (origins.includes(url.origin) || url.protocol === 'https:') return url.toString();
    } catch {
      // not a URL: the platform's address below
    }
  }
  return facts.registration?.issuer ?? null;
}

async function sessionOf(req: FastifyRequest, reply: FastifyReply, token: unknown) {
  try {
    return await readSession(req.server.db, token, req.server.now());
  } catch (err) {
    if (!(err instanceof LtiRefusal)) throw err;
    // framed by the LMS whose launch the token was, when its signature says which; without a token
    // (or with a forged one) the platform cannot be known and the page stays unframeable
    const known = await expiredSessionOf(req.server.db, token);
    await sendRefusal(
      req,
      reply,
      err,
      known
        ? {
            lang: known.lang,
            origins: [
              ...platformOrigins(await registrationOrigins(req.server.db, known.reg)),
              ...(known.fo ?? []),
            ],
          }
        : {},
    );
    return null;
  }
}

async function sendLanding(
  req: FastifyRequest,
  reply: FastifyReply,
  session: LaunchSession,
  token: string,
  notice?: Notice,
) {
  const body = await landingBody(req.server.db, session, token, req.server.now(), notice);
  allowFraming(reply, [
    ...platformOrigins(await registrationOrigins(req.server.db, session.reg)),
    ...(session.fo ?? []),
  ]);
  return reply
    .type('text/html; charset=utf-8')
    .send(page(session.lang, texts(session.lang).landingTitle, body));
}

let lastSweep = 0;

export async function ltiProtocolRoutes(app: FastifyInstance) {
  await app.register(async (r) => {
    await r.register(formbody, { bodyLimit: 64 * 1024 });

    const login = async (req: FastifyRequest, reply: FastifyReply) => {
      const params = (req.method === 'GET' ? req.query : req.body) as LoginParams;
      const facts = emptyFacts();
      try {
        const { location, state } = await startLogin(req.server.db, params ?? {}, ctxOf(req), facts);
        const now = Date.now();
        if (now - lastSweep > 60_000) {
          lastSweep = now;
          await sweepExpired(req.server.db, req.server.now());
        }
        reply.header(
          'set-cookie',
          `${stateCookie(state)}=${state}; Path=/lti; Max-Age=600; HttpOnly; Secure; SameSite=None`,
        );
        return reply.code(302).header('location', location).send();
      } catch (err) {
        return refused(req, reply, err, facts);
      }
    };
    const loginDoc = {
      tags,
      security: [],
      summary: 'LTI 1.3 third-party initiated login: redirects to the platform auth endpoint (302).',
    };
    r.get('/lti/login', { schema: { ...loginDoc, querystring: LoginFields }, attachValidation: true }, login);
    r.post('/lti/login', { schema: { ...loginDoc, body: LoginFields }, attachValidation: true }, login);

    r.post(
      '/lti/launch',
      {
        schema: {
          tags,
          security: [],
          summary:
            'LTI 1.3 launch (form_post): 303 to the landing page, or 400/401/403 with a reason code page.',
          body: LaunchBody,
        },
        attachValidation: true,
      },
      async (req, reply) => {
        const db = req.server.db;
        const now = req.server.now();
        const facts = emptyFacts();
        const form = (req.validationError ? {} : (req.body ?? {})) as { id_token?: unknown; state?: unknown };
        try {
          const launch = await validateLaunch(db, form, ctxOf(req), facts);
          const state = String(form.state ?? '');
          const cookie = cookies(req).get(stateCookie(state));
          // One transaction, one commit: the one-time nonce and state, then the accepted launch's
          // writes, or the refusal's log row (the nonce and state stay consumed).
          const outcome = await db.transaction(async (tx) => {
            // No wait for the WAL flush: a crash may lose the last fraction of a second of launches,
            // all of which the next launch redoes (person, membership and enrollment are idempotent;
            // the nonce and state would only matter for a token replayed within that instant).
            await tx.execute(sql`set local synchronous_commit = off`);
            try {
              await consumeNonceAndState(tx, launch, form.state, now);
              // The state cookie, when the browser sent it back (an LMS iframe may block it: then the
              // server-side state, just checked, decides).
              if (cookie !== undefined && cookie !== state) throw refuse('stateMismatch');
              const accepted = await acceptLaunch(tx, launch, now, facts);
              await recordNrpsClaim(tx, accepted.pairingId, launch.claims);
              return accepted;
            } catch (err) {
              if (!(err instanceof LtiRefusal)) throw err;
              await logLaunch(tx, now, facts, err.code);
              return err;
            }
          });
          if (outcome instanceof LtiRefusal) return refused(req, reply, outcome, facts, { logged: true });
          const dl = launch.claims[CLAIM.deepLinkingSettings] as Record<string, unknown> | undefined;
          const presentation = launch.claims[CLAIM.launchPresentation] as Record<string, unknown> | undefined;
          const frameOrigins = launchOrigins([presentation?.return_url, dl?.deep_link_return_url]);
          const choice = choiceOfClaims(launch.claims);
          const token = await signSession(
            db,
            {
              uid: outcome.userId,
              reg: launch.registration.id,
              inst: launch.institutionId,
              role: outcome.role,
              mt: launch.messageType,
              ctx: launch.contextId,
              title: launch.contextTitle,
              lang: pickLang(facts.locale, req.headers['accept-language']),
              deploymentId: launch.deploymentId,
              ...(typeof dl?.deep_link_return_url === 'string' ? { dlReturn: dl.deep_link_return_url } : {}),
              ...(typeof dl?.data === 'string' ? { dlData: dl.data } : {}),
              ...deepLinkAccepts(dl),
              ...(choice ? { co: choice } : {}),
              ...(frameOrigins.length ? { fo: frameOrigins } : {}),
            },
            now,
            launch.known.key,
          );
          if (cookie !== undefined)
            reply.header(
              'set-cookie',
              `${stateCookie(state)}=; Path=/lti; Max-Age=0; HttpOnly; Secure; SameSite=None`,
            );
          allowFraming(reply, [...platformOrigins(launch.registration), ...frameOrigins]);
          return reply
            .code(303)
            .header('location', `/lti/landing?session=${encodeURIComponent(token)}`)
            .send();
        } catch (err) {
          return refused(req, reply, err, facts);
        }
      },
    );

    r.get(
      '/lti/landing',
      {
        schema: {
          tags,
          security: [],
          summary: 'Landing page of an accepted launch (HTML).',
          querystring: SessionQuery,
        },
      },
      async (req, reply) => {
        const token = (req.query as { session?: string }).session;
        const session = await sessionOf(req, reply, token);
        if (!session) return reply;
        return sendLanding(req, reply, session, token as string);
      },
    );

    r.post(
      '/lti/pair',
      {
        schema: {
          tags,
          security: [],
          summary: "Instructor pairs the launch's LMS course with an active offer.",
          body: SessionForm,
        },
        attachValidation: true,
      },
      async (req, reply) => {
        const body = (req.validationError ? {} : req.body) as { session?: string; offerId?: unknown };
        const session = await sessionOf(req, reply, body.session);
        if (!session) return reply;
        const offerId = typeof body.offerId === 'string' ? Number(body.offerId) : Number.NaN;
        const outcome = await pairFromLaunch(req.server.db, session, offerId, req.server.now());
        const t = texts(session.lang);
        if (outcome === 'refused') {
          reply.code(403);
          return sendLanding(req, reply, session, body.session as string, {
            text: t.pairRefused,
            alert: true,
          });
        }
        return sendLanding(
          req,
          reply,
          session,
          body.session as string,
          outcome === 'paired' ? { text: t.pairedDone } : undefined,
        );
      },
    );

    r.post(
      '/lti/deep-link',
      {
        schema: {
          tags,
          security: [],
          summary:
            "Returns the instructor's choice to the platform as a signed LtiDeepLinkingResponse (auto-submitting form).",
          body: SessionForm,
        },
        attachValidation: true,
      },
      async (req, reply) => {
        const body = (req.validationError ? {} : req.body) as { session?: string; offerId?: unknown };
        const session = await sessionOf(req, reply, body.session);
        if (!session) return reply;
        const offerIds = [body.offerId ?? []].flat().map(Number);
        const res = await deepLinkResponse(req.server.db, session, offerIds, ctxOf(req));
        if (!res) return sendLanding(req, reply, session, body.session as string);
        const t = texts(session.lang);
        let returnOrigin: string[] = [];
        try {
          returnOrigin = [new URL(res.returnUrl).origin];
        } catch {
          // not a URL: the form cannot post anywhere else than 'self'
        }
        allowFraming(
          reply,
          [...platformOrigins(await registrationOrigins(req.server.db, session.reg)), ...(session.fo ?? [])],
          returnOrigin,
        );
        return reply.type('text/html; charset=utf-8').send(
          page(
            session.lang,
            t.landingTitle,
            `<p>${esc(t.deepLinkSending)}</p><form method="post" action="${esc(res.returnUrl)}" data-autosubmit>
<input type="hidden" name="JWT" value="${esc(res.jwt)}"><button type="submit">${esc(t.deepLinkButton)}</button></form>
<script src="/lti/assets/autosubmit.js"></script>`,
          ),
        );
      },
    );

    r.get(
      '/lti/jwks',
      {
        schema: { tags, security: [], summary: "The tool's public keys (JWKS): active and not yet retired." },
      },
      async (req, reply) => {
        reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
        return toolJwks(req.server.db, req.server.now());
      },
    );

    r.get(
      '/lti/register',
      {
        schema: {
          tags,
          security: [],
          summary: 'LTI Dynamic Registration 1.0 through a one-time link.',
          querystring: RegisterQuery,
        },
        attachValidation: true,
      },
      async (req, reply) => {
        const q = (req.validationError ? {} : req.query) as Record<string, unknown>;
        const lang = pickLang(undefined, req.headers['accept-language']);
        // the platform shows the registration page in a frame or a window: frame-ancestors its
        // origin, for the answer and for a refusal alike (a refusal an LMS administrator can read)
        const origins = registeringOrigins(q.openid_configuration);
        try {
          await dynamicRegistration(req.server.db, q, ctxOf(req));
        } catch (err) {
          if (!(err instanceof LtiRefusal)) throw err;
          req.log.info({ lti: err.code, detail: err.message }, 'LTI dynamic registration refused');
          return sendRegistrationRefusal(reply, err, lang, origins);
        }
        const t = texts(lang);
        allowFraming(reply, origins);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              lang,
              t.registeredTitle,
              `<h1>${esc(t.registeredTitle)}</h1><p>${esc(t.registeredText)}</p><script src="/lti/assets/close.js"></script>`,
            ),
          );
      },
    );

    r.get('/lti/assets/close.js', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(CLOSE_JS),
    );
    r.get('/lti/assets/resize.js', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(RESIZE_JS),
    );
    r.get('/lti/assets/autosubmit.js', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(SUBMIT_JS),
    );
  });
}
