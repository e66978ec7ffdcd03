import { count, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { usersApi } from '../../../shared/contract/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUsersWorld, type Persona } from '../../test/users-world';
import { exactOutsiders, institutionSearchWhere } from './users.queries';

let t: TestApp;
let w: Awaited<ReturnType<typeof createUsersWorld>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createUsersWorld(t.db, 'ix');
});
afterAll(() => t.close());

/** Requests as one of the world's personas (signed in with the test password). */
const as = (p: Persona) => t.as(w.u[p].username);

const search = (searchText: string) =>
  as('reg').call(usersApi.search, {
    body: {
      organizationId: w.a.id,
      searchText,
      includeOtherInstitutions: true,
    },
  });

describe('exact e-mail and user-name lookups', () => {
  it('finds an account of another institution by its e-mail in any letter case', async () => {
    for (const text of ['IXBTEACHER@EXAMPLE.EDU', 'IxBTeacher@Example.Edu', 'ixbteacher@example.edu']) {
      const res = await search(text);
      expect(res.statusCode).toBe(200);
      const found = res.json().users.filter((u: { username: string }) => u.username === 'ixbteacher');
      expect(found, text).toHaveLength(1);
      expect(found[0]).toMatchObject({ member: false, organizations: [] });
    }
    // part of the address is no exact match: the outsider stays invisible
    const part = await search('IXBTEACHER@EXAMPLE');
    expect(part.json().users.map((u: { username: string }) => u.username)).not.toContain('ixbteacher');
  });

  it('finds the outsider by user name in any letter case', async () => {
    const rows = await exactOutsiders(t.db, w.a.id, 'IXBTEACHER');
    expect(rows.map((r) => r.username)).toEqual(['ixbteacher']);
  });

  it('refuses a second account whose e-mail or user name differs only in letter case', async () => {
    const before = (await t.db.select({ n: count() }).from(users))[0].n;
    const insert = (username: string, email: string) =>
      t.db.insert(users).values({ username, email, firstName: 'Dup', lastName: 'Licate' });
    await expect(insert('ix-someone-new', 'IXREG@EXAMPLE.EDU')).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }),
    });
    await expect(insert('IXREG', 'ix-someone-new@example.edu')).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }),
    });
    expect((await t.db.select({ n: count() }).from(users))[0].n).toBe(before);
  });
});

/**
 * The plan of `query` with sequential scans switched off for this transaction: the test tables hold
 * a few dozen rows, where the planner rightly prefers a sequential scan, so this asserts that an
 * index path EXISTS for the query (with enable_seqscan off the planner still picks a sequential
 * scan when there is no other way).
 */
async function planWithoutSeqScan(db: Db, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const res = (await tx.execute(sql`explain (costs off) ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    return res.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('indexes behind the Users page (EXPLAIN, enable_seqscan off)', () => {
  it("searches an institution's users from its own rows, never a sequential scan of users", async () => {
    for (const text of ['', 'tester', 'ixteacher3@']) {
      const plan = await planWithoutSeqScan(
        t.db,
        t.db.select({ n: count() }).from(users).where(institutionSearchWhere(w.a.id, text)),
      );
      expect(plan, text).not.toMatch(/Seq Scan on users/);
      expect(plan, text).toMatch(/memberships_inst_staff_idx/);
      expect(plan, text).toMatch(/(Index Scan|Index Only Scan) using users_pkey|Bitmap Index Scan on users_/);
    }
  });

  it('finds an e-mail or user name through the lower() unique indexes', async () => {
    const byEmail = await planWithoutSeqScan(
      t.db,
      t.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${'IXREG@example.edu'})`),
    );
    expect(byEmail).toMatch(/users_email_lower_uq/);
    expect(byEmail).not.toMatch(/Seq Scan on users/);
    const byName = await planWithoutSeqScan(
      t.db,
      t.db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${'IXREG'})`),
    );
    expect(byName).toMatch(/users_username_lower_uq/);
  });

  it('has a trigram index for a contains-search of names, e-mails and user names', async () => {
    const plan = await planWithoutSeqScan(
      t.db,
      t.db
        .select({ id: users.id })
        .from(users)
        .where(sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${'%teach%'}`),
    );
    expect(plan).toMatch(/Bitmap Index Scan on users_full_name_trgm/);
    const email = await planWithoutSeqScan(
      t.db,
      t.db.select({ id: users.id }).from(users).where(sql`${users.email} ilike ${'%teach%'}`),
    );
    expect(email).toMatch(/Bitmap Index Scan on users_email_trgm/);
  });
});
