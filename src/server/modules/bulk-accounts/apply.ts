import { type BulkMode, plannedAction } from '../../../shared/contract/bulk-accounts';
import { can } from '../../../shared/permissions';
import type { JobContext } from '../../jobs/define';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { setRole } from '../roles/role-members.service';
import { isUniqueViolation } from '../roles/roles.rules';
import { sendAccountMail } from '../users/users.mail';
import { addMembership, institutionName, insertUser, updateUser } from '../users/users.queries';
import * as q from './bulk-accounts.queries';
import { type ClassifiedRow, classifyRows, newFileState, type RoleInfo, type RowData } from './classify';
import { institutionRoles, jobActor } from './job-actor';
import type { RawRow } from './xlsx-read';

const BATCH = 200;

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
  ctx: JobContext;
  actor: Actor;
  importId: string;
  institutionId: number;
  institutionName: string;
  roles: RoleInfo[];
}

/** Creates or updates the account of one row in one transaction that also records the row's result. */
async function writeRow(a: ApplyContext, row: ClassifiedRow, action: 'create' | 'update') {
  const { db } = a.ctx;
  const d = row.data;
  const groupId = d.groupId!;
  const created = await db.transaction(async (tx) => {
    let userId: number;
    let fresh: { id: number; username: string; email: string; firstName: string } | undefined;
    if (action === 'create') {
      fresh = await insertUser(tx, {
        username: d.username,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
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
      resultMessage: action === 'create' ? 'Account requested; setup instructions e-mailed.' : d.note,
      userId,
    });
    await audit(tx, a.actor, {
      action: action === 'create' ? 'user.create' : 'user.update',
      entityType: 'user',
      entityId: userId,
      institutionId: a.institutionId,
      after: { ...d, importId: a.importId, rowNumber: row.rowNumber },
    });
    return fresh;
  });
  if (created) {
    await sendAccountMail(db, a.ctx.jobs, a.ctx.config, {
      userId: created.id,
      username: created.username,
      email: created.email,
      firstName: created.firstName,
      institutionId: a.institutionId,
      institutionName: a.institutionName,
      roleName: d.role,
      requestedBy: a.actor.userId,
      pending: true,
    });
  }
}

async function handleBatch(a: ApplyContext, mode: BulkMode, pending: q.ImportDataRow[]) {
  const { db } = a.ctx;
  const previewInvalid = pending.filter((r) => r.match === 'invalid');
  const fresh = await classifyRows(
    db,
    a.actor,
    a.institutionId,
    a.roles,
    pending.filter((r) => r.match !== 'invalid').map(rawOf),
    newFileState(),
  );
  for (const r of previewInvalid) {
    await q.setRowResult(db, a.importId, r.rowNumber, {
      action: 'reject',
      result: 'rejected',
      resultMessage: issuesText(r.issues as ClassifiedRow['issues']),
    });
  }
  for (const row of fresh) {
    const action = plannedAction(mode, row.match);
    try {
      if (action === 'create' || action === 'update') await writeRow(a, row, action);
      else {
        const message =
          action === 'reject' ? issuesText(row.issues) : (row.data.note ?? 'Not part of this mode.');
        await q.setRowResult(db, a.importId, row.rowNumber, {
          action,
          result: action === 'reject' ? 'rejected' : 'skipped',
          resultMessage: action === 'skip' && row.match !== 'unchanged' ? skipReason(mode) : message,
        });
      }
    } catch (err) {
      a.ctx.log.warn({ err, importId: a.importId, row: row.rowNumber }, 'bulk import row failed');
      await q.setRowResult(db, a.importId, row.rowNumber, {
        action,
        result: 'failed',
        resultMessage: isUniqueViolation(err)
          ? 'An account with this e-mail or user name was created meanwhile; upload the file again to update it.'
          : 'This row could not be saved. Try again later.',
      });
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
export async function applyImport(ctx: JobContext, importId: string) {
  const { db, config } = ctx;
  const imp = await q.findImport(db, importId);
  if (!imp || !['queued', 'running'].includes(imp.status) || !imp.mode || !imp.committedBy) return;
  await q.updateImport(db, importId, { status: 'running', startedAt: imp.startedAt ?? new Date() });
  const actor = await jobActor(
    db,
    config.internalGroupId,
    imp.committedBy,
    imp.institutionId,
    `bulk-apply-${importId}`,
  );
  const a: ApplyContext = {
    ctx,
    actor,
    importId,
    institutionId: imp.institutionId,
    institutionName: (await institutionName(db, imp.institutionId)) ?? '',
    roles: await institutionRoles(db, imp.institutionId),
  };
  if (!can(actor.caps, 'editUsers')) {
    for (
      let rows = await q.pendingRows(db, importId, BATCH);
      rows.length;
      rows = await q.pendingRows(db, importId, BATCH)
    ) {
      for (const r of rows) {
        await q.setRowResult(db, importId, r.rowNumber, {
          action: 'reject',
          result: 'failed',
          resultMessage: 'You may no longer create users in this institution.',
        });
      }
    }
    await finish(ctx, importId, 'failed', 'You may no longer create users in this institution.');
    return;
  }
  for (
    let rows = await q.pendingRows(db, importId, BATCH);
    rows.length;
    rows = await q.pendingRows(db, importId, BATCH)
  ) {
    await handleBatch(a, imp.mode as BulkMode, rows);
    const r = await q.resultCounts(db, importId);
    await q.updateImport(db, importId, { processedRows: imp.totalRows - r.pending });
  }
  await finish(ctx, importId, 'done', null);
}

async function finish({ db }: JobContext, importId: string, status: 'done' | 'failed', error: string | null) {
  const r = await q.resultCounts(db, importId);
  await q.updateImport(db, importId, {
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
  });
}
