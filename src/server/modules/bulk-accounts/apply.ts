import { setImmediate as nextTurn } from 'node:timers/promises';
import { type BulkMode, plannedAction } from '../../../shared/contract/bulk-accounts';
import { can } from '../../../shared/permissions';
import { ANALYZE_AFTER_ROWS, analyzeTables } from '../../db/analyze';
import type { ServiceContext } from '../../jobs/define';
import type { Locale } from '../../../shared/constants';
import type { Actor } from '../../lib/actor';
import { audit, auditMany } from '../../lib/audit';
import { setRole } from '../roles';
import { isUniqueViolation } from '../../db/errors';
import { type AccountMailInput, sendAccountMail, sendAccountMails } from '../users';
import { addMembership, institutionName, insertUser, updateUser } from '../users';
import * as q from './bulk-accounts.queries';
import { type ClassifiedRow, classifyRows, newFileState, type RoleInfo, type RowData } from './classify';
import { institutionRoles, jobActor } from './job-actor';
import type { RawRow } from './xlsx-read';

const BATCH = 500;
const createdMessage = 'Account requested; setup instructions e-mailed.';

const issuesText = (issues: { column: string; message: string }[]) =>
  issues.map((i) => `${i.column}: ${i.message}`).join(' | ');

function rawOf(r: q.ImportDataRow): RawRow {
  const d = r.data as RowData;
  return {
    rowNumber: r.rowNumber,
    values: {
      'First Name': d.firstName,
      'Last Name': d.lastName,
      Email: d.email,
      Username: d.usernameDefaulted ? '' : d.username,
      Role: d.role,
    },
    issues: [],
  };
}

interface ApplyContext {
  ctx: ServiceContext;
  actor: Actor;
  importId: string;
  institutionId: number;
  institutionName: string;
  roles: RoleInfo[];
  /** The new accounts' language (the committing administrator's); null: none chosen. */
  locale: Locale | null;
}

/**
 * Creates or updates the account of one row in one transaction that also records the row's result.
 * Used when a batch could not be written at once, so that only the rows that cannot be saved fail.
 */
async function writeRow(a: ApplyContext, row: ClassifiedRow, action: 'create' | 'update') {
  const { db } = a.ctx;
  const d = row.data;
  const groupId = d.groupId!;
  await db.transaction(async (tx) => {
    let userId: number;
    let fresh: { id: number; username: string; email: string; firstName: string } | undefined;
    if (action === 'create') {
      fresh = await insertUser(tx, {
        username: d.username,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        locale: a.locale,
      });
      userId = fresh.id;
    } else {
      userId = row.existingUserId!;
      if (d.changeName) await updateUser(tx, userId, { firstName: d.firstName, lastName: d.lastName });
    }
    await addMembership(tx, userId, a.institutionId);
    await setRole(tx, a.institutionId, groupId, [userId]);
    await q.setRowResult(tx, a.importId, row.rowNumber, {
      action,
      result: action === 'create' ? 'created' : 'updated',
      resultMessage: action === 'create' ? createdMessage : d.note,
      userId,
    });
    await audit(tx, a.actor, {
      action: action === 'create' ? 'user.create' : 'user.update',
      entityType: 'user',
      entityId: userId,
      institutionId: a.institutionId,
      after: { ...d, importId: a.importId, rowNumber: row.rowNumber },
    });
    if (fresh) {
      await sendAccountMail(tx, a.ctx.jobs, a.ctx.config, {
        userId: fresh.id,
        username: fresh.username,
        email: fresh.email,
        firstName: fresh.firstName,
        institutionId: a.institutionId,
        institutionName: a.institutionName,
        roleName: d.role,
        requestedBy: a.actor.userId,
        pending: true,
        locale: a.locale,
      });
    }
  });
}

type Write = { row: ClassifiedRow; action: 'create' | 'update' };

/**
 * Writes the accounts of a batch in one transaction, a few statements whatever its size: the new
 * users, name changes, memberships, roles (one statement pair per role), every row's result
 * (`others` too: skipped and rejected rows), the audit rows and the new accounts' setup e-mails.
 */
