import { PERMISSIONS, type Permission } from '../../../shared/permissions';
import type { RoleItem } from './api';

/** Cells toggled on screen but not saved yet, per role: permission → wanted state. */
export type PendingEdits = Record<number, Partial<Record<Permission, boolean>>>;

/** A role's permissions with the unsaved toggles applied on top of what the server has now. */
export function effectivePermissions(role: RoleItem, pending: PendingEdits): Permission[] {
  const edits = pending[role.groupId] ?? {};
  return PERMISSIONS.filter((p) => edits[p] ?? role.permissions.includes(p));
}

export function isDirty(role: RoleItem, pending: PendingEdits): boolean {
  const edits = pending[role.groupId] ?? {};
  return Object.entries(edits).some(([p, on]) => on !== role.permissions.includes(p as Permission));
}
