import type { z } from 'zod';
import type { ActAsCandidatesQuery, StartActAsBody } from '../../../shared/contract/act-as';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, notFound, refusal } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type ActingAs, actAsState, endActing } from '../auth';
import * as q from './act-as.queries';

type Flags = { superAdmin: boolean; associateSuperAdmin: boolean; nasupport: boolean };

/**
 * Whom `real` may act as: never a super admin, nor someone holding a staff flag `real`
 * lacks. A super admin's rights include the associate and support flags' rights, so a super admin
 * may act as their holders; a nasupport holder may not act as an associate super admin.
 */
export function mayActAsTarget(real: Flags, target: Flags) {
  if (target.superAdmin) return false;
  if (target.associateSuperAdmin && !real.superAdmin && !real.associateSuperAdmin) return false;
  if (target.nasupport && !real.superAdmin && !real.nasupport) return false;
  return true;
}

export async function startActAs(db: Db, actor: Actor, body: z.infer<typeof StartActAsBody>, now: Date) {
  const refuse = async (error: AppError) => {
    await audit(db, actor, {
      action: 'actAs.start',
      entityType: 'user',
      entityId: body.userId,
      institutionId: body.organizationId,
      outcome: 'denied',
      after: { reason: body.reason, refused: error.code },
    });
    throw error;
  };
  if (body.allowWrites && !actor.superAdmin) {
    await refuse(
      new AppError(
        'error.actAsWritesSuperOnly',
        'Only a super admin may allow changes while acting as a user.',
      ),
    );
  }
  const institutionName = await q.institutionName(db, body.organizationId);
  if (institutionName === undefined) throw notFound('Institution');
  const target = await q.findUser(db, body.userId);
  if (!target) throw notFound('User');
  if (target.id === actor.userId || !mayActAsTarget(actor, target)) {
    await refuse(
      refusal(
        'error.actAsTargetRefused',
        `You cannot act as ${target.username}: nobody acts as a super admin, as themselves or as someone holding a flag they lack.`,
        { username: target.username },
      ),
    );
  }
  if (!(await q.isMember(db, target.id, body.organizationId))) {
    await refuse(
      refusal('error.actAsNotMember', `${target.username} is not a member of this institution.`, {
        username: target.username,
      }),
    );
  }
  const expiresAt = new Date(now.getTime() + body.minutes * 60_000);
  await db.transaction(async (tx) => {
    await q.setActing(tx, actor.sessionId, {
      userId: target.id,
      organizationId: body.organizationId,
      reason: body.reason,
      allowWrites: body.allowWrites,
      expiresAt,
    });
    await audit(
      tx,
      { ...actor, realUserId: actor.userId, userId: target.id },
      {
        action: 'actAs.start',
        entityType: 'user',
        entityId: target.id,
        institutionId: body.organizationId,
        after: { reason: body.reason, minutes: body.minutes, allowWrites: body.allowWrites },
      },
    );
  });
  const realUser = await q.findUser(db, actor.userId);
  const acting: ActingAs = {
    realUser,
    organizationId: body.organizationId,
    institutionName,
    reason: body.reason,
    allowWrites: body.allowWrites,
    expiresAt,
  };
  return actAsState(target, acting);
}

/** Ends act-as; the session goes on as the signed-in support user. Without act-as, nothing happens. */
export async function stopActAs(db: Db, actor: Actor, acting: ActingAs | null) {
  if (!acting) return;
  await db.transaction(async (tx) => {
    await endActing(tx, actor.sessionId);
    await audit(tx, actor, {
      action: 'actAs.stop',
      entityType: 'user',
      entityId: actor.userId,
      institutionId: acting.organizationId,
      before: { reason: acting.reason },
    });
  });
}

export async function listCandidates(db: Db, actor: Actor, query: z.infer<typeof ActAsCandidatesQuery>) {
  if ((await q.institutionName(db, query.organizationId)) === undefined) throw notFound('Institution');
  const rows = await q.candidates(db, query.organizationId, query.q, {
    excludeUserId: actor.userId,
    excludeAssociates: !actor.superAdmin && !actor.associateSuperAdmin,
    excludeSupport: !actor.superAdmin && !actor.nasupport,
  });
  return {
    users: rows.map((u) => ({
      userId: u.id,
      username: u.username,
      displayName: `${u.firstName} ${u.lastName}`.trim() || u.username,
      email: u.email,
      role: u.role,
    })),
  };
}
