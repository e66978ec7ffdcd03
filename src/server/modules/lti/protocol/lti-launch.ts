/**
 * POST /lti/launch, second half: the one-time nonce and state, then what an accepted launch does
 * (person, membership, enrollment) and its launch-log row. Validation is in lti-validate.ts.
 */
import { sql } from 'drizzle-orm';
import { TRIAL_DAYS } from '../../../../shared/constants';
import { resultRows } from '../../../db/execute';
import type { Db } from '../../../db/client';
import { type LaunchFacts, MAX_TOKEN_AGE_S, str, type ValidLaunch } from './lti-claims';
import { logValues } from './lti-log';
import { personOf } from './lti-person';
import { refuse } from './lti-reasons';
import { type CourseRole, courseRoleOf } from './lti-roles';

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
