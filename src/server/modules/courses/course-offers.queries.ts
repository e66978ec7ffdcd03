import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions, sectionInstructors } from '../../db/schema';

/** The institution's census duration (new courses start with it). */
export async function institutionCensusDuration(db: Db, institutionId: number): Promise<number> {
  const [row] = await db
    .select({ censusDuration: institutions.censusDuration })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row?.censusDuration ?? -1;
}

export async function insertInstructors(db: Db, sectionId: number, list: { userId: number; role: string }[]) {
  if (list.length) await db.insert(sectionInstructors).values(list.map((i) => ({ sectionId, ...i })));
}

export async function institutionExists(db: Db, institutionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return !!row;
}
