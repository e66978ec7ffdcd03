import type { Db } from '../db/client';
import { insertJsonRows } from '../db/insert-json-rows';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  institutionId?: number | null;
  outcome?: 'ok' | 'denied' | 'failed';
  before?: unknown;
  after?: unknown;
}

type AuditActor = { userId: number | null; requestId?: string | null; realUserId?: number } | null;

/**
 * Writes one audit row. Call it inside the transaction that makes the change. Under act-as the row
 * names the signed-in support user as actor and the acted-as user in `actingAsUserId`.
 */
export async function audit(db: Db, actor: AuditActor, entry: AuditEntry) {
  await db.insert(auditLog).values(auditRow(actor, entry));
}

/** Writes many audit rows of one actor in one statement (a batch of imports or copies). */
export async function auditMany(db: Db, actor: AuditActor, entries: AuditEntry[]) {
  await insertJsonRows(
    db,
    auditLog,
    entries.map((e) => auditRow(actor, e)),
  );
}

function auditRow(actor: AuditActor, entry: AuditEntry) {
  const acting = actor?.realUserId != null;
  return {
    actorUserId: acting ? actor.realUserId : (actor?.userId ?? null),
    actingAsUserId: acting ? actor.userId : null,
    requestId: actor?.requestId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    institutionId: entry.institutionId ?? null,
    outcome: entry.outcome ?? 'ok',
    before: (entry.before ?? null) as never,
    after: (entry.after ?? null) as never,
  };
}
