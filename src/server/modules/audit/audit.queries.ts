import { and, asc, desc, eq, exists, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AuditFiltersT } from '../../../shared/contract/audit';
import type { Db } from '../../db/client';
import { auditLog, groups, sections, users } from '../../db/schema';

/** A page boundary: the (at, id) of the last row shown; `at` is PostgreSQL's own text (microseconds kept). */
export interface AuditKey {
  at: string;
  id: number;
}

function conditions(f: AuditFiltersT, after: AuditKey | null): SQL[] {
  const c: SQL[] = [eq(auditLog.institutionId, f.organizationId)];
  if (f.actorUserId !== undefined) c.push(eq(auditLog.actorUserId, f.actorUserId));
  if (f.entityType !== undefined) c.push(eq(auditLog.entityType, f.entityType));
  if (f.entityId !== undefined) c.push(eq(auditLog.entityId, f.entityId));
  if (f.action !== undefined) c.push(eq(auditLog.action, f.action));
  if (f.outcome === 'done') c.push(eq(auditLog.outcome, 'ok'));
  if (f.outcome === 'refused') c.push(ne(auditLog.outcome, 'ok'));
  if (f.from !== undefined) c.push(gte(auditLog.at, new Date(f.from)));
  if (f.to !== undefined) c.push(lt(auditLog.at, new Date(f.to)));
  if (after) c.push(sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})`);
  return c;
}

/**
 * The entity's name as people know it, resolved in the page's own query (one statement, no per-row
 * calls): a course's title and section code, a user's name, a role's name; null otherwise or once gone.
 */
const entityLabel = sql<string | null>`case
  when ${auditLog.entityType} = 'section' then (select s.course_name || coalesce(' ' || nullif(s.section_code, ''), '')
    from ${sections} s where s.id::text = ${auditLog.entityId})
  when ${auditLog.entityType} = 'user' then (select nullif(trim(u.first_name || ' ' || u.last_name), '')
    from ${users} u where u.id::text = ${auditLog.entityId})
  when ${auditLog.entityType} in ('role', 'group') then (select g.name from ${groups} g where g.id::text = ${auditLog.entityId})
end`;

/** One page of an institution's audit rows, newest first, after a keyset boundary. */
export function auditRows(db: Db, f: AuditFiltersT, after: AuditKey | null, limit: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      atKey: sql<string>`${auditLog.at}::text`,
      actorUserId: auditLog.actorUserId,
      actorUsername: users.username,
      actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      entityLabel: entityLabel,
      actingAsUserId: auditLog.actingAsUserId,
      actingAsUsername: sql<
        string | null
      >`(select u.username from ${users} u where u.id = ${auditLog.actingAsUserId})`,
      institutionId: auditLog.institutionId,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      outcome: auditLog.outcome,
      before: auditLog.before,
      after: auditLog.after,
      requestId: auditLog.requestId,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(...conditions(f, after)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
export type AuditDbRow = Awaited<ReturnType<typeof auditRows>>[number];

/** Up to 20 users who wrote audit rows of the institution, whose name, username or e-mail contains `q`. */
export function auditActors(db: Db, institutionId: number, q: string | undefined) {
  const p = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .where(
      and(
        exists(
          db
            .select({ one: sql`1` })
            .from(auditLog)
            .where(and(eq(auditLog.institutionId, institutionId), eq(auditLog.actorUserId, users.id))),
        ),
        p
          ? or(
              sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${p}`,
              ilike(users.username, p),
              ilike(users.email, p),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(20);
}

/** Display names of users and roles (groups) by id, for the change summaries of one page. */
export async function namesOf(db: Db, userIds: number[], groupIds: number[]) {
  const [us, gs] = await Promise.all([
    userIds.length
      ? db
          .select({
            id: users.id,
            name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
            username: users.username,
          })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    groupIds.length
      ? db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, groupIds))
      : [],
  ]);
  return {
    users: new Map(us.map((u) => [u.id, u.name || u.username])),
    groups: new Map(gs.map((g) => [g.id, g.name])),
  };
}