async function writeBatch(a: ApplyContext, writes: Write[], others: q.RowResult[]) {
  return a.ctx.db.transaction(async (tx) => {
    const userIds = new Map<number, number>();
    const creates = writes.filter((w) => w.action === 'create');
    const inserted = await q.insertUsers(
      tx,
      creates.map(({ row: { data: d } }) => ({
        username: d.username,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        locale: a.locale,
      })),
    );
    const idByUsername = new Map(inserted.map((u) => [u.username, u.id]));
    for (const w of creates) userIds.set(w.row.rowNumber, idByUsername.get(w.row.data.username)!);
    for (const w of writes) if (w.action === 'update') userIds.set(w.row.rowNumber, w.row.existingUserId!);
    const idOf = (w: Write) => userIds.get(w.row.rowNumber)!;

    await q.renameUsers(
      tx,
      writes
        .filter((w) => w.action === 'update' && w.row.data.changeName)
        .map((w) => ({ id: idOf(w), firstName: w.row.data.firstName, lastName: w.row.data.lastName })),
    );
    await q.addMemberships(tx, a.institutionId, writes.map(idOf));
    const byRole = new Map<number, number[]>();
    for (const w of writes)
      byRole.set(w.row.data.groupId!, [...(byRole.get(w.row.data.groupId!) ?? []), idOf(w)]);
    for (const [groupId, ids] of byRole) await setRole(tx, a.institutionId, groupId, ids);
    await q.setRowResults(tx, a.importId, [
      ...others,
      ...writes.map((w) => ({
        rowNumber: w.row.rowNumber,
        action: w.action,
        result: w.action === 'create' ? 'created' : 'updated',
        resultMessage: w.action === 'create' ? createdMessage : w.row.data.note,
        userId: idOf(w),
      })),
    ]);
    await auditMany(
      tx,
      a.actor,
      writes.map((w) => ({
        action: w.action === 'create' ? 'user.create' : 'user.update',
        entityType: 'user',
        entityId: idOf(w),
        institutionId: a.institutionId,
        after: { ...w.row.data, importId: a.importId, rowNumber: w.row.rowNumber },
      })),
    );
    await sendAccountMails(
      tx,
      a.ctx.jobs,
      a.ctx.config,
      creates.map(
        (w): AccountMailInput => ({
          userId: idOf(w),
          username: w.row.data.username,
          email: w.row.data.email,
          firstName: w.row.data.firstName,
          institutionId: a.institutionId,
          institutionName: a.institutionName,
          roleName: w.row.data.role,
          requestedBy: a.actor.userId,
          pending: true,
          locale: a.locale,
        }),
      ),
    );
  });
}

async function handleBatch(a: ApplyContext, mode: BulkMode, pending: q.ImportDataRow[]) {
  const { db } = a.ctx;
  const fresh = await classifyRows(
    db,
    a.actor,
    a.institutionId,
    a.roles,
    pending.filter((r) => r.match !== 'invalid').map(rawOf),
    newFileState(),
  );
  const others: q.RowResult[] = pending
    .filter((r) => r.match === 'invalid')
    .map((r) => ({
      rowNumber: r.rowNumber,
      action: 'reject',
      result: 'rejected',
      resultMessage: issuesText(r.issues as ClassifiedRow['issues']),
    }));
  const writes: Write[] = [];
  for (const row of fresh) {
    const action = plannedAction(mode, row.match);
    if (action === 'create' || action === 'update') writes.push({ row, action });
    else {
      const message =
        action === 'reject' ? issuesText(row.issues) : (row.data.note ?? 'Not part of this mode.');
      others.push({
        rowNumber: row.rowNumber,
        action,
        result: action === 'reject' ? 'rejected' : 'skipped',
        resultMessage: action === 'skip' && row.match !== 'unchanged' ? skipReason(mode) : message,
      });
    }
  }
  if (writes.length === 0) {
    await q.setRowResults(db, a.importId, others);
    return;
  }
  try {
    await writeBatch(a, writes, others);
  } catch (err) {
    // Rolled back as a whole (e.g. an account was created meanwhile): row by row, only the rows
    // that cannot be saved fail.
    a.ctx.log.info({ err, importId: a.importId }, 'bulk import batch failed; writing it row by row');
    await q.setRowResults(db, a.importId, others);
    for (const { row, action } of writes) {
      try {
        await writeRow(a, row, action);
      } catch (rowErr) {
        a.ctx.log.warn({ err: rowErr, importId: a.importId, row: row.rowNumber }, 'bulk import row failed');
        await q.setRowResult(db, a.importId, row.rowNumber, {
          action,
          result: 'failed',
          resultMessage: isUniqueViolation(rowErr)
            ? 'An account with this e-mail or user name was created meanwhile; upload the file again to update it.'
            : 'This row could not be saved. Try again later.',
        });
      }
    }
  }
}

