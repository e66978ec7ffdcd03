import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertJsonRows } from '../../db/insert-json-rows';
import { intArray, textArray } from '../../db/sql-arrays';
import { bulkImportRows, bulkImports, groupMembers, groups, memberships, users } from '../../db/schema';
import { isInstitutionUser } from '../users';

export type ImportRow = typeof bulkImports.$inferSelect;
export type ImportDataRow = typeof bulkImportRows.$inferSelect;

/** An import without its file bytes. */
const importFields = (() => {
  const { content: _content, ...rest } = getTableColumns(bulkImports);
  return rest;
})();

export async function findImport(db: Db, id: string): Promise<Omit<ImportRow, 'content'> | undefined> {
  const [row] = await db.select(importFields).from(bulkImports).where(eq(bulkImports.id, id));
  return row;
}

export async function importContent(db: Db, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: bulkImports.content })
    .from(bulkImports)
    .where(eq(bulkImports.id, id));
  // drivers hand bytea back as Uint8Array (PGlite) or Buffer (pg)
  return row?.content ? Buffer.from(row.content) : null;
}

export async function insertImport(db: Db, values: typeof bulkImports.$inferInsert) {
  const [row] = await db.insert(bulkImports).values(values).returning(importFields);
  return row;
}

export async function updateImport(db: Db, id: string, values: Partial<typeof bulkImports.$inferInsert>) {
  await db.update(bulkImports).set(values).where(eq(bulkImports.id, id));
}

/** Moves an import from `from` to the values' status; false when it was not in `from` any more. */
export async function transitionImport(
  db: Db,
  id: string,
  from: string,
  values: Partial<typeof bulkImports.$inferInsert>,
) {
  const rows = await db
    .update(bulkImports)
    .set(values)
    .where(and(eq(bulkImports.id, id), eq(bulkImports.status, from)))
    .returning({ id: bulkImports.id });
  return rows.length > 0;
}

export async function recentImports(db: Db, institutionId: number, limit = 10) {
  return db
    .select(importFields)
    .from(bulkImports)
    .where(eq(bulkImports.institutionId, institutionId))
    .orderBy(desc(bulkImports.createdAt))
    .limit(limit);
}

/** The previous upload of the same bytes to the same institution. */
export async function previousSameFile(db: Db, institutionId: number, sha: string, exceptId?: string) {
  const [row] = await db
    .select({ createdAt: bulkImports.createdAt })
    .from(bulkImports)
    .where(
      and(
        eq(bulkImports.institutionId, institutionId),
        eq(bulkImports.fileSha256, sha),
        exceptId ? ne(bulkImports.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(bulkImports.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function deleteRows(db: Db, importId: string) {
  await db.delete(bulkImportRows).where(eq(bulkImportRows.importId, importId));
}

export async function insertRows(db: Db, rows: (typeof bulkImportRows.$inferInsert)[]) {
  await insertJsonRows(db, bulkImportRows, rows);
}

export async function matchCounts(db: Db, importId: string) {
  const rows = await db
    .select({ match: bulkImportRows.match, n: count() })
    .from(bulkImportRows)
    .where(eq(bulkImportRows.importId, importId))
    .groupBy(bulkImportRows.match);
  return Object.fromEntries(rows.map((r) => [r.match, r.n])) as Record<string, number>;
}

export async function pageOfRows(
  db: Db,
  importId: string,
  matches: string[] | undefined,
  page: number,
  size: number,
) {
  const where = and(
    eq(bulkImportRows.importId, importId),
    matches ? inArray(bulkImportRows.match, matches.length ? matches : ['-']) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(bulkImportRows).where(where);
  const rows = await db
    .select()
    .from(bulkImportRows)
    .where(where)
    .orderBy(asc(bulkImportRows.rowNumber))
    .limit(size)
    .offset(page * size);
  return { rows, total: n };
}

export async function allRows(db: Db, importId: string) {
  return db
    .select()
    .from(bulkImportRows)
    .where(eq(bulkImportRows.importId, importId))
    .orderBy(asc(bulkImportRows.rowNumber));
}

/** The next rows the job has not handled yet, after row `afterRow` (keyset: no rescan of handled rows). */
export async function pendingRows(db: Db, importId: string, limit: number, afterRow = 0) {
  return db
    .select()
    .from(bulkImportRows)
    .where(
      and(
        eq(bulkImportRows.importId, importId),
        gt(bulkImportRows.rowNumber, afterRow),
        isNull(bulkImportRows.result),
      ),
    )
    .orderBy(asc(bulkImportRows.rowNumber))
    .limit(limit);
}

export async function setRowResult(
  db: Db,
  importId: string,
  rowNumber: number,
  values: { action: string; result: string; resultMessage: string | null; userId?: number | null },
) {
  await db
    .update(bulkImportRows)
    .set({ ...values, processedAt: new Date() })
    .where(and(eq(bulkImportRows.importId, importId), eq(bulkImportRows.rowNumber, rowNumber)));
}

export async function resultCounts(db: Db, importId: string) {
  const rows = await db
    .select({ result: bulkImportRows.result, n: count() })
    .from(bulkImportRows)
    .where(eq(bulkImportRows.importId, importId))
    .groupBy(bulkImportRows.result);
  const by = Object.fromEntries(rows.map((r) => [r.result ?? 'pending', r.n])) as Record<string, number>;
  return {
    created: by.created ?? 0,
    updated: by.updated ?? 0,
    skipped: by.skipped ?? 0,
    rejected: by.rejected ?? 0,
    failed: by.failed ?? 0,
    pending: by.pending ?? 0,
  };
}

/** Accounts whose lower-cased e-mail or user name is in the lists, with their institution standing. */
export async function accountsMatching(db: Db, institutionId: number, emails: string[], usernames: string[]) {
  if (emails.length === 0 && usernames.length === 0) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      flagged: sql<boolean>`(${users.superAdmin} or ${users.associateSuperAdmin} or ${users.nasupport})`,
      member: sql<boolean>`${isInstitutionUser(institutionId)}`,
    })
    .from(users)
    .where(
      sql`lower(${users.email}) = any(${textArray(emails)}) or lower(${users.username}) = any(${textArray(usernames)})`,
    );
}

/** Role ids held in the institution by each of the users. */
export async function roleIdsIn(db: Db, institutionId: number, userIds: number[]) {
  const out = new Map<number, number[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: groupMembers.userId, groupId: groups.id })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groups.contextId, institutionId), sql`${groupMembers.userId} = any(${intArray(userIds)})`));
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.groupId]);
  return out;
}

