import { describe, expect, it } from 'vitest';
import type { RoleItem } from './api';
import { effectivePermissions, isDirty } from './pending';

const role = (permissions: RoleItem['permissions'], version = 1): RoleItem => ({
  groupId: 7,
  contextId: 1,
  contextType: 'ORGANIZATION',
  name: 'Grader',
  permissions,
  version,
  memberCount: 0,
  members: { memberType: 'identity_id', memberIds: [] },
});

describe('unsaved permission toggles', () => {
  it('apply on top of what the server has now, so a reload after a conflict keeps both changes', () => {
    const pending = { 7: { CAN_ENROLL_STUDENTS: true } };
    // someone else added CAN_DELETE_COURSES meanwhile: the merge keeps theirs and ours
    expect(effectivePermissions(role(['CAN_DELETE_COURSES'], 2), pending)).toEqual([
      'CAN_ENROLL_STUDENTS',
      'CAN_DELETE_COURSES',
    ]);
    expect(isDirty(role(['CAN_DELETE_COURSES'], 2), pending)).toBe(true);
  });

  it('are not dirty when they match the server', () => {
    expect(isDirty(role(['CAN_ENROLL_STUDENTS']), { 7: { CAN_ENROLL_STUDENTS: true } })).toBe(false);
    expect(isDirty(role([]), {})).toBe(false);
    expect(
      effectivePermissions(role(['CAN_ENROLL_STUDENTS']), { 7: { CAN_ENROLL_STUDENTS: false } }),
    ).toEqual([]);
  });
});
