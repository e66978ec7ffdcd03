/**
 * POST /lti/launch: validation of the platform's id_token and of the OIDC state, then what an
 * accepted launch does (person, membership, enrollment) and the launch-log row of every launch.
 *
 * jose verifies the signature and exp; everything else LTI 1.3 requires is checked here
 * explicitly, each with its own reason code (see lti-reasons.ts).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import {
  lmsCoursePairings,
  lmsDeployments,
  lmsIntegrations,
  lmsKeyStore,
  ltiIdentities,
  ltiLaunchLog,
  ltiOidcStates,
  ltiUsedNonces,
  users,
} from '../../db/schema';
import { platformKeys } from './lti-jwks';
import { type LtiRefusal, refuse } from './lti-reasons';

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
  messageType: string | null;
  roles: string[] | null;
  sub: string | null;
  /** The launch's locale claim, for the page language. */
  locale: string | null;
  registration: Registration | null;
}

export function emptyFacts(): LaunchFacts {
  return {
    integrationId: null,
    institutionId: null,
    issuer: null,
    deploymentId: null,
    contextId: null,
    messageType: null,
    roles: null,
    sub: null,
    locale: null,
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
  if (header.alg !== 'RS256') throw refuse('badAlg');
  if (!str(header.kid)) throw refuse('noKid');
  const issuer = str(unverified.iss);
  if (!issuer) throw refuse('malformed', 'no iss');
  facts.issuer = issuer;
  const aud = (Array.isArray(unverified.aud) ? unverified.aud : [unverified.aud]).filter(
    (a): a is string => typeof a === 'string',
  );
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
  facts.messageType = str(claims[CLAIM.messageType]);
  facts.roles = Array.isArray(rolesClaim)
    ? rolesClaim.filter((r): r is string => typeof r === 'string')
    : null;
  facts.sub = str(claims.sub);
  facts.locale = str(obj(claims[CLAIM.launchPresentation])?.locale);

  if (!facts.sub) throw refuse('noSub');
  const nonce = str(claims.nonce);
  if (!nonce) throw refuse('noNonce');
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
    contextTitle: str(context?.title) ?? str(context?.label),
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
  const [check] = (result as unknown as { rows: StateCheck[] }).rows;
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

function logValues(facts: LaunchFacts, reasonCode: string | null) {
  return {
    integrationId: facts.integrationId,
    institutionId: facts.institutionId,
    issuer: facts.issuer?.slice(0, 2000) ?? null,
    deploymentId: facts.deploymentId?.slice(0, 255) ?? null,
    contextId: facts.contextId?.slice(0, 255) ?? null,
    messageType: facts.messageType?.slice(0, 100) ?? null,
    roles: facts.roles?.slice(0, 50).map((r) => r.slice(0, 300)) ?? null,
    result: reasonCode ? ('refused' as const) : ('accepted' as const),
    reasonCode,
    sub: facts.sub?.slice(0, 255) ?? null,
  };
}

/** Writes a launch's log row. No id_token, nothing personal beyond the sub. */
export async function logLaunch(db: Db, at: Date, facts: LaunchFacts, reasonCode: string | null) {
  await db.insert(ltiLaunchLog).values({ at, ...logValues(facts, reasonCode) });
}

export type CourseRole = 'staff' | 'learner' | 'other';

/** Instructor, TA or administrator → staff; learner → learner; anything else (or none) → other. */
export function courseRoleOf(roles: string[]): CourseRole {
  const names = roles.map((r) => r.split(/[#/]/).pop() ?? r);
  if (
    names.some((n) =>
      ['Instructor', 'TeachingAssistant', 'Administrator', 'SysAdmin', 'ContentDeveloper'].includes(n),
    )
  )
    return 'staff';
  if (names.includes('Learner') || names.includes('Student')) return 'learner';
  return 'other';
}

/**
 * The person of (issuer, sub): found, or created once — concurrent first launches converge on one
 * account through a username derived from (issuer, sub) and the unique (issuer, sub) identity.
 * Never matched to an existing account by e-mail; names and e-mail filled when the platform sends them.
 */
export async function personOf(db: Db, issuer: string, claims: JWTPayload & Record<string, unknown>) {
  const sub = claims.sub as string;
  const username = `lti-${createHash('sha256').update(`${issuer}\n${sub}`).digest('hex').slice(0, 24)}`;
  const email = str(claims.email)?.toLowerCase().slice(0, 254) ?? null;
  const given = str(claims.given_name) ?? str(claims.name)?.split(' ')[0] ?? '';
  const named = str(claims.family_name) ?? (str(claims.name)?.split(' ').slice(1).join(' ') || '');
  // Without any name, lists still need something to show: the e-mail's local part, else the LMS's id.
  const family = given || named ? named : (email?.split('@')[0] ?? `LMS ${sub}`);
  // The platform's e-mail when no other account holds it; else a placeholder (never merged).
  for (const address of email ? [email, `${username}@lti.invalid`] : [`${username}@lti.invalid`]) {
    // One round trip in the usual case: the account, then the identity pointing at it. A concurrent
    // launch that created either first makes this one find it (second select, fresh snapshot).
    const result = await db.execute(sql`
      with u as (
        insert into users (username, email, first_name, last_name, password_hash, status)
        values (${username}, ${address}, ${given.slice(0, 100)}, ${family.slice(0, 100)}, null, 'active')
        on conflict do nothing returning id
      ), i as (
        insert into lti_identities (issuer, sub, user_id, email)
        select ${issuer}, ${sub}, id, ${email} from u
        on conflict do nothing returning user_id
      )
      select user_id as "userId" from i`);
    const created = (result as unknown as { rows: { userId: number }[] }).rows[0];
    if (created) return Number(created.userId);
    const [identity] = await db
      .select({ userId: ltiIdentities.userId })
      .from(ltiIdentities)
      .where(and(eq(ltiIdentities.issuer, issuer), eq(ltiIdentities.sub, sub)))
      .limit(1);
    if (identity) return identity.userId;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    if (row) {
      // the account exists (a concurrent launch, or an identity insert that lost a race): link it
      await db.insert(ltiIdentities).values({ issuer, sub, userId: row.id, email }).onConflictDoNothing();
      const [linked] = await db
        .select({ userId: ltiIdentities.userId })
        .from(ltiIdentities)
        .where(and(eq(ltiIdentities.issuer, issuer), eq(ltiIdentities.sub, sub)))
        .limit(1);
      return linked.userId;
    }
    // neither: the e-mail belongs to another account; try the placeholder
  }
  throw new Error('LTI person could not be created');
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
      values (${userId}, ${launch.institutionId}, ${role === 'staff' ? 'instructor' : 'student'})
      on conflict do nothing
    ), e as (
      insert into enrollments (section_id, user_id, access_type, access_ends_at, current_access)
      select ${sectionId ?? 0}::int, ${userId}::int, 'TEMP', ${trialEnds}::timestamptz, 'Not_Paid'
       where ${enroll}::boolean
      on conflict do nothing
    )
    insert into lti_launch_log (at, integration_id, institution_id, issuer, deployment_id, context_id,
                                message_type, roles, result, reason_code, sub)
    values (${now.toISOString()}::timestamptz, ${log.integrationId}, ${log.institutionId}, ${log.issuer},
            ${log.deploymentId}, ${log.contextId}, ${log.messageType}, ${JSON.stringify(log.roles)}::jsonb,
            'accepted', null, ${log.sub})`);
  return { userId, role, pairingId: launch.known.pairingId, sectionId };
}

/** Deletes used states and nonces past their expiry (called now and then by the login route). */
export async function sweepExpired(db: Db, now: Date) {
  await db.delete(ltiOidcStates).where(sql`${ltiOidcStates.expiresAt} < ${now}`);
  await db.delete(ltiUsedNonces).where(sql`${ltiUsedNonces.expiresAt} < ${now}`);
}
