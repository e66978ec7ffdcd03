import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Recently removed things: one entry per removed section or role, kept 30 days
 * (RECYCLE_BIN_DAYS) so that "Restore" can bring it back. `snapshot` holds every row the removal
 * deleted or hid, as it was, so a restore puts back exactly those rows.
 */
export const recycleBin = pgTable(
  'recycle_bin',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** section | role */
    kind: text('kind').notNull(),
    institutionId: integer('institution_id').notNull(),
    entityId: integer('entity_id').notNull(),
    /** What the list shows: the course or role name at removal. */
    name: text('name').notNull(),
    /** No foreign key: the entry outlives a remover's account. */
    removedBy: integer('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
    snapshot: jsonb('snapshot').notNull(),
  },
  (t) => [
    index('recycle_bin_inst_removed_idx').on(t.institutionId, t.removedAt, t.id),
    index('recycle_bin_removed_idx').on(t.removedAt),
  ],
);
