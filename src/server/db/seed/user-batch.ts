import { groupMembers, memberships, users } from '../schema';
import type { Db } from '../client';
import { allocateIds, bulkInsert } from './bulk';

export type NewUser = Omit<typeof users.$inferInsert, 'id'>;

/**
 * Users to insert together with their memberships and group memberships. Users are referred to
 * by their position in the batch until `insert` gives them ids.
 */
export class UserBatch {
  private readonly users: NewUser[] = [];
  private readonly memberships: { user: number; institutionId: number; courseRole: string }[] = [];
  private readonly groupMembers: { user: number; groupId: number }[] = [];

  get size(): number {
    return this.users.length;
  }

  /** Adds a user; every user of one batch must set the same fields. Returns its position. */
  add(user: NewUser): number {
    return this.users.push(user) - 1;
  }

  member(user: number, institutionId: number, courseRole: string): void {
    this.memberships.push({ user, institutionId, courseRole });
  }

  join(user: number, groupId: number): void {
    this.groupMembers.push({ user, groupId });
  }

  /** Inserts everything; returns the user ids by position. */
  async insert(db: Db): Promise<number[]> {
    const ids = await allocateIds(db, users, this.users.length);
    await bulkInsert(
      db,
      users,
      this.users.map((u, k) => ({ id: ids[k], ...u })),
    );
    await bulkInsert(
      db,
      memberships,
      this.memberships.map((m) => ({
        userId: ids[m.user],
        institutionId: m.institutionId,
        courseRole: m.courseRole,
      })),
    );
    await bulkInsert(
      db,
      groupMembers,
      this.groupMembers.map((g) => ({ groupId: g.groupId, userId: ids[g.user], memberType: 'identity_id' })),
    );
    return ids;
  }
}
