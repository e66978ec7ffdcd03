/**
 * POST /lti/launch: validation of the platform's id_token and of the OIDC state, then what an
 * accepted launch does (person, membership, enrollment) and the launch-log row of every launch.
 *
 * jose verifies the signature and exp; everything else LTI 1.3 requires is checked here
 * explicitly, each with its own reason code (see lti-reasons.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Db } from '../../../db/client';
import {
  lmsCoursePairings,
  lmsDeployments,
  lmsIntegrations,
  lmsKeyStore,
  ltiIdentities,
} from '../../../db/schema';
import { platformKeys } from './lti-jwks';
import { logValues } from './lti-log';
import { personOf } from './lti-person';
import { type LtiRefusal, refuse } from './lti-reasons';
import { type CourseRole, courseRoleOf } from './lti-roles';
import { resultRows } from '../../../db/execute';

export { logLaunch } from './lti-log';
export { personOf } from './lti-person';
export { type CourseRole, courseRoleOf };

export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
} as const;

export const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Seconds of clock difference tolerated between the platform and the tool. */
export const CLOCK_TOLERANCE_S = 60;
/** Oldest id_token accepted (its iat), seconds. */
export const MAX_TOKEN_AGE_S = 600;
/** Longest sub, nonce and context id accepted (LTI Core: 255 characters). */
export const MAX_ID_LENGTH = 255;
/** Minutes a login's state and nonce stay usable. */
export const STATE_MINUTES = 10;
/** Days of the trial access a student's first launch in a paired course gives (spec §4: 14 day trial). */
export const TRIAL_DAYS = 14;

export type Registration = typeof lmsIntegrations.$inferSelect;

/** What the launch log records of a launch; filled as validation learns it. */
export interface LaunchFacts {
  integrationId: number | null;
  institutionId: number | null;
  issuer: string | null;
  deploymentId: string | null;
  contextId: string | null;
  /** The LMS course's title (or label), shown in the console instead of its numeric id. */
  contextTitle: string | null;
  /** The client id the request claimed (aud/azp, login's client_id), kept when no registration has it. */
  clientId: string | null;
  messageType: string | null;
  roles: string[] | null;
  sub: string | null;
  /** The launch's locale claim, for the page language. */
  locale: string | null;
  /** The verified launch's return URL (the LMS course), for "continue in a new window". */
  returnUrl: string | null;
  registration: Registration | null;
}

export function emptyFacts(): LaunchFacts {
  return {
    integrationId: null,
    institutionId: null,
    issuer: null,
    deploymentId: null,
    contextId: null,
    contextTitle: null,
    clientId: null,
    messageType: null,
    roles: null,
    sub: null,
    locale: null,
    returnUrl: null,
    registration: null,
  };
}

export interface ValidLaunch {
  registration: Registration;
  institutionId: number;
  deploymentId: string;
  messageType: MessageType;
  claims: JWTPayload & Record<string, unknown>;
  roles: string[];
  contextId: string | null;
  contextTitle: string | null;
  /** The verified nonce (consumed by consumeNonceAndState). */
  nonce: string;
  /** Read with the registration in the launch's first query: the person, the pairing, the signing key. */
  known: {
    userId: number | null;
    pairingId: number | null;
    sectionId: number | null;
    key: SigningKeyRow | null;
  };
}

export interface SigningKeyRow {
  kid: string;
  privateJwk: unknown;
  alg: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Whether a URL is on this tool's own host (its public URL's origin). */
