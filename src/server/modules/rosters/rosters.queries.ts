import { and, asc, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, sections, users } from '../../db/schema';

export type RosterSort = 'lastName' | 'email' | 'accessEndsAt' | 'currentAccess' | 'optStatus';

const columns = {
  enrollmentId: enrollments.id,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  username: users.username,
  accessType: enrollments.accessType,
  accessEndsAt: enrollments.accessEndsAt,
  currentAccess: enrollments.currentAccess,
  optStatus: enrollments.optStatus,
  courseRole: enrollments.courseRole,
  optDecidedAt: enrollments.optDecidedAt,
  remindedAt: enrollments.remindedAt,
  droppedAt: enrollments.droppedAt,
  dropCause: enrollments.dropCause,
};

/** The section's enrollments, dropped ones included: they stay on the roster with their drop and billing reason. */
const enrolledIn = (sectionId: number) => eq(enrollments.sectionId, sectionId);

function search(sectionId: number, q: string): SQL {
  const own = enrolledIn(sectionId);
  if (!q) return own;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    own,
    or(
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      ilike(users.email, pattern),
      ilike(users.username, pattern),
    ),
  ) as SQL;
}

const SORTS: Record<RosterSort, SQL[]> = {
  lastName: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  email: [sql`lower(${users.email})`],
  accessEndsAt: [sql`${enrollments.accessEndsAt}`],
  currentAccess: [sql`coalesce(${enrollments.currentAccess}, '')`],
  optStatus: [sql`${enrollments.optStatus}`],
};

export async function rosterPage(
  db: Db,
  p: {
    sectionId: number;
    q: string;
    page: number;
    pageSize: number;
    sort: RosterSort;
    order: 'asc' | 'desc';
  },
) {
  const where = search(p.sectionId, p.q);
  const dir = p.order === 'desc' ? desc : asc;
  const rows = await db
    .select(columns)
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(where)
    .orderBy(...SORTS[p.sort].map((c) => dir(c)), asc(enrollments.id))
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(where);
  return { rows, total };
}

/** One batch of a roster after an enrollment id (CSV export). */
export async function rosterBatch(db: Db, sectionId: number, after: number | null) {
  return db
    .select(columns)
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(enrolledIn(sectionId), after === null ? undefined : gt(enrollments.id, after)))
    .orderBy(asc(enrollments.id))
    .limit(1000);
}

export async function sectionName(db: Db, sectionId: number) {
  const [row] = await db
    .select({ courseName: sections.courseName, sectionCode: sections.sectionCode })
    .from(sections)
    .where(eq(sections.id, sectionId));
  return row;
}
