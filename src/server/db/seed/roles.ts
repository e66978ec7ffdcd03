import { ADMIN_PERMISSIONS, type Permission } from '../../../shared/permissions';
import { groups } from '../schema';
import type { SeedContext, SeededInstitution } from './context';

export type StaffRole = 'admin' | 'registrar' | 'instructor' | 'ta' | 'readonly';

/** The roles (groups) every institution gets, and who holds them. */
export const ROLE_DEFS: { role: StaffRole; name: string; permissions: Permission[] }[] = [
  { role: 'admin', name: 'Administrator', permissions: ADMIN_PERMISSIONS },
  {
    role: 'registrar',
    name: 'Registrar',
    permissions: [
      'CAN_ACCESS_ADMIN_DASHBOARD',
      'CAN_CREATE_EDIT_USERS',
      'CAN_COPY_EDIT_COURSES',
      'CAN_ENROLL_STUDENTS',
      'CAN_ACCESS_REPORTING_ANALYTICS',
      'CAN_ACCESS_PRODUCTS_REPORTING',
    ],
  },
  {
    role: 'instructor',
    name: 'Instructor',
    permissions: ['CAN_COPY_EDIT_COURSES', 'CAN_ENROLL_STUDENTS', 'CAN_ACCESS_REPORTING_ANALYTICS'],
  },
  { role: 'ta', name: 'Teaching Assistant', permissions: ['CAN_ENROLL_STUDENTS'] },
  { role: 'readonly', name: 'Read Only', permissions: ['NO_DASHBOARD_ACCESS'] },
];

/** A role without members in every other institution (deletable without re-mapping users). */
const EXTRA_ROLE = {
  name: 'Department Chair',
  permissions: [
    'CAN_ACCESS_ADMIN_DASHBOARD',
    'CAN_ACCESS_REPORTING_ANALYTICS',
    'CAN_COPY_EDIT_COURSES',
  ] as Permission[],
};

/** Group ids by institution id, then by staff role. */
export type RoleGroups = Map<number, Record<StaffRole, number>>;

export async function seedRoles(
  ctx: SeedContext,
  institutions: SeededInstitution[],
): Promise<{ groups: RoleGroups; count: number }> {
  const values = institutions.flatMap((inst, k) => [
    ...ROLE_DEFS.map((r) => ({ contextId: inst.id, name: r.name, permissions: r.permissions })),
    ...(k % 2 === 1
      ? [{ contextId: inst.id, name: EXTRA_ROLE.name, permissions: EXTRA_ROLE.permissions }]
      : []),
  ]);
  const rows = await ctx.db
    .insert(groups)
    .values(values)
    .returning({ id: groups.id, contextId: groups.contextId, name: groups.name });
  const byInst: RoleGroups = new Map();
  for (const inst of institutions) {
    const find = (name: string) => rows.find((r) => r.contextId === inst.id && r.name === name)!.id;
    byInst.set(
      inst.id,
      Object.fromEntries(ROLE_DEFS.map((r) => [r.role, find(r.name)])) as Record<StaffRole, number>,
    );
  }
  return { groups: byInst, count: rows.length };
}
