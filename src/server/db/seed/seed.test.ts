import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMISSIONS } from '../../../shared/permissions';
import { type Database, openDatabase } from '../client';
import { ensureInternalGroup, isValidIsbn13, PERSONA_KEYS, type SeedReport, seedDemo } from './index';

const PASSWORD = 'demo-pass-1';
const INTERNAL_GROUP = 'ead-internal-test';

describe('demo seed', () => {
  let database: Database;
  let report: SeedReport | null;
  const rows = async <T = Record<string, unknown>>(text: string, values?: unknown[]) =>
    (await database.sql.executeSql(text, values)).rows as T[];
  const count = async (text: string, values?: unknown[]) =>
    Number((await rows<{ n: number }>(text, values))[0].n);
  const column = async (text: string) => (await rows<{ v: unknown }>(text)).map((r) => r.v);

  beforeAll(async () => {
    database = openDatabase({});
    await database.migrate();
    report = await seedDemo(database.db, { password: PASSWORD, internalGroupId: INTERNAL_GROUP });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('reports what it made', () => {
    expect(report).not.toBeNull();
    expect(report!.organizations).toBeGreaterThanOrEqual(3);
    expect(report!.institutions).toBeGreaterThanOrEqual(12);
    expect(report!.products).toBeGreaterThanOrEqual(150);
    expect(report!.sections).toBeGreaterThanOrEqual(3000);
    expect(report!.enrollments).toBeGreaterThanOrEqual(50_000);
  });

  it('leaves planner statistics of the big tables (ANALYZE after the seed)', async () => {
    for (const table of ['users', 'memberships', 'sections', 'section_instructors', 'enrollments']) {
      const analysed = await count(
        `select count(*)::int n from pg_stats where schemaname = 'public' and tablename = $1`,
        [table],
      );
      expect(analysed, table).toBeGreaterThan(0);
    }
    const [users] = await rows<{ reltuples: number }>(
      `select reltuples::float8 as reltuples from pg_class where relname = 'users'`,
    );
    expect(Number(users.reltuples)).toBe(report!.users);
  });

  it('has organisations and varied institutions with departments', async () => {
    expect(await count('select count(*)::int n from organizations')).toBeGreaterThanOrEqual(3);
    expect(await count('select count(*)::int n from institutions')).toBeGreaterThanOrEqual(12);
    expect(
      await count('select count(*)::int n from institutions where census_duration = -1'),
    ).toBeGreaterThan(0);
    expect(await count('select count(*)::int n from institutions where census_duration > 0')).toBeGreaterThan(
      0,
    );
    expect(await count('select count(distinct offer_type)::int n from institutions')).toBeGreaterThanOrEqual(
      3,
    );
    expect(await column('select distinct inclusive_access v from institutions order by 1')).toEqual([
      false,
      true,
    ]);
    expect(
      await count('select count(*)::int n from institutions where org_inclusive_id is not null'),
    ).toBeGreaterThan(0);
    expect(
      await count('select count(*)::int n from institutions where inclusive_offer_ends_on is not null'),
    ).toBeGreaterThan(0);
    expect(
      await count(
        'select count(*)::int n from institutions i where not exists (select 1 from departments d where d.institution_id = i.id)',
      ),
    ).toBe(0);
    const first = await column('select display_name v from institutions order by display_name limit 1');
    expect(first).toEqual(['Abbott Valley Community College']);
  });

  it('has 150+ products with valid ISBN-13s, urns, platforms, types, statuses and channel partners', async () => {
    const products = await rows<{ isbn: string; urn: string }>('select isbn, urn from products');
    expect(products.length).toBeGreaterThanOrEqual(150);
    for (const p of products) {
      expect(isValidIsbn13(p.isbn), p.isbn).toBe(true);
      expect(p.urn).toBe(`urn:product:${p.isbn}`);
    }
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(await column('select distinct platform v from products order by 1')).toEqual([
      'courseware',
      'legacy',
    ]);
    expect(await column('select distinct product_type v from products order by 1')).toEqual([
      'assessment',
      'course',
    ]);
    expect(await column('select distinct status v from products order by 1')).toEqual(['active', 'retired']);
    const partners = await count('select count(*)::int n from channel_partners');
    expect(partners).toBeGreaterThanOrEqual(3);
    expect(partners).toBeLessThanOrEqual(5);
    expect(await count('select count(*)::int n from products where channel_partner_id is null')).toBe(0);
  });

  it('has offers in every status at every institution but one, some ending within 30 days', async () => {
    const statuses = await column('select distinct offer_status v from offers');
    for (const s of ['APPROVED', 'NEW', 'REJECTED', 'EXPIRED', 'PENDING']) expect(statuses).toContain(s);
    expect(statuses.length).toBeGreaterThanOrEqual(7);
    expect(
      await count(`select count(*)::int n from institutions i where (select count(distinct offer_status) from offers o
        where o.institution_id = i.id and o.offer_status in ('APPROVED','NEW','REJECTED','EXPIRED','PENDING')) < 5`),
    ).toBe(1);
    expect(
      await column(`select display_name v from institutions i where not exists
        (select 1 from offers o where o.institution_id = i.id)`),
    ).toEqual(['Dunmore Community College']);
    expect(
      await count(`select count(*)::int n from institutions i where (select count(*) from offers o where
        o.institution_id = i.id and o.offer_status in ('APPROVED','NEW','PENDING')
        and o.ends_on between current_date and current_date + 30) < 2`),
    ).toBe(1);
    // the running offers about to expire end within 28 days, the others after 45: the set stays the
    // same for days after seeding
    expect(
      await count(`select count(*)::int n from offers where offer_status not in ('REJECTED','EXPIRED')
        and ends_on between current_date + 29 and current_date + 44`),
    ).toBe(0);
    expect(await column('select distinct inclusive v from offers order by 1')).toEqual([false, true]);
    expect(
      await count('select count(*)::int n from offers where offer_status = $1 and ends_on >= current_date', [
        'EXPIRED',
      ]),
    ).toBe(0);
  });

  it('has 3000+ sections over past, current and future periods, of every course type', async () => {
    expect(await count('select count(*)::int n from sections')).toBeGreaterThanOrEqual(3000);
    const periods = await rows<{ p: string; n: number }>(`select case when end_date < current_date then 'past'
      when start_date > current_date then 'future' else 'current' end p, count(*)::int n from sections group by 1`);
    expect(periods.map((r) => r.p).sort()).toEqual(['current', 'future', 'past']);
    for (const r of periods) expect(r.n).toBeGreaterThan(100);
    expect(await column('select distinct course_type v from sections order by 1')).toEqual([
      'child',
      'parent',
      'standalone',
    ]);
    expect(
      await count(
        `select count(*)::int n from sections where course_type = 'child' and parent_section_id is null`,
      ),
    ).toBe(0);
    // A child's master is a parent, or a master-child (a child of a parent with children of its own).
    expect(
      await count(`select count(*)::int n from sections c join sections p on p.id = c.parent_section_id
      left join sections gp on gp.id = p.parent_section_id
      where p.course_type <> 'parent' and coalesce(gp.course_type, '') <> 'parent'`),
    ).toBe(0);
    // Every institution has a master-child course, and its shell has no students.
    const masterChildren = await rows<{ institution_id: number; students: number }>(
      `select p.institution_id, (select count(*)::int from enrollments e where e.section_id = p.id) students
       from sections p where p.course_type = 'child'
       and exists (select 1 from sections c where c.parent_section_id = p.id)`,
    );
    expect(new Set(masterChildren.map((r) => r.institution_id)).size).toBe(
      await count('select count(*)::int n from institutions'),
    );
    expect(masterChildren.every((r) => r.students === 0)).toBe(true);
    expect(await column('select distinct use_type v from sections order by 1')).toEqual([
      'instructoruse',
      'studentuse',
    ]);
    expect(await count(`select count(*)::int n from sections where use_type = 'instructoruse'`)).toBeLessThan(
      await count(`select count(*)::int n from sections where use_type = 'studentuse'`),
    );
    expect(
      await count('select count(*)::int n from sections where custom_course_id is not null'),
    ).toBeGreaterThan(0);
    expect(await count('select count(*)::int n from sections where length(custom_course_id) > 73')).toBe(0);
    expect(
      await column('select distinct lms_kind v from sections where lms_kind is not null order by 1'),
    ).toEqual(['blackboard', 'canvas']);
    expect(await count('select count(*)::int n from sections where end_date <= start_date')).toBe(0);
    expect(await column('select distinct role v from section_instructors order by 1')).toEqual([
      'instructor',
      'ta',
    ]);
    expect(
      await count(`select count(*)::int n from sections s where not exists
        (select 1 from section_instructors i where i.section_id = s.id and i.role = 'instructor')`),
    ).toBe(0);
  });

  it('has 50,000+ enrollments covering every access type, access end, current access and opt status', async () => {
    expect(await count('select count(*)::int n from enrollments')).toBeGreaterThanOrEqual(50_000);
    expect(await column('select distinct access_type v from enrollments order by 1')).toEqual([
      'PAID',
      'TEMP',
    ]);
    for (const type of ['PAID', 'TEMP']) {
      expect(
        await count(
          'select count(*)::int n from enrollments where access_type = $1 and access_ends_at < now()',
          [type],
        ),
      ).toBeGreaterThan(0);
      expect(
        await count(
          'select count(*)::int n from enrollments where access_type = $1 and access_ends_at > now()',
          [type],
        ),
      ).toBeGreaterThan(0);
    }
    const access = await column('select distinct current_access v from enrollments');
    expect(access).toHaveLength(4);
    for (const a of ['Not_Paid', 'Institution_Paid', 'Provider_Paid', null]) expect(access).toContain(a);
    expect(await column('select distinct opt_status v from enrollments order by 1')).toEqual([
      'optin',
      'optout',
    ]);
    expect(
      await count(`select count(*)::int n from enrollments e where not exists (select 1 from memberships m
        join sections s on s.institution_id = m.institution_id where m.user_id = e.user_id and s.id = e.section_id
        and m.course_role = 'student')`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int n from users u join memberships m on m.user_id = u.id
      where m.course_role = 'student' and u.password_hash is not null`),
    ).toBe(0);
  });

  it('has roles per institution, with members, and memberships of every course role', async () => {
    const roleNames = await column(`select distinct name v from groups where context_id is not null`);
    for (const name of ['Administrator', 'Registrar', 'Instructor', 'Teaching Assistant', 'Read Only']) {
      expect(roleNames).toContain(name);
    }
    expect(
      await count(
        `select count(*)::int n from groups g where name = 'Instructor' and 'CAN_ACCESS_ADMIN_DASHBOARD' = any(g.permissions)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int n from groups where name = 'Read Only' and permissions <> '{NO_DASHBOARD_ACCESS}'`,
      ),
    ).toBe(0);
    expect(
      await count(`select count(*)::int n from groups g where g.name <> 'Department Chair' and g.context_id is not null
        and not exists (select 1 from group_members m where m.group_id = g.id)`),
    ).toBe(0);
    expect(await column('select distinct course_role v from memberships order by 1')).toEqual([
      'admin',
      'instructor',
      'student',
      'ta',
    ]);
    expect(
      await count(`select count(*)::int n from memberships where course_role <> 'student'`),
    ).toBeGreaterThan(14 * 24);
  });

  it('has the six personas with their flags, groups and memberships', async () => {
    const users = await rows<{
      id: number;
      username: string;
      email: string;
      password_hash: string;
      super_admin: boolean;
      associate_super_admin: boolean;
      nasupport: boolean;
    }>('select * from users where username = any($1::text[])', [PERSONA_KEYS]);
    expect(users.map((u) => u.username).sort()).toEqual([...PERSONA_KEYS].sort());
    const byName = Object.fromEntries(users.map((u) => [u.username, u]));
    for (const u of users) {
      expect(u.email).toBe(`${u.username}@demo.courseware.example.com`);
      expect(u.password_hash.startsWith('$argon2id$')).toBe(true);
    }
    expect(await verify(byName.registrar.password_hash, PASSWORD)).toBe(true);
    const flags = (u: (typeof users)[number]) => [u.super_admin, u.associate_super_admin, u.nasupport];
    expect(flags(byName.super)).toEqual([true, false, false]);
    expect(flags(byName.associate)).toEqual([false, true, false]);
    expect(flags(byName.support)).toEqual([false, false, true]);
    for (const k of ['registrar', 'instructor', 'internal'])
      expect(flags(byName[k])).toEqual([false, false, false]);

    const groupsOf = (id: number) =>
      rows<{ context_id: number | null; permissions: string[]; is_internal: boolean }>(
        'select g.* from groups g join group_members m on m.group_id = g.id where m.user_id = $1',
        [id],
      );
    const holdsAdmin = (g: { permissions: string[] }) =>
      ADMIN_PERMISSIONS.every((p) => g.permissions.includes(p));
    for (const k of ['super', 'associate', 'support']) {
      const gs = await groupsOf(byName[k].id);
      expect(gs.some((g) => g.context_id !== null && holdsAdmin(g))).toBe(true);
    }

    const registrarMemberships = await rows<{ institution_id: number; course_role: string }>(
      'select * from memberships where user_id = $1',
      [byName.registrar.id],
    );
    expect(registrarMemberships).toHaveLength(2);
    expect(registrarMemberships.every((m) => m.course_role === 'admin')).toBe(true);
    const registrarGroups = await groupsOf(byName.registrar.id);
    for (const m of registrarMemberships) {
      expect(registrarGroups.some((g) => g.context_id === m.institution_id && holdsAdmin(g))).toBe(true);
    }
    const registrarFirst =
      await column(`select i.display_name v from memberships m join institutions i on i.id = m.institution_id
      where m.user_id = ${byName.registrar.id} order by 1`);
    expect(registrarFirst[0]).toBe('Abbott Valley Community College');

    const instructorMemberships = await rows<{ institution_id: number }>(
      'select * from memberships where user_id = $1',
      [byName.instructor.id],
    );
    expect(instructorMemberships).toHaveLength(1);
    const instructorGroups = await groupsOf(byName.instructor.id);
    expect(instructorGroups.length).toBeGreaterThan(0);
    for (const g of instructorGroups) {
      expect(g.context_id).toBe(instructorMemberships[0].institution_id);
      expect(g.permissions).not.toContain('CAN_ACCESS_ADMIN_DASHBOARD');
    }
    expect(
      await count('select count(*)::int n from section_instructors where user_id = $1', [
        byName.instructor.id,
      ]),
    ).toBeGreaterThan(5);

    const internalGroups = await groupsOf(byName.internal.id);
    expect(internalGroups).toHaveLength(1);
    expect(internalGroups[0].is_internal).toBe(true);
    expect(
      await count('select count(*)::int n from memberships where user_id = $1', [byName.internal.id]),
    ).toBe(0);
  });

  it('has the internal group with two pages of members', async () => {
    const [group] = await rows<{
      id: number;
      context_id: number | null;
      permissions: string[];
      is_internal: boolean;
    }>('select * from groups where external_id = $1', [INTERNAL_GROUP]);
    expect(group).toBeDefined();
    expect(group.context_id).toBeNull();
    expect(group.is_internal).toBe(true);
    expect(group.permissions).toEqual([]);
    expect(
      await count('select count(*)::int n from group_members where group_id = $1', [group.id]),
    ).toBeGreaterThan(20);
    expect(await ensureInternalGroup(database.db, INTERNAL_GROUP)).toBe(group.id);
    expect(await count('select count(*)::int n from groups where is_internal')).toBe(1);
  });

  it('has LMS integrations, key store entries and pairings with valid durations', async () => {
    expect(
      await count(
        `select count(*)::int n from institutions i where not exists (select 1 from lms_integrations l where l.institution_id = i.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int n from lms_integrations where issuer = '' or client_id = '' or deployment_id = ''`,
      ),
    ).toBe(0);
    const keys = await rows<{ public_jwk: { kty: string; n: string; e: string; kid: string } }>(
      'select * from lms_key_store',
    );
    expect(keys.length).toBe(await count('select count(*)::int n from lms_integrations'));
    for (const k of keys) expect(k.public_jwk).toMatchObject({ kty: 'RSA', e: 'AQAB' });
    expect(await count('select count(*)::int n from lms_course_pairings')).toBeGreaterThan(100);
    expect(
      await count(`select count(*)::int n from lms_course_pairings where census_duration not between 1 and 365
        or free_access_duration not between 1 and 365 or free_access_duration > census_duration`),
    ).toBe(0);
  });

  it('gives the Products area data: several integrations per institution, a share of current courses paired', async () => {
    expect(
      await count(`select count(*)::int n from institutions i
        where (select count(*) from lms_integrations l where l.institution_id = i.id) < 2
           or not exists (select 1 from lms_integrations l where l.institution_id = i.id and not l.enabled)`),
    ).toBe(0);
    const current = await count(`select count(*)::int n from sections s where s.use_type = 'studentuse'
      and s.course_type <> 'parent' and s.product_id is not null and current_date between s.start_date and s.end_date`);
    const paired =
      await count(`select count(distinct s.id)::int n from sections s join lms_course_pairings p on p.section_id = s.id
      where s.use_type = 'studentuse' and s.course_type <> 'parent' and s.product_id is not null
        and current_date between s.start_date and s.end_date`);
    expect(paired / current).toBeGreaterThan(0.4);
    expect(
      await count(`select count(*)::int n from lms_course_pairings p join lms_integrations l on l.id = p.integration_id
        where not l.enabled`),
    ).toBeGreaterThan(10);
    expect(await count('select count(*)::int n from channel_partners')).toBeGreaterThan(1);
  });

  it('has copy history and section alerts for the registrar', async () => {
    expect(await column('select distinct status v from copy_jobs order by 1')).toEqual([
      'FailedPermanently',
      'succeeded',
    ]);
    expect(
      await count(
        `select count(*)::int n from copy_jobs where (status = 'succeeded') <> (result_section_id is not null)`,
      ),
    ).toBe(0);
    expect(
      await count(`select count(*)::int n from copy_jobs j join sections s on s.id = j.result_section_id
        where j.status = 'succeeded' and s.copied_from_section_id = j.source_section_id`),
    ).toBe(await count(`select count(*)::int n from copy_jobs where status = 'succeeded'`));
    const [registrar] = await rows<{ id: number }>(`select id from users where username = 'registrar'`);
    const alertTypes = await column(`select distinct a.alert_type v from section_alerts a
      join memberships m on m.institution_id = a.institution_id where m.user_id = ${registrar.id} order by 1`);
    expect(alertTypes).toEqual(['low_enrollment', 'ready_for_enrollment']);
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const ages = new Set(
      (await column('select alert_date v from section_alerts')).map((d) => {
        const at = new Date(d as string).getTime();
        return at >= midnight.getTime()
          ? 'today'
          : at >= midnight.getTime() - 86_400_000
            ? 'yesterday'
            : 'older';
      }),
    );
    expect([...ages].sort()).toEqual(['older', 'today', 'yesterday']);
    expect(
      await count(`select count(*)::int n from copy_requests r join memberships m on m.institution_id = r.institution_id
        where m.user_id = ${registrar.id}`),
    ).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const before = await count(
      'select (select count(*) from users) + (select count(*) from sections) + (select count(*) from enrollments) n',
    );
    expect(await seedDemo(database.db, { password: PASSWORD, internalGroupId: INTERNAL_GROUP })).toBeNull();
    const after = await count(
      'select (select count(*) from users) + (select count(*) from sections) + (select count(*) from enrollments) n',
    );
    expect(after).toBe(before);
  });
});