export function onOwnHost(value: unknown, publicUrl: string): boolean {
  try {
    return typeof value === 'string' && new URL(value).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

type Candidate = Awaited<ReturnType<typeof candidates>>[number];

/**
 * The issuer's registrations, each with what the launch will need of it, in ONE query: the
 * deployment named by the token, the person (issuer, sub), the pairing of the context in the
 * deployment's institution and the signing key. The keys come from the still unverified token; they
 * are used only once its signature is verified (same payload).
 */
function candidates(db: Db, issuer: string, deploymentId: string, sub: string, contextId: string) {
  return db
    .select({
      reg: lmsIntegrations,
      deploymentInstitutionId: lmsDeployments.institutionId,
      userId: ltiIdentities.userId,
      pairingId: lmsCoursePairings.id,
      sectionId: lmsCoursePairings.sectionId,
      kid: lmsKeyStore.kid,
      privateJwk: lmsKeyStore.privateJwk,
      alg: lmsKeyStore.alg,
    })
    .from(lmsIntegrations)
    .leftJoin(
      lmsDeployments,
      and(
        eq(lmsDeployments.integrationId, lmsIntegrations.id),
        eq(lmsDeployments.deploymentId, deploymentId),
      ),
    )
    .leftJoin(
      ltiIdentities,
      and(eq(ltiIdentities.issuer, lmsIntegrations.issuer), eq(ltiIdentities.sub, sub)),
    )
    .leftJoin(
      lmsCoursePairings,
      and(
        eq(lmsCoursePairings.integrationId, lmsIntegrations.id),
        eq(lmsCoursePairings.lmsCourseId, contextId),
        eq(lmsCoursePairings.institutionId, lmsDeployments.institutionId),
      ),
    )
    .leftJoin(
      lmsKeyStore,
      // the newest key, once it signs (a rotated-in key waits; the session then reads the signing one)
      and(
        eq(lmsKeyStore.integrationId, lmsIntegrations.id),
        isNull(lmsKeyStore.retiredAt),
        sql`(${lmsKeyStore.activatesAt} is null or ${lmsKeyStore.activatesAt} <= now())`,
      ),
    )
    .where(eq(lmsIntegrations.issuer, issuer));
}

function pickRegistration(rows: Candidate[], aud: string[], azp: string | null): Candidate {
  if (rows.length === 0) throw refuse('unknownIssuer');
  const named = rows.filter((r) => aud.includes(r.reg.clientId));
  if (named.length === 0) throw refuse('badAudience');
  if (aud.length > 1 && !azp) throw refuse('badAzp');
  if (azp !== null && !named.some((r) => r.reg.clientId === azp)) throw refuse('badAzp');
  return azp ? named.find((r) => r.reg.clientId === azp)! : named[0];
}

function verifyError(err: unknown): LtiRefusal {
  if (err instanceof errors.JWKSNoMatchingKey) return refuse('unknownKid');
  // the platform's key set could not be fetched or read (timeout, network, not a JWKS)
  if (
    err instanceof errors.JWKSTimeout ||
    err instanceof errors.JWKSInvalid ||
    !(err instanceof errors.JOSEError)
  )
    return refuse('keysUnavailable', String((err as Error)?.message ?? err));
  if (err instanceof errors.JWSSignatureVerificationFailed) return refuse('badSignature');
  if (err instanceof errors.JOSEAlgNotAllowed) return refuse('badAlg');
  if (err instanceof errors.JWTExpired) return refuse(err.claim === 'iat' ? 'tooOld' : 'expired');
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iat' && err.reason !== 'missing') return refuse('issuedInFuture');
    if (err.claim === 'nbf') return refuse('issuedInFuture');
  }
  return refuse('malformed', String((err as Error)?.message ?? err));
}

/**
 * Validates a launch's id_token: every check but the one-time nonce and state (consumeNonceAndState).
 * Fills `facts` as it goes (only verified claims past the signature check), throws an LtiRefusal with
 * the first failed check. Writes nothing.
 */
export async function validateLaunch(
  db: Db,
  form: { id_token?: unknown; state?: unknown },
  ctx: { now: Date; publicUrl: string },
  facts: LaunchFacts,
): Promise<ValidLaunch> {
  const token = str(form.id_token);
  if (!token) throw refuse('malformed', 'no id_token');
  let header: ReturnType<typeof decodeProtectedHeader>;
  let unverified: JWTPayload;
  try {
    header = decodeProtectedHeader(token);
    unverified = decodeJwt(token);
  } catch {
    throw refuse('malformed', 'not a JWT');
  }
  // What the (unverified) token claims, so a refusal before a registration is known is still logged
  // with the issuer and client id it names.
  const issuer = str(unverified.iss);
  facts.issuer = issuer;
  const aud = (Array.isArray(unverified.aud) ? unverified.aud : [unverified.aud]).filter(
    (a): a is string => typeof a === 'string',
  );
  facts.clientId = str(unverified.azp) ?? aud[0] ?? null;
  if (header.alg !== 'RS256') throw refuse('badAlg');
  if (!str(header.kid)) throw refuse('noKid');
  if (!issuer) throw refuse('malformed', 'no iss');
  const rows = await candidates(
    db,
    issuer,
    str(unverified[CLAIM.deploymentId]) ?? '',
    str(unverified.sub) ?? '',
    str(obj(unverified[CLAIM.context])?.id) ?? '',
  );
  const picked = pickRegistration(rows, aud, str(unverified.azp));
  const registration = picked.reg;
  facts.registration = registration;
  facts.clientId = registration.clientId;
  facts.integrationId = registration.id;
  facts.institutionId = registration.institutionId;
  if (registration.status === 'pending') throw refuse('registrationPending');
  if (registration.status !== 'active') throw refuse('registrationDisabled');
  if (!registration.keysetUrl) throw refuse('unknownKid', 'registration has no JWKS URL');

  let claims: JWTPayload & Record<string, unknown>;
  try {
    const verified = await jwtVerify(token, platformKeys(registration.keysetUrl), {
      algorithms: ['RS256'],
      issuer,
      audience: registration.clientId,
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
      currentDate: ctx.now,
      requiredClaims: ['exp', 'iat'],
    });
    claims = verified.payload as typeof claims;
  } catch (err) {
    throw verifyError(err);
  }

  // From here the claims are the platform's own: the log may record them.
  const deploymentId = str(claims[CLAIM.deploymentId]);
  const context = obj(claims[CLAIM.context]);
  const rolesClaim = claims[CLAIM.roles];
  facts.deploymentId = deploymentId;
  facts.contextId = str(context?.id);
  facts.contextTitle = str(context?.title) ?? str(context?.label);
  facts.messageType = str(claims[CLAIM.messageType]);
  facts.roles = Array.isArray(rolesClaim)
    ? rolesClaim.filter((r): r is string => typeof r === 'string')
    : null;
  facts.sub = str(claims.sub);
  facts.locale = str(obj(claims[CLAIM.launchPresentation])?.locale);
  facts.returnUrl = str(obj(claims[CLAIM.launchPresentation])?.return_url);

  if (!facts.sub) throw refuse('noSub');
  // LTI Core: sub, context.id (and deployment_id) are at most 255 ASCII characters
  if (facts.sub.length > MAX_ID_LENGTH) throw refuse('subTooLong');
  const nonce = str(claims.nonce);
  if (!nonce) throw refuse('noNonce');
  if (nonce.length > MAX_ID_LENGTH) throw refuse('nonceTooLong');
  if ((facts.contextId?.length ?? 0) > MAX_ID_LENGTH) throw refuse('contextIdTooLong');
  const messageType = facts.messageType;
  if (!messageType || !(MESSAGE_TYPES as readonly string[]).includes(messageType))
    throw refuse('notLtiMessage');
  if (claims[CLAIM.version] !== '1.3.0') throw refuse('badVersion');
  if (!deploymentId) throw refuse('noDeployment');
  if (picked.deploymentInstitutionId === null) throw refuse('unknownDeployment');
  const deployment = { institutionId: picked.deploymentInstitutionId };
  facts.institutionId = deployment.institutionId;
  if (messageType === 'LtiResourceLinkRequest' && !str(obj(claims[CLAIM.resourceLink])?.id))
    throw refuse('noResourceLink');
  if (!Array.isArray(rolesClaim)) throw refuse('noRoles');
  if (!onOwnHost(claims[CLAIM.targetLinkUri], ctx.publicUrl)) throw refuse('badTargetLink');

  return {
    registration,
    institutionId: deployment.institutionId,
    deploymentId,
    messageType: messageType as MessageType,
    claims,
    roles: facts.roles ?? [],
    contextId: facts.contextId,
    contextTitle: facts.contextTitle,
    nonce,
    known: {
      userId: picked.userId,
      pairingId: picked.pairingId,
      sectionId: picked.sectionId,
      key:
        picked.kid && picked.privateJwk
          ? { kid: picked.kid, privateJwk: picked.privateJwk, alg: picked.alg ?? 'RS256' }
          : null,
    },
  };
}

/**
 * The launch's one-time parts, after every other check: the nonce is recorded and the login's state
 * consumed, in one statement. Run it in the launch's transaction (with acceptLaunch, or with the
 * refusal's log row) so the launch costs one commit.
 */
export async function consumeNonceAndState(db: Db, launch: ValidLaunch, stateInput: unknown, now: Date) {
  const registration = launch.registration;
  const nonce = launch.nonce;
  const stateValue = str(stateInput) ?? '';
  const nonceExpires = new Date(now.getTime() + 2 * MAX_TOKEN_AGE_S * 1000).toISOString();
  const result = await db.execute(sql`
    with n as (
      insert into lti_used_nonces (integration_id, nonce, expires_at)
      values (${registration.id}, ${nonce}, ${nonceExpires}::timestamptz)
      on conflict do nothing returning 1
    ), s as (
      delete from lti_oidc_states where state = ${stateValue} and ${stateValue} <> ''
      returning integration_id, nonce, expires_at
    )
    select (select count(*) from n)::int as fresh, s.integration_id as "integrationId", s.nonce,
           (s.expires_at < ${now.toISOString()}::timestamptz) as expired
      from (select 1) one left join s on true`);
  const [check] = resultRows<StateCheck>(result);
  if (Number(check.fresh) === 0) throw refuse('nonceReused');
  if (!stateValue) throw refuse('noState');
  if (check.integrationId === null) throw refuse('unknownState');
  if (check.expired) throw refuse('stateExpired');
  if (Number(check.integrationId) !== registration.id || check.nonce !== nonce) throw refuse('stateMismatch');
}

interface StateCheck {
  fresh: number;
  integrationId: number | null;
  nonce: string | null;
  expired: boolean | null;
}

export interface LaunchOutcome {
  userId: number;
  role: CourseRole;
  pairingId: number | null;
  sectionId: number | null;
}

/**
 * What an accepted launch does: the person (found with the registration, else created), then in
 * ONE statement the membership, a learner's idempotent enrollment in the paired section, and the
 * accepted launch-log row.
 */
export async function acceptLaunch(
  db: Db,
  launch: ValidLaunch,
  now: Date,
  facts: LaunchFacts,
): Promise<LaunchOutcome> {
  const userId = launch.known.userId ?? (await personOf(db, launch.registration.issuer, launch.claims));
  const role = courseRoleOf(launch.roles);
  const sectionId = launch.known.sectionId;
  const enroll = role === 'learner' && sectionId !== null;
  const trialEnds = new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString();
  const log = logValues(facts, null);
  await db.execute(sql`
    with m as (
      insert into memberships (user_id, institution_id, course_role)
      select ${userId}::int, ${launch.institutionId}::int, ${role === 'staff' ? 'instructor' : 'student'}
       where ${role !== 'other'}::boolean
      on conflict do nothing
    ), e as (
      insert into enrollments (section_id, user_id, access_type, access_ends_at, current_access)
      select ${sectionId ?? 0}::int, ${userId}::int, 'TEMP', ${trialEnds}::timestamptz, 'Not_Paid'
       where ${enroll}::boolean
      on conflict do nothing
    )
    insert into lti_launch_log (at, integration_id, institution_id, issuer, client_id, deployment_id,
                                context_id, context_title, message_type, roles, result, reason_code, sub)
    values (${now.toISOString()}::timestamptz, ${log.integrationId}, ${log.institutionId}, ${log.issuer},
            ${log.clientId}, ${log.deploymentId}, ${log.contextId}, ${log.contextTitle}, ${log.messageType},
            ${JSON.stringify(log.roles)}::jsonb, 'accepted', null, ${log.sub})`);
  return { userId, role, pairingId: launch.known.pairingId, sectionId };
}
