/**
 * What /lti/login and /lti/launch do, between the route that parses the request and the page that
 * answers it: the login's state and redirect, the launch's validation, its one transaction and its
 * session token. A refusal comes back as a value (with what the launch log learned of the request),
 * already logged, so the route only chooses the page.
 */
import { sql } from 'drizzle-orm';
import type { LtiLaunchBody, LtiLoginFields } from '../../../../shared/contract/lti-protocol';
import type { Db } from '../../../db/client';
import { choiceOfClaims, deepLinkAccepts } from './lti-choice';
import { launchOrigins, pickLang, platformOrigins } from './lti-frame';
import { CLAIM, emptyFacts, type LaunchFacts, type ValidLaunch } from './lti-claims';
import { acceptLaunch, consumeNonceAndState, type LaunchOutcome } from './lti-launch';
import { logLaunch } from './lti-log';
import type { LtiKeyCache } from './lti-key-cache';
import type { RefusalThrottle } from './lti-log-throttle';
import { startLogin, stateCookie } from './lti-login';
import { LtiRefusal, refuse } from './lti-reasons';
import { recordNrpsClaim } from './lti-roster-sync';
import { validateLaunch } from './lti-validate';
import { type LaunchSession, signSession } from './lti-session';

/** What a protocol request brings besides its fields: where from, in which language, at what time. */
export interface ProtocolRequest {
  db: Db;
  now: Date;
  publicUrl: string;
  /** The client address, for the refusal throttle. */
  address: string;
  acceptLanguage: string | undefined;
  throttle: RefusalThrottle;
  /** The app's key caches (tool keys, session keys, platforms' key sets). */
  keys: LtiKeyCache;
}

export interface Refused {
  kind: 'refused';
  refusal: LtiRefusal;
  facts: LaunchFacts;
}

export type LoginResult = { kind: 'redirect'; location: string; cookie: string; state: string } | Refused;

export type LaunchResult =
  | {
      kind: 'accepted';
      /** The landing page, with the launch session in its URL. */
      location: string;
      /** The state cookie to clear, when the browser sent it back. */
      clearCookie: string | null;
      /** Who may frame the answer: the platform's origins and those the launch named. */
      frameOrigins: string[];
    }
  | Refused;

/** Logs a refusal (at most REFUSALS_PER_MINUTE a minute per address, unless already logged). */
async function refusedAs(req: ProtocolRequest, err: unknown, facts: LaunchFacts, logged = false) {
  if (!(err instanceof LtiRefusal)) throw err;
  if (!logged && req.throttle.mayLog(req.address, Date.now()))
    await logLaunch(req.db, req.now, facts, err.code);
  return { kind: 'refused', refusal: err, facts } as const;
}

/** Third-party initiated login: the one-time state and nonce, and where to send the browser. */
export async function login(req: ProtocolRequest, params: LtiLoginFields): Promise<LoginResult> {
  const facts = emptyFacts();
  try {
    const { location, state } = await startLogin(req.db, params, req, facts);
    return { kind: 'redirect', location, state, cookie: stateCookie(state) };
  } catch (err) {
    return refusedAs(req, err, facts);
  }
}

/**
 * The launch: validation, then ONE transaction and one commit: the one-time nonce and state, then
 * the accepted launch's writes, or the refusal's log row (the nonce and state stay consumed).
 * `cookies`: the request's cookies (the state cookie, when the LMS frame let the browser send it).
 */
export async function launch(
  req: ProtocolRequest,
  form: LtiLaunchBody,
  cookies: Record<string, string | undefined>,
): Promise<LaunchResult> {
  const facts = emptyFacts();
  try {
    const valid = await validateLaunch(req.db, form, req, facts);
    const state = String(form.state ?? '');
    const cookie = cookies[stateCookie(state)];
    const outcome = await req.db.transaction(async (tx) => {
      // No wait for the WAL flush: a crash may lose the last fraction of a second of launches,
      // all of which the next launch redoes (person, membership and enrollment are idempotent;
      // the nonce and state would only matter for a token replayed within that instant).
      await tx.execute(sql`set local synchronous_commit = off`);
      try {
        await consumeNonceAndState(tx, valid, form.state, req.now);
        // The state cookie, when the browser sent it back (an LMS iframe may block it: then the
        // server-side state, just checked, decides).
        if (cookie !== undefined && cookie !== state) throw refuse('stateMismatch');
        const accepted = await acceptLaunch(tx, valid, req.now, facts);
        await recordNrpsClaim(tx, accepted.pairingId, valid.claims);
        return accepted;
      } catch (err) {
        if (!(err instanceof LtiRefusal)) throw err;
        await logLaunch(tx, req.now, facts, err.code);
        return err;
      }
    });
    if (outcome instanceof LtiRefusal) return refusedAs(req, outcome, facts, true);
    const session = sessionOfLaunch(valid, outcome, pickLang(facts.locale, req.acceptLanguage));
    const token = await signSession(req.db, req.keys, session, req.now, valid.known.key);
    return {
      kind: 'accepted',
      location: `/lti/landing?session=${encodeURIComponent(token)}`,
      clearCookie: cookie !== undefined ? stateCookie(state) : null,
      frameOrigins: [...platformOrigins(valid.registration), ...(session.fo ?? [])],
    };
  } catch (err) {
    return refusedAs(req, err, facts);
  }
}

/** The launch session an accepted launch's landing page carries. */
function sessionOfLaunch(valid: ValidLaunch, outcome: LaunchOutcome, lang: LaunchSession['lang']) {
  const dl = valid.claims[CLAIM.deepLinkingSettings] as Record<string, unknown> | undefined;
  const presentation = valid.claims[CLAIM.launchPresentation] as Record<string, unknown> | undefined;
  const frameOrigins = launchOrigins([presentation?.return_url, dl?.deep_link_return_url]);
  const choice = choiceOfClaims(valid.claims);
  return {
    uid: outcome.userId,
    reg: valid.registration.id,
    inst: valid.institutionId,
    role: outcome.role,
    mt: valid.messageType,
    ctx: valid.contextId,
    title: valid.contextTitle,
    lang,
    deploymentId: valid.deploymentId,
    ...(typeof dl?.deep_link_return_url === 'string' ? { dlReturn: dl.deep_link_return_url } : {}),
    ...(typeof dl?.data === 'string' ? { dlData: dl.data } : {}),
    ...deepLinkAccepts(dl),
    ...(choice ? { co: choice } : {}),
    ...(frameOrigins.length ? { fo: frameOrigins } : {}),
  } satisfies LaunchSession;
}
