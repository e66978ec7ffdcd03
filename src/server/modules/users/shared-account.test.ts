import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { users } from '../../db/schema';
import { createRole, createUser } from '../../test/fixtures';
import { usersApi } from '../../../shared/contract/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, deniedAudits, type Persona } from '../../test/users-world';
import { SHARED_ACCOUNT_MESSAGE } from './shared-account';

/**
 * Accounts belong to everyone who administers them: an account's e-mail and names change only by
 * someone who administers every institution it belongs to, or a super admin. Adding an existing
 * account to one's institution stays allowed (spec §7); it does not hand over the account.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createUsersWorld(t.db, 's');
});
afterAll(() => t.close());

/** Requests as one of the world's personas (signed in with the test password). */
const as = (p: Persona) => t.as(w.u[p].username);

const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const edit = (
  who: Persona,
  institutionId: number,
  user: { id: number; firstName: string; lastName: string },
  changes: { email: string; firstName?: string; lastName?: string; groupId: number },
) =>
  as(who).call(usersApi.editPiUser, {
    query: { organizationId: institutionId },
    body: {
      userId: user.id,
      firstName: changes.firstName ?? user.firstName,
      lastName: changes.lastName ?? user.lastName,
      email: changes.email,
      groupId: changes.groupId,
    },
  });

describe("an account's shared fields", () => {
  it("refuses an administrator of one institution changing the e-mail of another institution's user pulled in (403, audited, nothing changes)", async () => {
    const added = await as('reg').call(usersApi.addUser, {
      body: {
        userId: w.bTeacher.id,
        organizationId: w.a.id,
        groupId: w.roles.ta.id,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const before = await row(w.bTeacher.id);
    const audits = (await deniedAudits(t.db, 'user.update')).length;

    const res = await edit('reg', w.a.id, before, { email: 'attacker@evil.example', groupId: w.roles.ta.id });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      message: 'error.sharedAccountFields',
      description: SHARED_ACCOUNT_MESSAGE,
    });
    expect(await row(w.bTeacher.id)).toEqual(before);
    expect(await deniedAudits(t.db, 'user.update')).toHaveLength(audits + 1);

    const renamed = await edit('reg', w.a.id, before, {
      email: before.email,
      lastName: 'Renamed',
      groupId: w.roles.ta.id,
    });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().message).toBe('error.sharedAccountFields');
    expect(await row(w.bTeacher.id)).toEqual(before);
  });

  it('still lets that administrator change the role the account holds in their institution', async () => {
    const u = await row(w.bTeacher.id);
    const res = await edit('reg', w.a.id, u, { email: u.email, groupId: w.roles.instructor.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(w.bTeacher.id)).email).toBe(u.email);
  });

  it("refuses the other institution's administrator too: nobody administers the whole account alone", async () => {
    const u = await row(w.bTeacher.id);
    const res = await edit('regB', w.b.id, u, {
      email: 'regb-says@example.edu',
      groupId: w.roles.bInstructor.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('error.sharedAccountFields');
    expect((await row(w.bTeacher.id)).email).toBe(u.email);
  });

  it('lets someone who administers every institution of the account change it', async () => {
    const both = await createUser(t.db, 'sboth');
    await createRole(t.db, w.a.id, 'Co-Admin', ADMIN_PERMISSIONS, [both.id]);
    await createRole(t.db, w.b.id, 'Co-Admin', ADMIN_PERMISSIONS, [both.id]);
    const u = await row(w.bTeacher.id);
    const res = await t.as('sboth').call(usersApi.editPiUser, {
      query: { organizationId: w.a.id },
      body: {
        userId: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: 'both-admins@example.edu',
        groupId: w.roles.instructor.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(w.bTeacher.id)).email).toBe('both-admins@example.edu');
  });

  it('lets a super admin change it', async () => {
    const u = await row(w.bTeacher.id);
    const res = await edit('boss', w.a.id, u, {
      email: 'boss-set@example.edu',
      groupId: w.roles.instructor.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(w.bTeacher.id)).email).toBe('boss-set@example.edu');
  });

  it('lets an administrator change the e-mail of an account only their institution holds', async () => {
    const only = w.instructors[0];
    const res = await edit('reg', w.a.id, only, {
      email: 'only-here@example.edu',
      groupId: w.roles.instructor.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(only.id)).email).toBe('only-here@example.edu');
  });
});
