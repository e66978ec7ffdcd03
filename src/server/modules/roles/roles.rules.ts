import type { Role } from '../../../shared/contract/roles';
import { can, PERMISSIONS, type Permission, type Rule } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { ErrorCode } from '../../../shared/errors';
import { AppError, notFound } from '../../lib/app-error';
import { audit, type AuditEntry } from '../../lib/audit';
import { findGroup, type GroupRow } from './roles.queries';

/** Permissions anyone may put on a role: NO_DASHBOARD_ACCESS only takes rights away. */
const ALWAYS_GRANTABLE: Permission[] = ['NO_DASHBOARD_ACCESS'];

/** What the actor may grant in the institution: the permissions they hold there, plus NO_DASHBOARD_ACCESS. */
export function grantable(actor: Actor): Permission[] {
  return PERMISSIONS.filter((p) => ALWAYS_GRANTABLE.includes(p) || actor.caps.permissions.includes(p));
}

/** The permissions of `wanted` the actor does not hold (so may not grant). */
export function ungrantable(actor: Actor, wanted: readonly string[]): Permission[] {
  const mine = new Set(grantable(actor));
  return PERMISSIONS.filter((p) => wanted.includes(p) && !mine.has(p));
}

/** Writes the audit row of a refused change and returns the 403 to throw (`code`: its own error code). */
export async function refuse(
  db: Db,
  actor: Actor,
  entry: AuditEntry,
  description: string,
  code: ErrorCode = 'error.accessDenied',
  params?: Record<string, string | number>,
) {
  await audit(db, actor, { ...entry, outcome: 'denied' });
  return new AppError(code, description, undefined, undefined, params);
}

/**
 * Refuses (403 + audit) when `wanted` holds a permission the actor lacks: nobody grants a
 * permission they do not hold themselves (ARCHITECTURE §4).
 */
export async function assertGrantable(db: Db, actor: Actor, wanted: readonly string[], entry: AuditEntry) {
  const missing = ungrantable(actor, wanted);
  if (missing.length > 0) {
    throw await refuse(
      db,
      actor,
      entry,
      `You cannot grant permissions you do not hold yourself: ${missing.join(', ')}.`,
      'error.cannotGrant',
      { missing: missing.join(', ') },
    );
  }
}

export function toRole(g: GroupRow & { memberIds: number[] }): Role {
  return {
    groupId: g.id,
    contextId: g.contextId!,
    contextType: 'ORGANIZATION',
    name: g.name,
    permissions: PERMISSIONS.filter((p) => g.permissions.includes(p)),
    version: g.version,
    memberCount: g.memberIds.length,
    members: { memberType: 'identity_id', memberIds: g.memberIds },
  };
}

/** An institution's role (never the internal group), or 404. */
export async function roleOrNotFound(db: Db, id: number): Promise<GroupRow & { contextId: number }> {
  const g = await findGroup(db, id);
  if (!g || g.isInternal || g.contextId === null) throw notFound('Role');
  return g as GroupRow & { contextId: number };
}

/** Refuses (403 + audit) unless the actor satisfies `rule` (a per-group check after the route's broader rule). */
export async function requireRule(db: Db, actor: Actor, rule: Rule, entry: AuditEntry) {
  if (!can(actor.caps, rule)) throw await refuse(db, actor, entry, 'You do not have permission to do this.');
}
