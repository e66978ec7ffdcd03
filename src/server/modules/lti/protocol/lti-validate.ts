/**
 * POST /lti/launch, first half: validation of the platform's id_token. jose verifies the signature
 * and exp; everything else LTI 1.3 requires is checked here explicitly, each with its own reason
 * code (see lti-reasons.ts).
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
import {
  CLAIM,
  CLOCK_TOLERANCE_S,
  type LaunchFacts,
  MAX_ID_LENGTH,
  MAX_TOKEN_AGE_S,
  MESSAGE_TYPES,
  type MessageType,
  obj,
  onOwnHost,
  str,
  type ValidLaunch,
} from './lti-claims';
import { platformKeys } from './lti-jwks';
import type { LtiKeyCache } from './lti-key-cache';
import { type LtiRefusal, refuse } from './lti-reasons';

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

/** The token's header and unverified claims: enough to log who it names and to find the registration. */
function readToken(form: { id_token?: unknown }, facts: LaunchFacts) {
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
  return { token, issuer, aud, unverified };
}

/** The registration the token names (checked usable), recorded in `facts`. */
async function registrationOf(db: Db, read: ReturnType<typeof readToken>, facts: LaunchFacts) {
  const { issuer, aud, unverified } = read;
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
  return { picked, registration, keysetUrl: registration.keysetUrl };
}

type Claims = JWTPayload & Record<string, unknown>;

/** The platform's own claims, once the platform's key verified them; recorded in `facts`. */
function recordClaims(claims: Claims, facts: LaunchFacts) {
  const context = obj(claims[CLAIM.context]);
  const rolesClaim = claims[CLAIM.roles];
  facts.deploymentId = str(claims[CLAIM.deploymentId]);
  facts.contextId = str(context?.id);
  facts.contextTitle = str(context?.title) ?? str(context?.label);
  facts.messageType = str(claims[CLAIM.messageType]);
  facts.roles = Array.isArray(rolesClaim)
    ? rolesClaim.filter((r): r is string => typeof r === 'string')
    : null;
  facts.sub = str(claims.sub);
  facts.locale = str(obj(claims[CLAIM.launchPresentation])?.locale);
  facts.returnUrl = str(obj(claims[CLAIM.launchPresentation])?.return_url);
}

/** LTI 1.3's checks of the verified claims, in order; the first that fails is the refusal. */
function checkClaims(claims: Claims, facts: LaunchFacts, picked: Candidate, publicUrl: string) {
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
  const deploymentId = facts.deploymentId;
  if (!deploymentId) throw refuse('noDeployment');
  if (picked.deploymentInstitutionId === null) throw refuse('unknownDeployment');
  const institutionId = picked.deploymentInstitutionId;
  facts.institutionId = institutionId;
  if (messageType === 'LtiResourceLinkRequest' && !str(obj(claims[CLAIM.resourceLink])?.id))
    throw refuse('noResourceLink');
  if (!Array.isArray(claims[CLAIM.roles])) throw refuse('noRoles');
  if (!onOwnHost(claims[CLAIM.targetLinkUri], publicUrl)) throw refuse('badTargetLink');
  return { nonce, deploymentId, institutionId, messageType: messageType as MessageType };
}

/**
 * Validates a launch's id_token: every check but the one-time nonce and state (consumeNonceAndState).
 * Fills `facts` as it goes (only verified claims past the signature check), throws an LtiRefusal with
 * the first failed check. Writes nothing.
 */
export async function validateLaunch(
  db: Db,
  form: { id_token?: unknown; state?: unknown },
  ctx: { now: Date; publicUrl: string; keys: LtiKeyCache },
  facts: LaunchFacts,
): Promise<ValidLaunch> {
  const read = readToken(form, facts);
  const { picked, registration, keysetUrl } = await registrationOf(db, read, facts);
  let claims: Claims;
  try {
    const verified = await jwtVerify(read.token, platformKeys(ctx.keys.remoteSets, keysetUrl), {
      algorithms: ['RS256'],
      issuer: read.issuer,
      audience: registration.clientId,
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE_S,
      currentDate: ctx.now,
      requiredClaims: ['exp', 'iat'],
    });
    claims = verified.payload as Claims;
  } catch (err) {
    throw verifyError(err);
  }
  // From here the claims are the platform's own: the log may record them.
  recordClaims(claims, facts);
  const checked = checkClaims(claims, facts, picked, ctx.publicUrl);
  return {
    registration,
    claims,
    roles: facts.roles ?? [],
    contextId: facts.contextId,
    contextTitle: facts.contextTitle,
    ...checked,
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