const skipReason = (mode: BulkMode) =>
  mode === 'create'
    ? 'Create only: existing accounts are not changed.'
    : 'Update only: new accounts are not created.';

/**
 * The apply job's work: handles the rows without a result in batches, re-checking each against the
 * database as it is now. Idempotent: a retry continues with the rows still without a result.
 */
export async function applyImport(ctx: ServiceContext, importId: string, locale?: Locale) {
  const { db } = ctx;
  const imp = await q.findImport(db, importId);
  if (!imp || !['queued', 'running'].includes(imp.status) || !imp.mode || !imp.committedBy) return;
  await q.updateImport(db, importId, { status: 'running', startedAt: imp.startedAt ?? new Date() });
  const actor = await jobActor(db, imp.committedBy, imp.institutionId, `bulk-apply-${importId}`);
  const a: ApplyContext = {
    ctx,
    actor,
    importId,
    institutionId: imp.institutionId,
    institutionName: (await institutionName(db, imp.institutionId)) ?? '',
    roles: await institutionRoles(db, imp.institutionId),
    locale: locale ?? null,
  };
  if (!can(actor.caps, 'editUsers')) {
    for (
      let rows = await q.pendingRows(db, importId, BATCH);
      rows.length;
      rows = await q.pendingRows(db, importId, BATCH, rows.at(-1)!.rowNumber)
    ) {
      await q.setRowResults(
        db,
        importId,
        rows.map((r) => ({
          rowNumber: r.rowNumber,
          action: 'reject',
          result: 'failed',
          resultMessage: 'You may no longer create users in this institution.',
        })),
      );
    }
    await finishImport(ctx, importId, 'failed', 'You may no longer create users in this institution.');
    return;
  }
  for (
    let rows = await q.pendingRows(db, importId, BATCH);
    rows.length;
    // every row of a batch gets its result (or the job fails and its retry starts over)
    rows = await q.pendingRows(db, importId, BATCH, rows.at(-1)!.rowNumber)
  ) {
    await handleBatch(a, imp.mode as BulkMode, rows);
    const r = await q.resultCounts(db, importId);
    await q.updateImport(db, importId, { processedRows: imp.totalRows - r.pending });
    // On PGlite every query settles as a microtask: let requests and timers run between batches.
    await nextTurn();
  }
  await finishImport(ctx, importId, 'done', null);
  // Many accounts at once: statistics now rather than at autovacuum's next round.
  const r = await q.resultCounts(db, importId);
  if (r.created + r.updated >= ANALYZE_AFTER_ROWS)
    await analyzeTables(db, [
      'users',
      'memberships',
      'group_members',
      'account_requests',
      'bulk_import_rows',
    ]);
}

/** Records the import's outcome and counts; with `from`, only if it is still in that status. */
export async function finishImport(
  { db, metrics }: Pick<ServiceContext, 'db' | 'metrics'>,
  importId: string,
  status: 'done' | 'failed',
  error: string | null,
  from?: string,
) {
  const r = await q.resultCounts(db, importId);
  const values = {
    status,
    error,
    content: null,
    processedRows: r.created + r.updated + r.skipped + r.rejected + r.failed,
    createdCount: r.created,
    updatedCount: r.updated,
    skippedCount: r.skipped,
    rejectedCount: r.rejected,
    failedCount: r.failed,
    finishedAt: new Date(),
  };
  const finished = from ? await q.transitionImport(db, importId, from, values) : true;
  if (!from) await q.updateImport(db, importId, values);
  if (finished) metrics?.importOutcome(status);
}
