import { sectionAlerts } from '../schema';
import type { SeedContext, SeededInstitution } from './context';
import { type AlertBucket, bucketTime } from './dates';
import { HISTORY_INSTITUTIONS } from './history';
import type { SectionDraft } from './sections';

const BUCKETS: AlertBucket[] = ['today', 'today', 'yesterday', 'older', 'older', 'older'];

/**
 * Section alerts for the history institutions: low enrollment on running sections with few
 * students, ready-for-enrollment on upcoming ones — dated today, yesterday and earlier.
 */
export async function seedSectionAlerts(
  ctx: SeedContext,
  institutions: SeededInstitution[],
  drafts: SectionDraft[],
  sectionIds: number[],
  perSection: number[],
): Promise<number> {
  const { db, rng, now } = ctx;
  const rows: (typeof sectionAlerts.$inferInsert)[] = [];
  const title = (d: SectionDraft) => (d.sectionCode ? `${d.courseName} (${d.sectionCode})` : d.courseName);
  const shells = new Set(drafts.flatMap((d) => (d.parent === null ? [] : [d.parent])));
  for (const inst of institutions.filter((i) => HISTORY_INSTITUTIONS.includes(i.seed.key))) {
    const own = drafts
      .map((d, k) => ({ d, k }))
      .filter(
        ({ d, k }) =>
          d.institution === inst && d.useType === 'studentuse' && d.courseType !== 'parent' && !shells.has(k),
      );
    const low = rng.shuffle(
      own.filter(({ d, k }) => d.period === 'current' && d.copiedFrom === null && perSection[k] <= 4),
    );
    const copies = own.filter(({ d }) => d.period === 'future' && d.copiedFrom !== null);
    const upcoming = [
      ...copies,
      ...rng.shuffle(own.filter(({ d }) => d.period === 'future' && d.copiedFrom === null)),
    ];
    for (const [alertType, list] of [
      ['low_enrollment', low],
      ['ready_for_enrollment', upcoming],
    ] as const) {
      list.slice(0, BUCKETS.length).forEach(({ d, k }, n) => {
        rows.push({
          sectionId: sectionIds[k],
          institutionId: inst.id,
          alertType,
          title: title(d),
          alertDate: bucketTime(now, BUCKETS[n], (a, b) => rng.int(a, b)),
        });
      });
    }
  }
  if (rows.length > 0) await db.insert(sectionAlerts).values(rows);
  return rows.length;
}
