import type { RecycleKindT, RestoreResponseT } from '../../../shared/contract/recycle-bin';
import type { Rule } from '../../../shared/permissions';
import type { Db } from '../../db/client';
import { recycleBin } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AuditEntry } from '../../lib/audit';

/** One row of the bin as stored. */
export type BinRow = typeof recycleBin.$inferSelect;

/** The 404 of an entry that is no longer in the bin (restored, purged, or its thing gone). */
export const entryNotFound = () =>
  new AppError('error.recycleBinEntryNotFound', 'This item is no longer in the recycle bin.');

/** A bin row whose snapshot is the one its kind stores. */
export type BinEntryOf<S> = Omit<BinRow, 'snapshot'> & { snapshot: S };

/**
 * `institutionId` of an entry that belongs to no institution (a removal from the internal-user group):
 * it shows in every institution's bin to those who hold its kind's `internalRule`.
 */
export const INTERNAL_GROUP_BIN = 0;

/**
 * How a feature's kind of removed thing is kept and restored. The feature defines it with
 * defineBinKind beside the code that removes the thing; the bin lists, restores and purges all kinds.
 */
export interface BinKind<S> {
  kind: RecycleKindT;
  /** The rule that allowed the removal, which seeing and restoring the entry need too. */
  rule: Rule;
  /** The rule for this kind's entries of no institution (INTERNAL_GROUP_BIN), when it has any. */
  internalRule?: Rule;
  /** The audit row of a restore; its `after` is replaced by the restore's counts when it succeeds. */
  audit(entry: BinEntryOf<S>): AuditEntry;
  /** Why this actor may not restore the entry (audited as denied), or undefined. */
  refusal?(db: Db, actor: Actor, entry: BinEntryOf<S>): Promise<AppError | undefined>;
  /** Puts the thing back inside the restore's transaction, or throws why it cannot. */
  restore(tx: Db, entry: BinEntryOf<S>): Promise<RestoreResponseT>;
  /** What a failed restore answers instead of its error (e.g. a unique violation as a 409). */
  failure?(err: unknown, entry: BinEntryOf<S>): unknown;
}

/** What a removal puts in the bin: the thing's id, name and the rows it deleted or hid, as they were. */
export interface BinPut<S> {
  institutionId: number;
  entityId: number;
  name: string;
  snapshot: S;
}

const kinds = new Map<string, BinKind<never>>();

/**
 * The kind of a stored entry (every kind is defined when its feature's code is loaded); undefined for a
 * kind no feature defines, whose entry cannot be restored.
 */
export function binKind(kind: string): BinKind<unknown> | undefined {
  return kinds.get(kind) as BinKind<unknown> | undefined;
}

export const binKinds = (): BinKind<unknown>[] => [...kinds.values()] as BinKind<unknown>[];

/**
 * Defines a kind of the bin and returns its `put`: call that inside the transaction that removes the
 * thing, so the entry exists exactly when the removal does.
 */
export function defineBinKind<S>(def: BinKind<S>) {
  kinds.set(def.kind, def as BinKind<never>);
  return {
    ...def,
    async put(db: Db, actor: { userId: number | null } | null, entry: BinPut<S>) {
      const [row] = await db
        .insert(recycleBin)
        .values({
          kind: def.kind,
          institutionId: entry.institutionId,
          entityId: entry.entityId,
          name: entry.name,
          removedBy: actor?.userId ?? null,
          snapshot: entry.snapshot as never,
        })
        .returning({ id: recycleBin.id });
      return row.id;
    },
  };
}