/** The result of one row, as the job records it. */
export interface RowResult {
  rowNumber: number;
  action: string;
  result: string;
  resultMessage: string | null;
  userId?: number | null;
}

/** Records the results of many rows in one statement (a row's user is kept when none is given). */
export async function setRowResults(db: Db, importId: string, results: RowResult[]) {
  if (results.length === 0) return;
  const values = JSON.stringify(
    results.map((r) => ({
      row_number: r.rowNumber,
      action: r.action,
      result: r.result,
      result_message: r.resultMessage,
      user_id: r.userId ?? null,
    })),
  );
  await db.execute(sql`
    update ${bulkImportRows} as r
    set action = v.action, result = v.result, result_message = v.result_message,
        user_id = coalesce(v.user_id, r.user_id), processed_at = now()
    from jsonb_to_recordset(${values}::jsonb)
      as v(row_number integer, action text, result text, result_message text, user_id integer)
    where r.import_id = ${importId} and r.row_number = v.row_number`);
}

/** Creates pending accounts (no password until the setup link is used) in one statement. */
export async function insertUsers(
  db: Db,
  values: { username: string; email: string; firstName: string; lastName: string; locale: string | null }[],
) {
  return insertJsonRows(
    db,
    users,
    values.map((v) => ({ ...v, status: 'pending', passwordHash: null })),
    { returning: { id: users.id, username: users.username } },
  );
}

/** Sets the first and last names of many users in one statement. */
export async function renameUsers(db: Db, names: { id: number; firstName: string; lastName: string }[]) {
  if (names.length === 0) return;
  const values = JSON.stringify(
    names.map((n) => ({ id: n.id, first_name: n.firstName, last_name: n.lastName })),
  );
  await db.execute(sql`
    update ${users} as u
    set first_name = v.first_name, last_name = v.last_name, version = u.version + 1, updated_at = now()
    from jsonb_to_recordset(${values}::jsonb) as v(id integer, first_name text, last_name text)
    where u.id = v.id`);
}

/** Makes the users members of the institution (course role instructor); existing memberships stay. */
export async function addMemberships(db: Db, institutionId: number, userIds: number[]) {
  await insertJsonRows(
    db,
    memberships,
    userIds.map((userId) => ({ userId, institutionId, courseRole: 'instructor' })),
    { onConflictDoNothing: true },
  );
}
