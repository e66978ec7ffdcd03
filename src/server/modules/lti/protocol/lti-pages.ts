/**
 * How the protocol routes answer with a page: a refusal framed by the platform it came from, the
 * landing page of a launch session, the deep-linking form that returns the choice to the LMS, and
 * the registration page. The HTML itself is in lti-frame.ts and lti-landing.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allowFraming, esc, page, pickLang, platformOrigins, sendRefusal, texts } from './lti-frame';
import { type Notice, landingBody, registrationOrigins } from './lti-landing';
import type { Refused } from './lti-launch.service';
import { LtiRefusal } from './lti-reasons';
import type { LtiKeyCache } from './lti-key-cache';
import { expiredSessionOf, type LaunchSession, readSession } from './lti-session';

/** Refusal of a launch or login (already logged): the friendly page, framed by the platform only. */
export function refusalPage(req: FastifyRequest, reply: FastifyReply, { refusal, facts }: Refused) {
  req.log.info(
    {
      lti: refusal.code,
      detail: refusal.message,
      integrationId: facts.integrationId,
      clientId: facts.clientId,
    },
    'LTI launch refused',
  );
  const origins = platformOrigins(facts.registration);
  return sendRefusal(req, reply, refusal, {
    lang: pickLang(facts.locale, req.headers['accept-language']),
    origins,
    newWindowUrl: courseUrl(facts.returnUrl, facts.registration?.issuer ?? null, origins),
  });
}

/**
 * Where "continue in a new window" goes: the LMS course the launch came from (its verified
 * return_url, on the platform's own host or https), else the platform itself.
 */
function courseUrl(returnUrl: string | null, issuer: string | null, origins: string[]): string | null {
  if (returnUrl) {
    try {
      const url = new URL(returnUrl);
      if (origins.includes(url.origin) || url.protocol === 'https:') return url.toString();
    } catch {
      // not a URL: the platform's address below
    }
  }
  return issuer;
}

/** The origins that may frame a session's pages: its platform's and those its launch named. */
async function sessionOrigins(req: FastifyRequest, session: Pick<LaunchSession, 'reg' | 'fo'>) {
  return [...platformOrigins(await registrationOrigins(req.server.db, session.reg)), ...(session.fo ?? [])];
}

/**
 * The launch session of a landing-page request, or null once its refusal page is sent: framed by
 * the LMS whose launch the token was, when its signature says which; without a token (or with a
 * forged one) the platform cannot be known and the page stays unframeable.
 */
export async function sessionOrRefusal(
  req: FastifyRequest,
  reply: FastifyReply,
  keys: LtiKeyCache,
  token: unknown,
): Promise<LaunchSession | null> {
  try {
    return await readSession(req.server.db, keys, token, req.server.now());
  } catch (err) {
    if (!(err instanceof LtiRefusal)) throw err;
    const known = await expiredSessionOf(req.server.db, keys, token);
    await sendRefusal(
      req,
      reply,
      err,
      known ? { lang: known.lang, origins: await sessionOrigins(req, known) } : {},
    );
    return null;
  }
}

export async function sendLanding(
  req: FastifyRequest,
  reply: FastifyReply,
  session: LaunchSession,
  token: string,
  notice?: Notice,
) {
  const body = await landingBody(req.server.db, session, token, req.server.now(), notice);
  allowFraming(reply, await sessionOrigins(req, session));
  return reply
    .type('text/html; charset=utf-8')
    .send(page(session.lang, texts(session.lang).landingTitle, body));
}

/** The auto-submitting form that posts the signed deep-linking response back to the platform. */
export async function sendDeepLinkForm(
  req: FastifyRequest,
  reply: FastifyReply,
  session: LaunchSession,
  res: { jwt: string; returnUrl: string },
) {
  const t = texts(session.lang);
  let returnOrigin: string[] = [];
  try {
    returnOrigin = [new URL(res.returnUrl).origin];
  } catch {
    // not a URL: the form cannot post anywhere else than 'self'
  }
  allowFraming(reply, await sessionOrigins(req, session), returnOrigin);
  return reply.type('text/html; charset=utf-8').send(
    page(
      session.lang,
      t.landingTitle,
      `<p>${esc(t.deepLinkSending)}</p><form method="post" action="${esc(res.returnUrl)}" data-autosubmit>
<input type="hidden" name="JWT" value="${esc(res.jwt)}"><button type="submit">${esc(t.deepLinkButton)}</button></form>
<script src="/lti/assets/autosubmit.js"></script>`,
    ),
  );
}

/** The page a registering LMS shows once the dynamic registration is received. */
export function sendRegistered(reply: FastifyReply, lang: ReturnType<typeof pickLang>, origins: string[]) {
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
}
