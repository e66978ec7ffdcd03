import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursesApi } from '../../../shared/contract/courses';
import { localIsoDate } from '../../../shared/validation';
import { sections } from '../../db/schema';
import { copySection } from '../../test/copy-fixtures';
import { createInstitution, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { compactSectionCounts } from './section-counts.job';

/** The period counts the triggers keep (migration 0028) against the sections themselves. */
let t: TestApp;
let inst: number;

beforeAll(async () => {
  t = await createTestApp();
  inst = (await createInstitution(t.db, 'Counts College')).id;
  await createUser(t.db, 'counts-super', { superAdmin: true });
});
afterAll(() => t.close());

const rows = async (text: string) => (await t.database.sql.executeSql(text, [inst])).rows;
const KEY = `use_type, start_date::text as start, end_date::text as "end"`;
/** Per (use type, dates): the sum the triggers keep, and the live sections counted. */
const kept = () =>
  rows(`select ${KEY}, sum(n)::int as n from section_date_counts where institution_id = $1
         group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`);
const counted = () =>
  rows(`select ${KEY}, count(*)::int as n from sections where institution_id = $1 and deleted_at is null
         group by 1, 2, 3 order by 1, 2, 3`);

describe('section_date_counts', () => {
  it('equals the live sections per use type and dates after every kind of change, and after compaction', async () => {
    const check = async (step: string) => expect(await kept(), step).toEqual(await counted());
    const made = await t.db
      .insert(sections)
      .values(
        ['A', 'B', 'C', 'D', 'E'].map((name, i) => ({
          institutionId: inst,
          courseName: `Counts ${name}`,
          startDate: i < 3 ? '2026-01-05' : '2026-08-24',
          endDate: i < 3 ? '2026-05-01' : '2026-12-11',
          useType: i === 4 ? 'instructoruse' : 'studentuse',
        })),
      )
      .returning();
    await check('five sections inserted in one statement');
    const [a, b, c, d] = made.map((s) => s.id);
    await t.db
      .update(sections)
      .set({ startDate: '2026-02-02', endDate: '2026-06-01' })
      .where(eq(sections.id, a));
    await check('dates moved');
    await t.db.update(sections).set({ useType: 'instructoruse' }).where(eq(sections.id, b));
    await check('use type changed');
    await t.db.update(sections).set({ courseName: 'Counts B renamed' }).where(eq(sections.id, b));
    await check('a change the counts do not see');
    await t.db
      .update(sections)
      .set({ deletedAt: new Date() })
      .where(inArray(sections.id, [c, d]));
    await check('two removed to the recycle bin');
    await t.db.update(sections).set({ deletedAt: null }).where(eq(sections.id, d));
    await check('one restored');
    await t.db.delete(sections).where(eq(sections.id, c));
    await check('a removed one purged');
    await t.db.delete(sections).where(eq(sections.id, a));
    await check('a live one deleted');
    await copySection(t.db, inst, { courseName: 'Counts F' });
    await check('one more inserted');

    expect(await compactSectionCounts(t.db)).toBeGreaterThan(0);
    await check('compacted');
    const stored = await rows('select count(*)::int as n from section_date_counts where institution_id = $1');
    expect(stored[0].n).toBe((await counted()).length);
  });

  it('gives the course list its period counts', async () => {
    const list = await t.as('counts-super').call(coursesApi.list, {
      query: { organizationId: inst, filterBy: 'ALL' },
    });
    expect(list.statusCode).toBe(200);
    const today = localIsoDate(); // the institution has no zone: the server's day
    const [direct] = await rows(`select
        count(*) filter (where end_date < '${today}')::int as past,
        count(*) filter (where start_date > '${today}')::int as future,
        count(*) filter (where start_date <= '${today}' and end_date >= '${today}')::int as current
      from sections where institution_id = $1 and deleted_at is null`);
    expect(list.json().periodCounts).toEqual(direct);
    expect(list.json().total).toBe(direct.current);
  });
});
