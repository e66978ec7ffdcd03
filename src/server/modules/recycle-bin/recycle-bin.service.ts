import type {
  RecycleBinQueryT,
  RecycleBinResponseT,
  RecycleKindT,
  RestoreBodyT,
  RestoreResponseT,
} from '../../../shared/contract/recycle-bin';
import { RECYCLE_BIN_DAYS } from '../../../shared/constants';
import { can, type Rule } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type BinKind, binKind, binKinds, entryNotFound, INTERNAL_GROUP_BIN } from './recycle-bin.kinds';
import * as q from './recycle-bin.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The rule that seeing and restoring the entry needs: its kind's, or for an entry of no institution its internalRule. */
function ruleOf(kind: BinKind<unknown>, e: { institutionId: number }): Rule {
  return e.institutionId === INTERNAL_GROUP_BIN && kind.internalRule ? kind.internalRule : kind.rule;
}

/** The kinds (optionally only one) of the institution's entries, and of entries of no institution, the caller may see. */
function kindsFor(actor: Actor, only?: RecycleKindT) {
  const wanted = binKinds().filter((k) => only === undefined || k.kind === only);
  return {
    kinds: wanted.filter((k) => can(actor.caps, k.rule)).map((k) => k.kind),
    internal: wanted.filter((k) => k.internalRule && can(actor.caps, k.internalRule)).map((k) => k.kind),
  };
}

const internalKinds = () =>
  binKinds()
    .filter((k) => k.internalRule)
    .map((k) => k.kind);

/** GET recycle-bin: the institution's recently removed things the caller may restore. */
export async function listBin(db: Db, actor: Actor, query: RecycleBinQueryT): Promise<RecycleBinResponseT> {
  const { kinds, internal } = kindsFor(actor, query.kind);
  if (kinds.length === 0 && internal.length === 0) return { entries: [], nextCursor: null };
  const before = query.cursor === undefined ? undefined : Number(query.cursor);
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0)) {
    throw new AppError('error.validation', 'The cursor is not one this list gave.', {
      cursor: 'Not a cursor of this list.',
    });
  }
  const rows = await q.binPage(db, query.organizationId, kinds, internal, before, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      kind: r.kind as RecycleKindT,
      entityId: r.entityId,
      name: r.name,
      removedBy: r.removedBy,
      removedByName: r.firstName === null ? null : `${r.firstName} ${r.lastName}`.trim(),
      removedAt: r.removedAt.toISOString(),
      purgeAt: new Date(r.removedAt.getTime() + RECYCLE_BIN_DAYS * DAY_MS).toISOString(),
    })),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1].id) : null,
  };
}

/** POST recycle-bin/restore: puts the removed thing back exactly, or answers why it cannot (409). */
export async function restoreEntry(db: Db, actor: Actor, body: RestoreBodyT): Promise<RestoreResponseT> {
  const entry = await q.findEntry(db, body.organizationId, body.id, internalKinds());
  const kind = entry && binKind(entry.kind);
  if (!entry || !kind) throw entryNotFound();
  const auditEntry = kind.audit(entry);
  if (!can(actor.caps, ruleOf(kind, entry))) {
    await audit(db, actor, { ...auditEntry, outcome: 'denied' });
    throw new AppError('error.accessDenied', 'You do not have permission to do this.');
  }
  const refused = await kind.refusal?.(db, actor, entry);
  if (refused) {
    await audit(db, actor, { ...auditEntry, outcome: 'denied' });
    throw refused;
  }
  try {
    return await db.transaction(async (tx) => {
      const taken = await q.takeEntry(tx, entry.id);
      if (!taken) throw entryNotFound();
      const result = await kind.restore(tx, entry);
      await audit(tx, actor, {
        ...auditEntry,
        after: {
          recycleBinId: entry.id,
          membersBack: result.membersBack,
          membersNotBack: result.membersNotBack,
        },
      });
      return result;
    });
  } catch (err) {
    throw kind.failure ? kind.failure(err, entry) : err;
  }
}

/** The scheduled purge: entries older than RECYCLE_BIN_DAYS leave the bin for good (audited, by the system). */
export async function purgeBin(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - RECYCLE_BIN_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const purged = await q.purgeBefore(tx, cutoff);
    for (const p of purged) {
      await audit(tx, null, {
        action: 'recycleBin.purge',
        entityType: p.kind,
        entityId: p.entityId,
        institutionId: p.institutionId === INTERNAL_GROUP_BIN ? null : p.institutionId,
        before: { recycleBinId: p.id, name: p.name },
      });
    }
    return purged.length;
  });
}
