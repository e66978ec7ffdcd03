import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { FINAL_COPY_STATUSES } from '../../../shared/contract/course-copy';
import type { Db } from '../../db/client';
import { resultRows } from '../../db/execute';
import { insertJsonRows } from '../../db/insert-json-rows';
import { intArray, textArray } from '../../db/sql-arrays';
import { copyJobs, products, sections } from '../../db/schema';
import { productRuleFields } from './course-copy.queries';

const FINAL = [...FINAL_COPY_STATUSES];

/** A course and the queue job that is to copy it. */
export interface CopyOwner {
  copyJobId: number;
  queueJobId: string;
}

/** `(id, queue_job_id)` is one of the owners' pairs. */
function ownedBy(owners: CopyOwner[]) {
  return sql`(${copyJobs.id}, ${copyJobs.queueJobId}) in (select * from unnest(${intArray(
    owners.map((o) => o.copyJobId),
  )}, ${textArray(owners.map((o) => o.queueJobId))}::uuid[]))`;
}

/**
 * Claims the courses for attempts of their queue jobs, in one statement: status processing, one
 * more attempt. A course another job owns, or final already, is not claimed (not in the map).
 */
export async function claimCopyJobs(db: Db, owners: CopyOwner[]) {
  const rows = await db
    .update(copyJobs)
    .set({ status: 'processing', attempts: sql`${copyJobs.attempts} + 1`, updatedAt: new Date() })
    .where(and(ownedBy(owners), notInArray(copyJobs.status, FINAL)))
    .returning();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Locks the courses' rows, in id order, for the transaction that creates their sections. */
export async function lockCopyJobs(db: Db, ids: number[]) {
  return db.select().from(copyJobs).where(inArray(copyJobs.id, ids)).orderBy(copyJobs.id).for('update');
}

/** Source sections (deleted ones too) with every column and their product's copy-rule fields, by id. */
export async function sourceSections(db: Db, ids: number[]) {
  const rows = await db
    .select({ section: sections, ...productRuleFields })
    .from(sections)
    .leftJoin(products, eq(products.id, sections.productId))
    .where(inArray(sections.id, ids));
  return new Map(rows.map((r) => [r.section.id, r]));
}

/** Inserts the new sections in one statement; their ids are drawn first, so each course knows its own. */
export async function insertSections(db: Db, values: Omit<typeof sections.$inferInsert, 'id'>[]) {
  const ids = resultRows<{ id: number }>(
    await db.execute(
      sql`select nextval(pg_get_serial_sequence('sections', 'id'))::int as id from generate_series(1, ${values.length}::int)`,
    ),
  ).map((r) => r.id);
  await insertJsonRows(
    db,
    sections,
    values.map((v, i) => ({ ...v, id: ids[i] })),
  );
  return ids;
}

/** Gives each new section its source's instructors and teaching assistants (never its students). */
export async function copyInstructors(db: Db, pairs: { from: number; to: number }[]) {
  await db.execute(sql`
    insert into section_instructors (section_id, user_id, role)
    select p.to_id, si.user_id, si.role
      from unnest(${intArray(pairs.map((p) => p.from))}, ${intArray(pairs.map((p) => p.to))}) as p(from_id, to_id)
      join section_instructors si on si.section_id = p.from_id
    on conflict do nothing`);
}

/** The parents of new child courses become parents (once). */
export async function makeParents(db: Db, sectionIds: number[]) {
  if (sectionIds.length === 0) return;
  await db
    .update(sections)
    .set({ courseType: 'parent', version: sql`${sections.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(sections.id, sectionIds), sql`${sections.courseType} <> 'parent'`));
}

/**
 * Marks the courses succeeded with their new sections, guarded as one course's outcome is (owner,
 * not final, no section yet); returns the ids it marked.
 */
export async function setSucceeded(db: Db, done: (CopyOwner & { sectionId: number })[]) {
  const result = new Map(done.map((d) => [d.copyJobId, d.sectionId]));
  const rows = await db
    .update(copyJobs)
    .set({
      status: 'succeeded',
      reason: null,
      reasonCode: null,
      resultSectionId: sql`(select s from unnest(${intArray(done.map((d) => d.copyJobId))}, ${intArray(
        done.map((d) => d.sectionId),
      )}) as v(id, s) where v.id = ${copyJobs.id})`,
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(ownedBy(done), notInArray(copyJobs.status, FINAL), isNull(copyJobs.resultSectionId)))
    .returning({ id: copyJobs.id, resultSectionId: copyJobs.resultSectionId });
  return rows.filter((r) => r.resultSectionId === result.get(r.id)).map((r) => r.id);
}
