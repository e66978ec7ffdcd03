/** Shared setup of the users, roles, internal-users and bulk-accounts API tests. */
import { and, eq } from 'drizzle-orm';
import { ADMIN_PERMISSIONS } from '../../shared/permissions';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { createInstitution, createRole, createUser } from './fixtures';

export type Persona = 'reg' | 'lim' | 'viewer' | 'regB' | 'boss' | 'assoc' | 'support';

/**
 * Two institutions A and B.
 * A: Administrator [reg], Instructor [8 instructors], Teaching Assistant [], Limited Admin [lim]
 *    (dashboard, users, roles only), Viewer [viewer] (dashboard only).
 * B: Administrator [regB, boss, assoc, support], Instructor [1 instructor].
 * boss = super admin, assoc = associate super admin, support = nasupport.
 */
export async function createUsersWorld(db: Db, prefix: string) {
  const a = await createInstitution(db, `${prefix} Alder College`);
  const b = await createInstitution(db, `${prefix} Birch University`);
  const u = {} as Record<Persona, Awaited<ReturnType<typeof createUser>>>;
  u.reg = await createUser(db, `${prefix}reg`);
  u.lim = await createUser(db, `${prefix}lim`);
  u.viewer = await createUser(db, `${prefix}viewer`);
  u.regB = await createUser(db, `${prefix}regb`);
  u.boss = await createUser(db, `${prefix}boss`, { superAdmin: true });
  u.assoc = await createUser(db, `${prefix}assoc`, { associateSuperAdmin: true });
  u.support = await createUser(db, `${prefix}support`, { nasupport: true });
  const instructors = [];
  for (let i = 0; i < 8; i++) instructors.push(await createUser(db, `${prefix}teacher${i}`));
  const bTeacher = await createUser(db, `${prefix}bteacher`);
  const roles = {
    admin: await createRole(db, a.id, 'Administrator', ADMIN_PERMISSIONS, [u.reg.id]),
    instructor: await createRole(
      db,
      a.id,
      'Instructor',
      ['CAN_COPY_EDIT_COURSES', 'CAN_ENROLL_STUDENTS'],
      instructors.map((x) => x.id),
    ),
    ta: await createRole(db, a.id, 'Teaching Assistant', ['CAN_ENROLL_STUDENTS'], []),
    limited: await createRole(
      db,
      a.id,
      'Limited Admin',
      ['CAN_ACCESS_ADMIN_DASHBOARD', 'CAN_CREATE_EDIT_USERS', 'CAN_CREATE_EDIT_ROLES'],
      [u.lim.id],
    ),
    viewer: await createRole(db, a.id, 'Viewer', ['CAN_ACCESS_ADMIN_DASHBOARD'], [u.viewer.id]),
    bAdmin: await createRole(db, b.id, 'Administrator', ADMIN_PERMISSIONS, [
      u.regB.id,
      u.boss.id,
      u.assoc.id,
      u.support.id,
    ]),
    bInstructor: await createRole(db, b.id, 'Instructor', ['CAN_ENROLL_STUDENTS'], [bTeacher.id]),
  };
  return { a, b, u, instructors, bTeacher, roles };
}

export async function deniedAudits(db: Db, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.outcome, 'denied'), eq(auditLog.action, action)));
}
