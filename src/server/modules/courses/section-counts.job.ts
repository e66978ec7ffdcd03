import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { resultRows } from '../../db/execute';
import { defineJob } from '../../jobs/define';

/**
 * Folds section_date_counts into one row per (institution, use type, dates), dropping keys whose
 * sections are all gone. One statement: rows the triggers add meanwhile are not deleted (they are not
 * in its snapshot), and a second run at the same time deletes none of the rows the first took.
 */
export async function compactSectionCounts(db: Db): Promise<number> {
  const [row] = resultRows<{ folded: number }>(
    await db.execute(sql`
      with gone as (delete from section_date_counts returning *),
      kept as (
        insert into section_date_counts (institution_id, use_type, start_date, end_date, n)
        select institution_id, use_type, start_date, end_date, sum(n) from gone
         group by 1, 2, 3, 4 having sum(n) <> 0
        returning 1)
      select (select count(*) from gone)::int - (select count(*) from kept)::int as folded`),
  );
  return row?.folded ?? 0;
}

/** Every 10 minutes: the course list's period counts sum a few rows per date pair, not every change. */
export const sectionCountsCompactJob = defineJob({
  name: 'sections.countsCompact',
  payload: z.object({}),
  cron: '*/10 * * * *',
  queue: { retryLimit: 2, expireInSeconds: 300 },
  async handler(_payload, ctx) {
    const folded = await compactSectionCounts(ctx.db);
    if (folded > 0) ctx.log.debug({ folded }, 'section counts compacted');
  },
});
